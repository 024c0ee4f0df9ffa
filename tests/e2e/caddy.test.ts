import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteIndex } from '../../schemas/site-index.ts';
import { contact, orderFields, readReply, storedSubmissions, type Reply } from '../support/api.ts';
import { chromiumPath } from '../support/browser.ts';
import { siteHost, startCaddy, throughProxy, twinHost, type CaddyPorts, type RunningCaddy } from '../support/caddy.ts';
import { buildFixtureSite, projectRoot } from '../support/fixtures.ts';
import { pdfChunks } from '../support/pdf-of-size.ts';
import { removeDataDir, startSiteProcess, type SiteProcess } from '../support/site-process.ts';
import { postStreamedOrder, type StreamedPart } from '../support/uploads.ts';

// Debian's real Caddy with the shipped Caddyfiles (deploy/), in front of the production server serving a
// release build of the fixture site (every fact confirmed). Only what a test machine must change is
// changed (testCaddyfile): Caddy's internal CA for Let's Encrypt, high ports on 127.0.0.1. The tests'
// clients and Chromium trust that CA and nothing else.

const proxyPorts: CaddyPorts = { http: 4251, https: 4252, admin: 4253 };
const staticPorts: CaddyPorts = { http: 4254, https: 4255, admin: 4256 };
const limitPorts: CaddyPorts = { http: 4257, https: 4258, admin: 4259 };
const serverPort = 4260;
const countingPort = 4263;
const MiB = 1024 * 1024;

let build: ReturnType<typeof buildFixtureSite>;
let site: SiteIndex;
let server: SiteProcess;

