import { connect, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectingLogger, type LogLine } from '../../src/server/log.ts';
import { fixtureDist, startApiServer, type ApiServer } from '../support/api.ts';
import { startServer, stopServer } from '../../src/server/server.ts';

// Every answer carries the same security headers, also those Fastify and Node write themselves (a path
// that cannot be read, headers too large, a request that does not come in time, a body too large, bytes
// that are no HTTP), and none of them is a 5xx. HTTPS is judged from the connection or, behind a
// trusted proxy only, from X-Forwarded-Proto: never from the Host a client names.

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

interface RawReply {
  status: number;
  headers: Record<string, string>;
}

/** Sends bytes as they are on a new connection and reads the first answer (its head) until the server ends the connection. */
function raw(port: number, bytes: string | Buffer, options: { end?: boolean } = {}): Promise<RawReply | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.split('\r\n\r\n')[0]!;
      const [statusLine, ...lines] = head.split('\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1];
      if (!status) return resolve(null);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(status), headers });
    });
    socket.write(bytes);
    if (options.end !== false) socket.end();
  });
}

let api: ApiServer;
let logs: LogLine[];
beforeAll(async () => {
  api = await startApiServer({ timeouts: { headersMs: 1_500 } });
  logs = api.logs;
});
afterAll(() => api.stop());

const cases: [string, string | Buffer][] = [
  ['a path that cannot be decoded (Fastify)', 'GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ['headers too large (Node, 431)', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`],
  ['bytes that are no HTTP (Node, 400)', 'HELLO \u0001\u0002 WORLD\r\n\r\n'],
  ['a bad chunk (Node, 400)', 'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n'],
  ['Content-Length and Transfer-Encoding together (Node, 400)', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
  ['a body over the limit (413)', `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n{}`],
  ['an unknown API path with a type nobody reads', 'POST /api/nothing HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 3\r\nConnection: close\r\n\r\n<a>'],
  ['a page posted with a type nobody reads', 'POST /about HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 3\r\nConnection: close\r\n\r\n<a>'],
];

describe('answers the framework and Node write themselves', () => {
  it.each(cases)('%s carry every security header, and no 5xx', async (_what, bytes) => {
    const reply = await raw(api.port, bytes);
    expect(reply).not.toBeNull();
    expect(reply!.status).toBeLessThan(500);
    expect(reply!.headers).toMatchObject(securityHeaders);
    expect(reply!.headers['content-security-policy']).toMatch(/^default-src 'self'/);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('a request whose headers do not come in time gets 408 with every security header', async () => {
    const reply = await raw(api.port, 'GET / HTTP/1.1\r\nHost: x\r\n', { end: false });
    expect(reply?.status).toBe(408);
    expect(reply!.headers).toMatchObject(securityHeaders);
  }, 30_000);

  it('any request line and headers, as a client may mangle them, get an answer with every security header and never a 5xx', async () => {
    const method = fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'OPTIONS', 'BREW', 'G\u0000T', '');
    const path = fc.oneof(
      fc.constantFrom('/', '/about', '/nl', '/api/contact', '/api/health', '/api/order', '/%', '/%zz', '/%00', '//x', '/..%2f', '*', 'http://x/', '/a?b=%ff'),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((text) => `/${text}`),
    );
    const header = fc.oneof(
      fc.constantFrom(
        'Host: x',
        'Content-Type: application/json',
        'Content-Length: 2',
        'Content-Length: -1',
        'Content-Length: 99999999999',
        'Transfer-Encoding: chunked',
        'Expect: 100-continue',
        'X-Forwarded-Proto: https',
        'Bad Header: x',
        ': empty',
        'X-A: \u0000',
      ),
      fc.integer({ min: 1, max: 40_000 }).map((n) => `X-Long: ${'a'.repeat(n)}`),
    );
    await fc.assert(
      fc.asyncProperty(method, path, fc.array(header, { maxLength: 5 }), fc.constantFrom('', '{}', 'xx', '0\r\n\r\n'), async (verb, target, headers, body) => {
        const reply = await raw(api.port, `${verb} ${target} HTTP/1.1\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`);
        // A connection Node gave up on before any answer (nothing was written) has no headers to check.
        if (reply === null) return;
        expect(reply.status).toBeLessThan(500);
        expect(reply.headers).toMatchObject(securityHeaders);
      }),
      { seed: 27_5_1, numRuns: 150 },
    );
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  }, 180_000);
});

describe('HTTPS is judged from the connection, or X-Forwarded-Proto behind a trusted proxy only', () => {
  const siteHost = 'www.example.nl';

  it('never from the Host header: plain HTTP naming the site host gets neither HSTS nor upgrade-insecure-requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(siteHost, siteHost.toUpperCase(), `${siteHost}:443`, 'localhost', '192.168.1.20:3000'),
        fc.constantFrom('/', '/about', '/no-such-page', '/api/health', '/%zz'),
        async (host, path) => {
          const reply = await raw(api.port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n`);
          expect(reply!.headers['strict-transport-security']).toBeUndefined();
          expect(reply!.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
        },
      ),
      { seed: 27_5_2, numRuns: 20 },
    );
  });

  it('behind a trusted proxy, from X-Forwarded-Proto alone', async () => {
    const { logger } = collectingLogger();
    const behind = await startServer({ distDir: fixtureDist, port: 0, host: '127.0.0.1', logger, dataDir: api.dataDir, trustProxy: true });
    const port = (behind.address() as AddressInfo).port;
    try {
      const https = await raw(port, 'GET / HTTP/1.1\r\nHost: 192.168.1.20\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n');
      expect(https!.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(https!.headers['content-security-policy']).toMatch(/; upgrade-insecure-requests$/);
      const plain = await raw(port, `GET / HTTP/1.1\r\nHost: ${siteHost}\r\nConnection: close\r\n\r\n`);
      expect(plain!.headers['strict-transport-security']).toBeUndefined();
      // Node's own answers behind the proxy carry the headers too (HTTP/plain: a 400 knows no protocol).
      const bad = await raw(port, 'GET /%zz HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n');
      expect(bad!.headers).toMatchObject(securityHeaders);
    } finally {
      await stopServer(behind);
    }
  });
});
