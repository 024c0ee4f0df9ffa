import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHost } from '../../src/server/server.ts';
import { readApiSettings } from '../../src/server/settings.ts';
import { send, startApiServer, type ApiServer } from '../support/api.ts';
import { request } from 'node:http';

// The server listens on IPv6 as well as IPv4 (one dual-stack socket on "::"), so a visitor or proxy that
// reaches the machine over either gets the site; without IPv6 on the machine it listens on IPv4 alone.

const hasIpv6 = Object.values(networkInterfaces()).some((list) => list?.some((address) => address.family === 'IPv6' && address.internal));

/** GET over IPv6 loopback. */
function getOverIpv6(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '::1', family: 6, port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('where the server listens by default', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer({ host: undefined });
  });
  afterAll(() => api.stop());

  it('is every interface, IPv6 and IPv4 together where the machine has IPv6', () => {
    expect(defaultHost()).toBe(hasIpv6 ? '::' : '0.0.0.0');
    expect((api.server.address() as AddressInfo).address).toBe(defaultHost());
    expect(api.logs.find((line) => String(line.msg).startsWith('listening on'))?.msg).toMatch(hasIpv6 ? /^listening on http:\/\/\[::\]:\d+$/ : /^listening on http:\/\/0\.0\.0\.0:\d+$/);
  });

  it('answers over IPv4 at 127.0.0.1', async () => {
    expect((await send(api.port, '/api/health')).status).toBe(200);
  });

  it.runIf(hasIpv6)('answers over IPv6 at [::1]', async () => {
    expect(await getOverIpv6(api.port, '/api/health')).toBe(200);
  });
});

describe('HOST', () => {
  it('sets the address to listen on, and refuses what is not one', () => {
    expect(readApiSettings({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(readApiSettings({ HOST: '::' }).host).toBe('::');
    expect(readApiSettings({}).host).toBeUndefined();
    expect(() => readApiSettings({ HOST: 'www.tandlab.nl' })).toThrow(/^HOST must be an IP address to listen on, such as 127\.0\.0\.1 or ::, not "www\.tandlab\.nl"$/);
  });
});