beforeAll(async () => {
  build = buildFixtureSite({ release: true });
  site = JSON.parse(readFileSync(join(build.dist, 'site.json'), 'utf8')) as SiteIndex;
  server = await startSiteProcess({
    dist: build.dist,
    port: serverPort,
    release: true,
    env: {
      TRUST_PROXY: '1',
      LAB_EMAIL: 'orders@fixture-lab.nl',
      FORM_RATE_LIMIT: '3',
      FORM_MIN_FILL_MS: '0',
      // The test's origins stand in for the site's url (https://www.example.nl in the fixture).
      SITE_ORIGINS: `https://${siteHost}:${proxyPorts.https},https://${siteHost}:${staticPorts.https}`,
    },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  build?.cleanup();
});

/** Chromium trusting the CA of `caddy` (its certificates' keys) and sending the site's names to 127.0.0.1. */
function launchTrusting(caddy: RunningCaddy): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--ignore-certificate-errors-spki-list=${caddy.spki.join(',')}`,
      `--host-resolver-rules=MAP ${siteHost} 127.0.0.1, MAP ${twinHost} 127.0.0.1`,
    ],
  });
}

/** A plain http:// request to Caddy's HTTP port. */
function overHttp(caddy: RunningCaddy, path: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: caddy.ports.http,
        path,
        agent: false,
        headers: { host: `${siteHost}:${caddy.ports.http}` },
      },
      (res) => void readReply(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end();
  });
}

/** A streamed PDF of `size` bytes whose SHA-256 is known once it has been sent. */
function hashedPdf(filename: string, size: number): { part: StreamedPart; digest: () => string } {
  const hash = createHash('sha256');
  return {
    part: {
      filename,
      size,
      chunks: () => [...tee(pdfChunks(size), (chunk) => hash.update(chunk))],
    },
    digest: () => hash.digest('hex'),
  };
}

function* tee(chunks: Iterable<Buffer>, see: (chunk: Buffer) => void): Generator<Buffer> {
  for (const chunk of chunks) {
    see(chunk);
    yield chunk;
  }
}

/** The SHA-256 of a file, read as a stream. */
async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('the site behind deploy/Caddyfile', () => {
  let caddy: RunningCaddy;
  let browser: Browser;
  beforeAll(async () => {
    caddy = await startCaddy('Caddyfile', proxyPorts, {
      UPSTREAM_PORT: String(serverPort),
    });
    browser = await launchTrusting(caddy);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await caddy?.stop();
  });

  it('serves the pages over HTTPS with HSTS, the CSP and the other headers, as the .br file the build wrote', async () => {
    const reply = await throughProxy(caddy, '/about', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(reply.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    expect(reply.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // No second compression: the bytes are the build's own .br file.
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.bytes.equals(readFileSync(join(build.dist, 'client', 'about', 'index.html.br')))).toBe(true);
    // HTTP/3 offered beside HTTP/2.
    expect(reply.headers['alt-svc']).toMatch(/h3=":4252"/);
  });

  it('shows the pages in a browser over HTTP/2, with a valid certificate of the CA standing in for the public one', async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${caddy.origin}/nl/about`);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.locator('html').getAttribute('lang')).toBe('nl');
      const protocol = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol);
      expect(protocol).toBe('h2');
      expect((await response!.securityDetails())?.issuer).toMatch(/Caddy Local Authority/);
    } finally {
      await page.close();
    }
  });

  it('sends http:// and the twin host to https:// on the site host for good, path and query kept', async () => {
    const plain = await overHttp(caddy, '/about?ref=card');
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe(`https://${siteHost}:${proxyPorts.https}/about?ref=card`);
    const twin = await throughProxy(caddy, '/nl/contact?ref=card', {
      host: twinHost,
    });
    expect(twin.status).toBe(301);
    expect(twin.headers.location).toBe(`https://${siteHost}:${proxyPorts.https}/nl/contact?ref=card`);
  });

  it("answers the site's redirects and a missing page's 404 in its language", async () => {
    const moved = await throughProxy(caddy, '/nl/services/old-zirconia');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/nl/services/zirconia');
    for (const [path, lang] of [
      ['/no-such-page', 'en'],
      ['/nl/geen-pagina', 'nl'],
    ] as const) {
      const missing = await throughProxy(caddy, path);
      expect(missing.status).toBe(404);
      expect(missing.text).toContain(`<html lang="${lang}"`);
      expect(missing.headers['strict-transport-security']).toBeDefined();
    }
  });

  it('passes /api/health through', async () => {
    const health = await throughProxy(caddy, '/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok', database: 'writable' });
  });

  it('limits two visitors behind it each by their own address, whatever X-Forwarded-For they send', async () => {
    const post = (localAddress: string, n: number, forwarded?: string) =>
      throughProxy(caddy, '/api/contact', {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          origin: caddy.origin,
          ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
        },
        body: JSON.stringify(
          contact({
            name: `Visitor ${localAddress}`,
            message: `Number ${n} from ${localAddress}`,
          }),
        ),
      });
    for (const n of [1, 2, 3]) expect((await post('127.0.0.2', n)).status).toBe(200);
    const fourth = await post('127.0.0.2', 4);
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toMatch(/^\d+$/);
    // A forged X-Forwarded-For is replaced by the proxy: still the same visitor.
    expect((await post('127.0.0.2', 5, '198.51.100.7')).status).toBe(429);
    // Another visitor is not held back by the first.
    expect((await post('127.0.0.3', 1)).status).toBe(200);
  });

  it('sends the forms without scripts: the server answers with its page saying the form was not sent', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${caddy.origin}/contact`);
      await page.getByLabel('Full name').fill('Jan Jansen');
      await page.getByLabel('E-mail address').fill('jan@praktijk.nl');
      await page.getByLabel('Subject').fill('Opening hours');
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Are you open on Saturdays?');
      const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/contact')), page.getByRole('button', { name: 'Send message' }).click()]);
      expect(response.status()).toBe(400);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your form has not been sent');
      expect(await page.getByRole('link', { name: 'Back to the form' }).getAttribute('href')).toBe('/contact');
    } finally {
      await context.close();
    }
  });

  it('takes a 100 MB order from the browser with its progress shown, both files arriving whole', async () => {
    const folder = join(projectRoot, 'tests', '.tmp', 'caddy-files');
    mkdirSync(folder, { recursive: true });
    const digests: string[] = [];
    for (const name of ['upper-jaw.pdf', 'lower-jaw.pdf']) {
      const hash = createHash('sha256');
      await pipeline(Readable.from(tee(pdfChunks(50_000_000), (chunk) => hash.update(chunk))), createWriteStream(join(folder, name)));
      digests.push(hash.digest('hex'));
    }
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${caddy.origin}/for-doctors`);
      await page.getByLabel("Dentist's name").fill('Dr. P. de Boer');
      await page.getByLabel('Clinic name').fill('Tandartspraktijk Proxy');
      await page.getByLabel('E-mail address').fill('praktijk@tandarts-proxy.nl');
      await page.getByLabel('Phone number').fill('+31 30 123 4567');
      await page.getByLabel('Type of work').fill('Full arch scan');
      await page.getByLabel(/^Files?\b/).setInputFiles([join(folder, 'upper-jaw.pdf'), join(folder, 'lower-jaw.pdf')]);
      await expect
        .poll(
          () =>
            page
              .getByRole('listitem')
              .filter({ hasText: /(upper|lower)-jaw\.pdf/ })
              .count(),
          { timeout: 60_000 },
        )
        .toBe(2);
      await page.getByRole('button', { name: 'Send a case' }).click();
      const bar = page.getByRole('progressbar');
      await expect.poll(async () => Number(await bar.getAttribute('value').catch(() => null)), { timeout: 60_000 }).toBeGreaterThan(0);
      // The fixture site's words: the panel that replaces the form is headed with its title.
      await expect.poll(() => page.getByRole('heading', { name: 'Request submitted successfully' }).count(), { timeout: 180_000 }).toBe(1);
    } finally {
      await context.close();
      rmSync(folder, { recursive: true, force: true });
    }
    const order = storedSubmissions(server.dataDir).find((row) => row.data.clinicName === 'Tandartspraktijk Proxy');
    expect(order?.files.map((file) => [file.name, file.size])).toEqual([
      ['upper-jaw.pdf', 50_000_000],
      ['lower-jaw.pdf', 50_000_000],
    ]);
    expect(await Promise.all(order!.files.map((file) => fileDigest(file.path)))).toEqual(digests);
  }, 300_000);

  it('does not cut an upload that keeps coming slowly, however long it takes', async () => {
    // About 20 s at 64 KiB a second: longer than any timeout that counts a body's time rather than its progress.
    const file = hashedPdf('slow-scan.pdf', 20 * 64 * 1024);
    const started = Date.now();
    const reply = await postStreamedOrder(
      serverPort,
      orderFields({
        clinicName: 'Tandartspraktijk Traag',
        email: 'traag@tandarts-proxy.nl',
      }),
      [file.part],
      {
        paceMs: 1_000,
        via: {
          request: httpsRequest,
          options: {
            port: proxyPorts.https,
            servername: siteHost,
            ca: caddy.ca,
            localAddress: '127.0.0.4',
            headers: {
              host: `${siteHost}:${proxyPorts.https}`,
              origin: caddy.origin,
            },
          },
        },
      },
    );
    expect(Date.now() - started).toBeGreaterThan(15_000);
    expect(reply.status, reply.text).toBe(200);
    const order = storedSubmissions(server.dataDir).find((row) => row.data.clinicName === 'Tandartspraktijk Traag');
    expect(await fileDigest(order!.files[0]!.path)).toBe(file.digest());
  }, 120_000);
});

