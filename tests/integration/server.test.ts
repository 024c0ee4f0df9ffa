import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectingLogger, createLogger } from '../../src/server/log.ts';
import { startServer, stopServer } from '../../src/server/server.ts';
import { contentTypeFor } from '../../src/server/site.ts';
import { projectRoot } from '../support/fixtures.ts';

const dist = join(projectRoot, 'tests', 'fixtures', 'dist');
const silent = createLogger({ level: 'silent' });
// The forms API's database; these tests submit nothing, so every server here can share it.
const dataDir = mkdtempSync(join(tmpdir(), 'server-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const client = join(dist, 'client');
const fixture = (file: string) => readFileSync(join(client, file));
/** A prerendered not-found page as served for a path: its language switch leads to `twin`. */
const notFoundPage = (file: string, twin: string) =>
  fixture(file)
    .toString()
    .replace(/href="[^"]*__not-found__"/, `href="${twin}"`);

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on a fresh connection, with the path sent byte for byte (fetch would normalise "..", "//", "%2e"). */
function send(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The sha256 CSP sources of an HTML file's inline scripts, computed here rather than read from site.json. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/** A temporary copy of the fixture build, changed by `edit`, for tests that need a broken build. */
function brokenCopy(edit: (root: string) => void): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'server-dist-'));
  cpSync(dist, root, { recursive: true });
  edit(root);
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

// The tests speak plain HTTP to 127.0.0.1: no HSTS and no upgrade of requests to HTTPS (see 'over HTTPS' below).
const expectedSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};
const basePolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "frame-src 'self' https://www.openstreetmap.org https://www.youtube-nocookie.com; media-src 'self'; object-src 'none'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('the production server', () => {
  let server: Server;
  let port: number;
  const { logger, lines: logged, raw } = collectingLogger();
  const get = (path: string, options?: Parameters<typeof send>[2]) => send(port, path, options);

  beforeAll(async () => {
    server = await startServer({ distDir: dist, port: 0, host: '127.0.0.1', logger, dataDir });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (server?.listening) await stopServer(server);
  });

  it('logs one line with the address it listens on', () => {
    expect(logged.map((line) => line.msg)).toEqual([`listening on http://127.0.0.1:${port}`]);
  });

  it('logs the path of every request answered with a not-found page', async () => {
    await get('/no-such-page-at-all');
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'page not found', path: '/no-such-page-at-all' }));
  });

  it('logs a path with line breaks and terminal escapes as one JSON line that keeps them escaped', async () => {
    const before = raw.length;
    await get('/x%0d%0a%7b%22msg%22:%22mail%20sent%22%7d%1b[31m');
    const written = raw.slice(before);
    expect(written).toHaveLength(1);
    // One line: no raw line break or escape character before its end.
    expect(written[0]!.trimEnd()).not.toMatch(/[\n\r]/);
    expect(written[0]!.includes(String.fromCharCode(27))).toBe(false);
    expect(JSON.parse(written[0]!)).toMatchObject({ msg: 'page not found', path: '/x\r\n{"msg":"mail sent"}\u001b[31m' });
  });

  it("writes DEL and the C1 controls (a terminal's one-byte CSI among them), which JSON leaves raw, as \\u escapes", async () => {
    const before = raw.length;
    await get('/x%7f%c2%9b31m');
    const [line] = raw.slice(before);
    expect(line!.trimEnd()).not.toMatch(/\p{Cc}/u);
    expect((JSON.parse(line!) as { path: string }).path).toBe('/x\\u007f\\u009b31m');
  });

  it('logs any path, whatever bytes it decodes to, as exactly one JSON line holding that path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 60 }), async (bytes) => {
        const path = `/missing-${[...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}`;
        const before = raw.length;
        const reply = await get(path);
        expect(reply.status).toBeLessThan(500);
        const written = raw.slice(before);
        for (const line of written) {
          // One line each, with no raw control character in it: JSON escaped them all.
          expect(line.trimEnd()).not.toMatch(/\p{Cc}/u);
          expect(() => JSON.parse(line) as unknown).not.toThrow();
        }
        if (reply.status === 404) expect(written.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['page not found']);
      }),
      { numRuns: 150 },
    );
  });

  describe('pages', () => {
    it.each([
      ['/', 'index.html', 'fixture: English home'],
      ['/nl', 'nl/index.html', 'fixture: Dutch home'],
      ['/about', 'about/index.html', 'fixture: English about'],
      ['/nl/services/zirconia', 'nl/services/zirconia/index.html', 'fixture: Dutch zirconia service'],
    ])('serves %s from %s with status 200', async (path, file, marker) => {
      const reply = await get(path);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.body.toString()).toContain(marker);
      expect(reply.body.equals(fixture(file))).toBe(true);
    });
  });

  describe('not found', () => {
    it.each([
      ['/no-such-page', 'fixture: English not found'],
      ['/services/no-such-service', 'fixture: English not found'],
      ['/nlx', 'fixture: English not found'],
      ['/assets/missing-AbCd1234.js', 'fixture: English not found'],
      ['/nl/no-such-page', 'fixture: Dutch not found'],
      ['/nl/services/no-such-service', 'fixture: Dutch not found'],
      ['/blog/no-such-article', 'fixture: English article not found'],
      ['/blog/a/b', 'fixture: English article not found'],
      ['/nl/blog/geen-artikel', 'fixture: Dutch article not found'],
    ])('answers %s with status 404 and the page "%s"', async (path, marker) => {
      const reply = await get(path);
      expect(reply.status).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.body.toString()).toContain(marker);
    });

    it('never lists a directory, even one that exists', async () => {
      for (const [path, page, twin] of [
        ['/assets', '404.html', '/nl/assets'],
        ['/nl/services', 'nl/404.html', '/services'],
        ['/blog', '404.html', '/nl/blog'],
      ] as const) {
        const reply = await get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.body.toString(), path).toBe(notFoundPage(page, twin));
      }
    });

    it.each([
      ['/nope', '/nl/nope'],
      ['/nl/nope', '/nope'],
      ['/services/no-such-service', '/nl/services/no-such-service'],
      ['/nl/blog/geen-artikel', '/blog/geen-artikel'],
      ['/blog/a/b', '/nl/blog/a/b'],
      ['/caf%C3%A9%20%22x%22', '/nl/caf%C3%A9%20%22x%22'],
    ])("links %s's language switch to %s, the same path in the other language, without scripts", async (path, twin) => {
      const reply = await get(path);
      expect(reply.status).toBe(404);
      expect([...reply.body.toString().matchAll(/class="lang-switch " href="([^"]*)"/g)].map((m) => m[1])).toEqual([twin]);
    });

    it('writes any missing path into the language switch as a link to its twin and nothing else', async () => {
      const segment = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).filter((s) => s !== '.' && s !== '..' && !/[\\/\0]/.test(s));
      await fc.assert(
        fc.asyncProperty(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 4 }), async (dutch, segments) => {
          const path = `${dutch ? '/nl' : ''}/x-${segments.map(encodeURIComponent).join('/')}`;
          const reply = await get(path);
          expect(reply.status).toBe(404);
          const body = reply.body.toString();
          const twin = `${dutch ? '' : '/nl'}/x-${segments.map(encodeURIComponent).join('/')}`;
          // The page is the prerendered one but for the switch's link, which leads to the twin path.
          expect(body).toBe(notFoundPage(dutch ? 'nl/404.html' : '404.html', twin));
          expect(decodeURIComponent(/class="lang-switch " href="([^"]*)"/.exec(body)![1]!)).toBe(decodeURIComponent(twin));
        }),
        { numRuns: 300 },
      );
    });

    it('does not serve page files or not-found files under their own names', async () => {
      for (const path of ['/404.html', '/nl/404.html', '/blog/404.html']) {
        expect((await get(path)).status, path).toBe(404);
      }
      expect((await get('/about/index.html')).status).toBe(301);
    });

    it('serves nothing from outside dist/client, such as site.json or the fixture script', async () => {
      for (const path of ['/site.json', '/make-fixture.ts', '/client/robots.txt']) {
        const reply = await get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.body.toString()).not.toContain('"pages"');
      }
    });

    it('does not serve precompressed siblings or unknown file types by their own names', async () => {
      expect((await get('/robots.txt.br')).status).toBe(404);
      expect((await get('/assets/entry-client-BX3k9aQ1.js.gz')).status).toBe(404);
    });
  });

  describe('unsafe paths', () => {
    it.each([
      '/../site.json',
      '/assets/../../site.json',
      '/%2e%2e/site.json',
      '/assets/%2E%2E/%2e%2e/site.json',
      '/assets%2f..%2f..%2fsite.json',
      '/assets%2F..%2Fsite.json',
      '/..%5csite.json',
      '/..\\site.json',
      '/about%00',
      '/about%00.html',
      '/./about',
      '/%E0%A4%A',
      'http://example.com/about',
    ])('refuses %s with 400 and no file content', async (path) => {
      const reply = await get(path);
      expect(reply.status).toBe(400);
      expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(reply.body.toString()).toBe('Bad Request\n');
    });

    it('never turns a doubled slash into a redirect to another host', async () => {
      for (const path of ['//evil.example/', '//evil.example', '/about//']) {
        const reply = await get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.headers.location).toBeUndefined();
      }
    });
  });

  describe('redirects', () => {
    it.each([
      ['/about/', '/about'],
      ['/nl/', '/nl'],
      ['/nl/services/zirconia/', '/nl/services/zirconia'],
      ['/about/?ref=mail&x=1', '/about?ref=mail&x=1'],
      ['/no-such-page/', '/no-such-page'],
      ['/index.html', '/'],
      ['/index.html?utm=1', '/?utm=1'],
      ['/about/index.html', '/about'],
      ['/nl/index.html', '/nl'],
      ['/services/dentures1', '/about'],
      ['/services/dentures1?from=ad', '/about?from=ad'],
      ['/services/dentures1/?from=ad', '/about?from=ad'],
      ['/nl/services/zirconia1', '/nl/services/zirconia'],
      ['/blog/old-article', '/about'],
    ])('answers %s with 301 to %s', async (path, location) => {
      const reply = await get(path);
      expect(reply.status).toBe(301);
      expect(reply.headers.location).toBe(location);
      expect(reply.headers['cache-control']).toBe('public, max-age=3600');
      expect(reply.headers['content-length']).toBe('0');
    });

    it('keeps the path percent-encoded in the Location it sends', async () => {
      const reply = await get('/caf%C3%A9/');
      expect(reply.status).toBe(301);
      expect(reply.headers.location).toBe('/caf%C3%A9');
    });
  });

  describe('methods', () => {
    it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s on a page with 405 and Allow: GET, HEAD', async (method) => {
      for (const path of ['/', '/nl/services/zirconia', '/favicon.svg', '/services/dentures1']) {
        const reply = await get(path, { method });
        expect(reply.status, `${method} ${path}`).toBe(405);
        expect(reply.headers.allow).toBe('GET, HEAD');
        expect(reply.headers['content-security-policy']).toBe(basePolicy);
      }
    });

    it('gives a request it does not handle the not-found page of its language', async () => {
      // /api/ belongs to the forms API (api.test.ts); other paths are the site's.
      const en = await get('/forms/contact', { method: 'POST' });
      expect(en.status).toBe(404);
      expect(en.body.toString()).toContain('fixture: English not found');
      const nl = await get('/nl/api/contact', { method: 'POST' });
      expect(nl.status).toBe(404);
      expect(nl.body.toString()).toContain('fixture: Dutch not found');
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      for (const [path, headers] of [
        ['/', {}],
        ['/', { 'accept-encoding': 'br' }],
        ['/assets/entry-client-BX3k9aQ1.js', { 'accept-encoding': 'gzip' }],
        ['/assets/photo-C4x9Lm2P.png', {}],
        ['/no-such-page', {}],
      ] as const) {
        const full = await get(path, { headers });
        const head = await get(path, { method: 'HEAD', headers });
        expect(head.status).toBe(full.status);
        expect(head.body.length).toBe(0);
        expect(full.body.length).toBeGreaterThan(0);
        for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary', 'content-security-policy']) {
          expect(head.headers[name], `${path} ${name}`).toBe(full.headers[name]);
        }
        expect(Number(head.headers['content-length'])).toBe(full.body.length);
      }
    });
  });

  describe('content types', () => {
    it.each([
      ['/assets/entry-client-BX3k9aQ1.js', 'text/javascript; charset=utf-8'],
      ['/assets/style-Dk2mQ8aZ.css', 'text/css; charset=utf-8'],
      ['/assets/photo-C4x9Lm2P.png', 'image/png'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/feed.atom', 'application/atom+xml; charset=utf-8'],
      ['/robots.txt', 'text/plain; charset=utf-8'],
      ['/site.webmanifest', 'application/manifest+json; charset=utf-8'],
    ])('serves %s as %s', async (path, type) => {
      const reply = await get(path);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe(type);
      expect(reply.body.equals(fixture(path.slice(1)))).toBe(true);
    });

    it('maps every extension the build emits to its type and serves nothing else', () => {
      expect(
        Object.fromEntries(
          ['a.html', 'a.js', 'a.css', 'a.svg', 'a.xml', 'a.atom', 'a.txt', 'a.json', 'a.webmanifest', 'a.png', 'a.jpg', 'a.webp', 'a.avif', 'a.woff2', 'a.ico', 'a.mp4', 'a.webm'].map((file) => [
            file,
            contentTypeFor(file),
          ]),
        ),
      ).toEqual({
        'a.html': 'text/html; charset=utf-8',
        'a.js': 'text/javascript; charset=utf-8',
        'a.css': 'text/css; charset=utf-8',
        'a.svg': 'image/svg+xml',
        'a.xml': 'application/xml; charset=utf-8',
        'a.atom': 'application/atom+xml; charset=utf-8',
        'a.txt': 'text/plain; charset=utf-8',
        'a.json': 'application/json; charset=utf-8',
        'a.webmanifest': 'application/manifest+json; charset=utf-8',
        'a.png': 'image/png',
        'a.jpg': 'image/jpeg',
        'a.webp': 'image/webp',
        'a.avif': 'image/avif',
        'a.woff2': 'font/woff2',
        'a.ico': 'image/x-icon',
        'a.mp4': 'video/mp4',
        'a.webm': 'video/webm',
      });
      for (const file of ['a.br', 'a.gz', 'a.ts', 'a.map', '.env', 'Makefile']) expect(contentTypeFor(file), file).toBeUndefined();
    });
  });

  describe('compression', () => {
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

    it.each([
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br; q=0.0, gzip;q=0.5', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['x-gzip', 'gzip'],
      // @fastify/static reads a bare "*" as gzip, which every client that sends it decodes.
      ['*', 'gzip'],
      ['*, br;q=0', 'gzip'],
      ['br;q=0, gzip;q=0', 'identity'],
      ['deflate', 'identity'],
      ['identity', 'identity'],
      ['', 'identity'],
    ])('answers Accept-Encoding "%s" with %s', async (accept, coding) => {
      const path = '/assets/entry-client-BX3k9aQ1.js';
      const reply = await get(path, { headers: { 'accept-encoding': accept } });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
      const body = coding === 'identity' ? reply.body : decoders[coding as keyof typeof decoders](reply.body);
      expect(body.equals(fixture(path.slice(1)))).toBe(true);
      if (coding !== 'identity') expect(reply.body.equals(fixture(`${path.slice(1)}.${coding === 'br' ? 'br' : 'gz'}`))).toBe(true);
    });

    it('sends identity without a coding when the request has no Accept-Encoding', async () => {
      const reply = await get('/');
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(reply.body.equals(fixture('index.html'))).toBe(true);
    });

    it('compresses pages and not-found pages too', async () => {
      const page = await get('/nl', { headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.body).toString()).toContain('fixture: Dutch home');
      const missing = await get('/nl/blog/weg', { headers: { 'accept-encoding': 'gzip' } });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-encoding']).toBe('gzip');
      expect(Number(missing.headers['content-length'])).toBe(missing.body.length);
      expect(gunzipSync(missing.body).toString()).toContain('fixture: Dutch article not found');
    });

    it('falls back to the next sibling that exists when one is missing', async () => {
      const gzip = await get('/humans.txt', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(fixture('humans.txt'))).toBe(true);
      const identity = await get('/humans.txt', { headers: { 'accept-encoding': 'br' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toBe('Accept-Encoding');
      expect(identity.body.equals(fixture('humans.txt'))).toBe(true);
    });

    it('never compresses binary types and does not vary them', async () => {
      const reply = await get('/assets/photo-C4x9Lm2P.png', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.vary).toBeUndefined();
      expect(reply.body.equals(fixture('assets/photo-C4x9Lm2P.png'))).toBe(true);
    });
  });

  describe('caching', () => {
    it('lets browsers keep hashed assets for a year', async () => {
      for (const path of ['/assets/entry-client-BX3k9aQ1.js', '/assets/style-Dk2mQ8aZ.css', '/assets/photo-C4x9Lm2P.png']) {
        expect((await get(path)).headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      }
    });

    it('makes browsers revalidate pages, with a strong ETag', async () => {
      for (const path of ['/', '/nl/services/zirconia']) {
        const reply = await get(path);
        expect(reply.headers['cache-control']).toBe('no-cache');
        expect(reply.headers.etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      }
    });

    it('caches other static files for an hour, with the weak ETag of @fastify/static (size and time), one per coding', async () => {
      for (const path of ['/favicon.svg', '/robots.txt', '/sitemap.xml', '/feed.atom']) {
        const reply = await get(path);
        expect(reply.headers['cache-control'], path).toBe('public, max-age=3600');
        expect(reply.headers.etag, path).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
        const br = await get(path, { headers: { 'accept-encoding': 'br' } });
        expect(br.headers.etag, path).not.toBe(reply.headers.etag);
      }
    });

    it('gives pages with different content different ETags and each coding its own', async () => {
      const home = await get('/');
      const about = await get('/about');
      const homeBr = await get('/', { headers: { 'accept-encoding': 'br' } });
      const homeGzip = await get('/', { headers: { 'accept-encoding': 'gzip' } });
      expect(new Set([home.headers.etag, about.headers.etag, homeBr.headers.etag, homeGzip.headers.etag]).size).toBe(4);
      expect((await get('/')).headers.etag).toBe(home.headers.etag);
    });

    it('answers 304 without a body to a matching If-None-Match and 200 to a stale one', async () => {
      for (const [path, accept] of [
        ['/', 'br'],
        ['/about', ''],
        ['/favicon.svg', 'gzip'],
        ['/assets/photo-C4x9Lm2P.png', ''],
      ]) {
        const first = await get(path!, { headers: { 'accept-encoding': accept! } });
        const etag = first.headers.etag!;
        const again = await get(path!, { headers: { 'accept-encoding': accept!, 'if-none-match': etag } });
        expect(again.status, path).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(again.headers['x-content-type-options']).toBe('nosniff');
        // A weak comparison, as RFC 9110 asks for If-None-Match, in a list.
        const listed = await get(path!, { headers: { 'accept-encoding': accept!, 'if-none-match': `"other", W/${etag.replace(/^W\//, '')}` } });
        expect(listed.status).toBe(304);
        const stale = await get(path!, { headers: { 'accept-encoding': accept!, 'if-none-match': '"stale"' } });
        expect(stale.status).toBe(200);
        expect(stale.body.length).toBeGreaterThan(0);
      }
    });

    it('does not answer 304 when the client asks for another coding than the one it cached', async () => {
      const br = await get('/', { headers: { 'accept-encoding': 'br' } });
      const gzip = await get('/', { headers: { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! } });
      expect(gzip.status).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });

    it('sends a page rebuilt in place while it runs as it is now, with a new ETag', async () => {
      const copy = brokenCopy(() => {});
      const live = await startServer({ distDir: copy.root, port: 0, host: '127.0.0.1', logger: silent, dataDir });
      const livePort = (live.address() as AddressInfo).port;
      try {
        const before = await send(livePort, '/about');
        const page = join(copy.root, 'client', 'about', 'index.html');
        writeFileSync(page, before.body.toString().replace('</h1>', ' (rebuilt)</h1>'));
        const after = await send(livePort, '/about');
        expect(after.body.toString()).toContain(' (rebuilt)</h1>');
        expect(after.headers['content-length']).toBe(String(after.body.length));
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect((await send(livePort, '/about', { headers: { 'if-none-match': before.headers.etag! } })).status).toBe(200);
      } finally {
        await stopServer(live);
        copy.cleanup();
      }
    });

    it('reads the build index again when a build rewrites it, and keeps the old one while the new one is broken', async () => {
      const copy = brokenCopy(() => {});
      const live = await startServer({ distDir: copy.root, port: 0, host: '127.0.0.1', logger: silent, dataDir });
      const livePort = (live.address() as AddressInfo).port;
      const index = join(copy.root, 'site.json');
      const original = JSON.parse(readFileSync(index, 'utf8')) as { redirects: { from: string; to: string }[] };
      try {
        expect((await send(livePort, '/old-about')).status).toBe(404);
        // The server looks at the index at most once a second: the test moves its clock (only Date) past that
        // and dates each rewrite a second on, as a build's later write would be, instead of waiting.
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
        const builtAt = statSync(index).mtime.getTime();
        vi.setSystemTime(Date.now() + 1_100);
        writeFileSync(index, '{"pages": ');
        utimesSync(index, new Date(builtAt + 1_000), new Date(builtAt + 1_000));
        expect((await send(livePort, '/about')).status).toBe(200);
        vi.setSystemTime(Date.now() + 1_100);
        writeFileSync(index, JSON.stringify({ ...original, redirects: [...original.redirects, { from: '/old-about', to: '/about' }] }));
        utimesSync(index, new Date(builtAt + 2_000), new Date(builtAt + 2_000));
        const moved = await send(livePort, '/old-about');
        expect(moved.status).toBe(301);
        expect(moved.headers.location).toBe('/about');
      } finally {
        vi.useRealTimers();
        await stopServer(live);
        copy.cleanup();
      }
    });

    it('never answers 304 for a not-found page', async () => {
      const missing = await get('/no-such-page', { headers: { 'if-none-match': '*' } });
      expect(missing.status).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
    });
  });

  describe('byte ranges', () => {
    const png = '/assets/photo-C4x9Lm2P.png';

    it('answers a byte range of a binary file with 206 and the exact bytes', async () => {
      const whole = fixture(png.slice(1));
      const reply = await get(png, { headers: { range: 'bytes=0-9' } });
      expect(reply.status).toBe(206);
      expect(reply.headers['content-range']).toBe(`bytes 0-9/${whole.length}`);
      expect(reply.headers['content-length']).toBe('10');
      expect(reply.body.equals(whole.subarray(0, 10))).toBe(true);
      const tail = await get(png, { headers: { range: 'bytes=-5' } });
      expect(tail.body.equals(whole.subarray(whole.length - 5))).toBe(true);
      expect((await get(png)).headers['accept-ranges']).toBe('bytes');
    });

    it('answers a range past the end with 416 and ignores ranges on text or with a stale If-Range', async () => {
      const size = fixture(png.slice(1)).length;
      const past = await get(png, { headers: { range: `bytes=${size}-` } });
      expect(past.status).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${size}`);
      expect((await get(png, { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } })).status).toBe(200);
      expect((await get('/robots.txt', { headers: { range: 'bytes=0-3' } })).status).toBe(200);
      // Several ranges get the whole file; one that ends before it starts cannot be satisfied.
      expect((await get(png, { headers: { range: 'bytes=0-1,4-5' } })).status).toBe(200);
      expect((await get(png, { headers: { range: 'bytes=5-2' } })).status).toBe(416);
      const open = await get(png, { headers: { range: 'bytes=3-' } });
      expect(open.status).toBe(206);
      expect(open.body.equals(fixture(png.slice(1)).subarray(3))).toBe(true);
    });
  });

  describe('security headers', () => {
    it.each([
      ['/', 'index.html'],
      ['/nl', 'nl/index.html'],
      ['/nl/services/zirconia', 'nl/services/zirconia/index.html'],
    ])('sends %s a policy that allows exactly its own inline scripts', async (path, file) => {
      const policy = (await get(path)).headers['content-security-policy']!;
      const hashes = inlineScriptHashes(fixture(file).toString());
      expect(hashes.length).toBeGreaterThan(0);
      expect(policy).toBe(basePolicy.replace("script-src 'self' 'wasm-unsafe-eval'", `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`));
    });

    it('lists both hashes of a page with two inline scripts and none of another page', async () => {
      const policy = (await get('/')).headers['content-security-policy']!;
      expect(inlineScriptHashes(fixture('index.html').toString())).toHaveLength(2);
      for (const hash of inlineScriptHashes(fixture('index.html').toString())) expect(policy).toContain(hash);
      for (const hash of inlineScriptHashes(fixture('about/index.html').toString())) expect(policy).not.toContain(hash);
    });

    it('sends a not-found page the hashes of that not-found page', async () => {
      for (const [path, file] of [
        ['/x', '404.html'],
        ['/nl/x', 'nl/404.html'],
        ['/blog/x', 'blog/404.html'],
        ['/nl/blog/x', 'nl/blog/404.html'],
      ]) {
        const policy = (await get(path!)).headers['content-security-policy']!;
        for (const hash of inlineScriptHashes(fixture(file!).toString())) expect(policy, path).toContain(hash);
      }
    });

    it('allows no inline or eval script anywhere (only the compiling of WebAssembly, for the search)', async () => {
      for (const path of ['/', '/nl', '/about', '/x', '/favicon.svg']) {
        const policy = (await get(path)).headers['content-security-policy']!;
        expect(policy).not.toMatch(/unsafe-inline|(?<!wasm-)unsafe-eval/);
        expect(policy).toMatch(/object-src 'none'/);
      }
    });

    it('sends the policy without hashes to everything that is not HTML', async () => {
      for (const path of ['/assets/entry-client-BX3k9aQ1.js', '/favicon.svg', '/robots.txt', '/about/']) {
        expect((await get(path)).headers['content-security-policy'], path).toBe(basePolicy);
      }
    });

    it.each([
      ['a page', '/', {}],
      ['an asset', '/assets/entry-client-BX3k9aQ1.js', {}],
      ['a static file', '/sitemap.xml', {}],
      ['a redirect', '/services/dentures1', {}],
      ['a trailing-slash redirect', '/about/', {}],
      ['a not-found page', '/no-such-page', {}],
      ['a refused path', '/../site.json', {}],
      ['a wrong method', '/', { method: 'DELETE' }],
      ['a HEAD request', '/', { method: 'HEAD' }],
      ['a range past the end', '/assets/photo-C4x9Lm2P.png', { headers: { range: 'bytes=99999-' } }],
    ] as const)('sends every security header on %s, and no cookie', async (_what, path, options) => {
      const reply = await get(path, options);
      expect(reply.headers).toMatchObject(expectedSecurityHeaders);
      expect(reply.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'/);
      expect(reply.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('over HTTPS', () => {
    const hsts = 'max-age=31536000; includeSubDomains';

    it("sends neither HSTS nor upgrade-insecure-requests over plain HTTP, whatever host the request names (the site's own included)", async () => {
      for (const path of ['/', '/favicon.svg', '/no-such-page']) {
        for (const host of ['www.example.nl', '192.168.1.20:3000']) {
          const reply = await get(path, { headers: { host } });
          expect(reply.headers['strict-transport-security'], path).toBeUndefined();
          expect(reply.headers['content-security-policy'], path).not.toContain('upgrade-insecure-requests');
        }
      }
    });

    it('takes X-Forwarded-Proto: https for HTTPS only from a trusted proxy', async () => {
      const forwarded = { headers: { host: '192.168.1.20:3000', 'x-forwarded-proto': 'https' } };
      expect((await get('/', forwarded)).headers['strict-transport-security']).toBeUndefined();
      const behind = await startServer({ distDir: dist, port: 0, host: '127.0.0.1', logger: silent, dataDir, trustProxy: true });
      try {
        const reply = await send((behind.address() as AddressInfo).port, '/', forwarded);
        expect(reply.headers['strict-transport-security']).toBe(hsts);
        expect(reply.headers['content-security-policy']).toMatch(/; upgrade-insecure-requests$/);
      } finally {
        await stopServer(behind);
      }
    });
  });

  describe('failures', () => {
    it('answers 500 with a short plain text when a page file cannot be read, logs it once, and keeps serving', async () => {
      const copy = brokenCopy((root) => rmSync(join(root, 'client', 'about', 'index.html')));
      const { logger: collecting, lines } = collectingLogger();
      const broken = await startServer({ distDir: copy.root, port: 0, host: '127.0.0.1', logger: collecting, dataDir });
      const brokenPort = (broken.address() as AddressInfo).port;
      try {
        const reply = await send(brokenPort, '/about');
        expect(reply.status).toBe(500);
        expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(reply.body.toString()).toBe('Internal Server Error\n');
        expect(reply.headers).toMatchObject(expectedSecurityHeaders);
        expect(lines.filter((line) => line.level >= 50).map((line) => [line.msg, line.file])).toEqual([['a page of the build cannot be read', 'about/index.html']]);
        expect((await send(brokenPort, '/')).status).toBe(200);
      } finally {
        await stopServer(broken);
        copy.cleanup();
      }
    });

    it('refuses to start when site.json is missing', async () => {
      const copy = brokenCopy((root) => rmSync(join(root, 'site.json')));
      try {
        await expect(startServer({ distDir: copy.root, port: 0, logger: silent, dataDir })).rejects.toThrow(/site\.json/);
      } finally {
        copy.cleanup();
      }
    });

    it.each([
      ['a CSP entry that is not a hash', (site: Record<string, unknown>) => ({ ...site, csp: { 'index.html': ["unsafe-inline' 'self"] } })],
      ['a page file outside dist/client', (site: Record<string, unknown>) => ({ ...site, pages: { '/': '../site.html' } })],
      ['a page path with a trailing slash', (site: Record<string, unknown>) => ({ ...site, pages: { '/about/': 'about/index.html' } })],
    ])('refuses to start with a site.json with %s', async (_what, edit) => {
      const copy = brokenCopy((root) => {
        const file = join(root, 'site.json');
        writeFileSync(file, JSON.stringify(edit(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)));
      });
      try {
        await expect(startServer({ distDir: copy.root, port: 0, host: '127.0.0.1', logger: silent, dataDir })).rejects.toThrow(/does not match the build contract/);
      } finally {
        copy.cleanup();
      }
    });
  });

  describe('shutdown', () => {
    const keepAlive = new Agent({ keepAlive: true });
    afterAll(() => keepAlive.destroy());
    const fetchKeptAlive = (port: number) =>
      new Promise<string>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/', agent: keepAlive }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks).toString()));
        })
          .on('error', reject)
          .end();
      });

    it('stops listening and closes idle keep-alive connections at once', async () => {
      const other = await startServer({ distDir: dist, port: 0, host: '127.0.0.1', logger: silent, dataDir });
      await fetchKeptAlive((other.address() as AddressInfo).port);
      const started = Date.now();
      await stopServer(other, { graceMs: 5_000 });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(other.listening).toBe(false);
    });

    it('lets a request in flight finish, then closes its keep-alive connection', async () => {
      let arrived = false;
      const slow = createServer((_req, res) => {
        arrived = true;
        setTimeout(() => res.end('finished'), 300);
      });
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      const reply = fetchKeptAlive((slow.address() as AddressInfo).port);
      await vi.waitFor(() => expect(arrived).toBe(true), { timeout: 10_000, interval: 10 });
      const started = Date.now();
      await stopServer(slow, { graceMs: 5_000 });
      expect(await reply).toBe('finished');
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    it('cuts a request that outlives the grace period', async () => {
      let arrived = false;
      const stuck = createServer(() => void (arrived = true));
      await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
      const reply = fetchKeptAlive((stuck.address() as AddressInfo).port).catch((error: Error) => error.message);
      await vi.waitFor(() => expect(arrived).toBe(true), { timeout: 10_000, interval: 10 });
      await stopServer(stuck, { graceMs: 200 });
      expect(await reply).toBe('socket hang up');
    });
  });
});