describe("deploy/Caddyfile's body limit", () => {
  let counter: Server;
  /** Bytes of each request body the server behind the proxy received, in order. */
  const received: number[] = [];
  /** Requests the server behind the proxy is still reading. */
  let open = 0;
  beforeAll(async () => {
    counter = createServer((req, res) => {
      let bytes = 0;
      let counted = false;
      open += 1;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      // A request is counted once, whichever of its end, abort or close Node reports first.
      const done = () => {
        if (counted) return;
        counted = true;
        open -= 1;
        received.push(bytes);
      };
      req.once('end', () => {
        done();
        res.end('ok');
      });
      req.once('aborted', done);
      req.once('close', done);
    });
    counter.listen(countingPort, '127.0.0.1');
    await once(counter, 'listening');
  });
  afterAll(() => new Promise<void>((resolve) => counter.close(() => resolve())));

  /** Streams `size` bytes of body through the proxy, chunked, and resolves with the status (0 when the proxy cut it without an answer). */
  function stream(caddy: RunningCaddy, size: number): Promise<number> {
    return new Promise((resolve) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: caddy.ports.https,
          servername: siteHost,
          ca: caddy.ca,
          path: '/api/order',
          method: 'POST',
          agent: false,
          headers: {
            host: `${siteHost}:${caddy.ports.https}`,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => resolve(0));
      const chunk = Buffer.alloc(MiB, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          const piece = chunk.subarray(0, Math.min(MiB, size - sent));
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }

  it('passes the largest order whole and stops a body past it, before the server has to read it', async () => {
    const caddy = await startCaddy('Caddyfile', limitPorts, {
      UPSTREAM_PORT: String(countingPort),
    });
    try {
      // The most an order may be: 100 MiB of files and room for the fields and the parts' headers.
      expect(await stream(caddy, 100 * MiB + 256 * 1024)).toBe(200);
      expect(received.at(-1)).toBe(100 * MiB + 256 * 1024);
      expect(await stream(caddy, 160 * MiB)).not.toBe(200);
      // However the proxy ends the cut body upstream (it may open one request for it or none), no body
      // past the limit reaches the server.
      await expect.poll(() => open).toBe(0);
      for (const bytes of received.slice(1)) expect(bytes).toBeLessThanOrEqual(101 * MiB);
    } finally {
      await caddy.stop();
    }
  }, 180_000);
});

describe("dist/client on Caddy's file_server (deploy/Caddyfile.static), /api/ passed to the server", () => {
  let caddy: RunningCaddy;
  beforeAll(async () => {
    caddy = await startCaddy('Caddyfile.static', staticPorts, {
      UPSTREAM_PORT: String(serverPort),
      SITE_DIST: build.dist,
    });
  }, 120_000);
  afterAll(() => caddy?.stop());

  /** The same request to the Node server itself (as the proxy passes it: over HTTPS). */
  function fromServer(path: string): Promise<Reply & { bytes: Buffer }> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: serverPort,
          path,
          agent: false,
          headers: {
            host: `${siteHost}:${staticPorts.https}`,
            'x-forwarded-proto': 'https',
            'accept-encoding': 'identity',
          },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          void readReply(res).then((reply) => resolve({ ...reply, bytes: Buffer.concat(chunks) }), reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** What tells one not-found page from another: its language and title (the language switch's link is the server's own, per path). */
  const pageIdentity = (html: string) => ({
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  });

  it('answers every page, redirect and not-found path as the Node server does, status and headers included', async () => {
    const pages = Object.keys(site.pages);
    const redirects = site.redirects.flatMap((r) => [r.from, `${r.from}/`, `${r.from}?from=card`, `${r.from}/index.html`]);
    const canonical = ['/about/', '/nl/about/', '/index.html', '/about/index.html', '/nl/index.html', '/blog/?page=2', '/services/zirconia/index.html?x=1'];
    const missing = [
      '/no-such-page',
      '/nl/geen-pagina',
      '/blog/no-such-article',
      '/nl/blog/geen-artikel',
      '/404.html',
      '/nl/404.html',
      '/_redirects',
      '/index.html.br',
      '/assets/missing.js',
      '/services/zirconia/extra',
      '/nl',
      '/nl/',
    ];
    expect(pages.length).toBeGreaterThan(20);
    expect(redirects.length).toBeGreaterThan(0);
    for (const path of [...pages, ...redirects, ...canonical, ...missing]) {
      const [ours, theirs] = await Promise.all([
        throughProxy(caddy, path, {
          headers: { 'accept-encoding': 'identity' },
        }),
        fromServer(path),
      ]);
      expect({
        path,
        status: ours.status,
        location: ours.headers.location,
      }).toEqual({
        path,
        status: theirs.status,
        location: theirs.headers.location,
      });
      if (theirs.status === 200) {
        expect(ours.bytes.equals(theirs.bytes), path).toBe(true);
        expect(ours.headers['content-security-policy'], path).toBe(theirs.headers['content-security-policy']);
      }
      if (theirs.status === 404) {
        expect(pageIdentity(ours.text), path).toEqual(pageIdentity(theirs.text));
        expect(ours.headers['content-security-policy'], path).toBe(theirs.headers['content-security-policy']);
      }
      for (const header of ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy']) {
        if (theirs.status !== 301) expect(ours.headers[header], `${path} ${header}`).toBe(theirs.headers[header]);
      }
    }
  }, 180_000);

  it("sends the build's precompressed file to a browser that takes brotli", async () => {
    const reply = await throughProxy(caddy, '/services', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.bytes.equals(readFileSync(join(build.dist, 'client', 'services', 'index.html.br')))).toBe(true);
  });

  it('passes the forms to the server: a message sent in the browser is stored', async () => {
    const browser = await launchTrusting(caddy);
    try {
      const page = await browser.newPage();
      await page.goto(`${caddy.origin}/nl/contact`);
      await page.getByLabel('Volledige naam').fill('Piet Bakker');
      await page.getByLabel('E-mailadres').fill('piet@tandarts-statisch.nl');
      await page.getByLabel('Onderwerp').fill('Statische site');
      await page.getByRole('textbox', { name: 'Bericht', exact: true }).fill('Komt dit bericht aan via de statische site?');
      await page.getByRole('button', { name: 'Bericht versturen' }).click();
      // The form gives way to the panel that confirms it, with the reference the server stored.
      await expect.poll(() => page.locator('.form-sent .form-sent-reference').textContent(), { timeout: 30_000 }).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    } finally {
      await browser.close();
    }
    expect(storedSubmissions(server.dataDir).find((row) => row.data.email === 'piet@tandarts-statisch.nl')?.data).toMatchObject({ subject: 'Statische site' });
  }, 60_000);

  it("searches the site from the static files alone: the index's files, its worker and its WebAssembly under the policy", async () => {
    const browser = await launchTrusting(caddy);
    try {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      });
      await page.goto(`${caddy.origin}/nl/about`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('banner').getByRole('button', { name: 'Zoeken op de site' }).click();
      await page.getByRole('combobox').fill('zirkonia');
      await expect.poll(() => page.getByRole('option').evaluateAll((options) => options.map((o) => o.getAttribute('href'))), { timeout: 30_000 }).toContain('/nl/services/zirconia');
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
