// Requests through Caddy (scripts/local-caddy.ts: the shipped Caddyfiles with its internal CA and high
// ports on 127.0.0.1) as a visitor's client sends them: over HTTPS, trusting that CA only.
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { siteHost, type RunningCaddy } from '../../scripts/local-caddy.ts';
import { readReply, type Reply } from './api.ts';

export { localCaddyfile, siteHost, startLocalCaddy as startCaddy, twinHost, type CaddyPorts, type RunningCaddy } from '../../scripts/local-caddy.ts';

export interface ProxyRequest {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** The client's own address (127.0.0.2 and so on: every 127/8 address is this machine's). */
  localAddress?: string;
  /** The host name asked for (the site's by default). */
  host?: string;
}

/** One request over HTTPS through Caddy on a fresh connection, answered as text (readReply) and as bytes. */
export function throughProxy(caddy: RunningCaddy, path: string, options: ProxyRequest = {}): Promise<Reply & { bytes: Buffer }> {
  const host = options.host ?? siteHost;
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: caddy.ports.https,
        servername: host,
        ca: caddy.ca,
        path,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        agent: false,
        headers: { host: `${host}:${caddy.ports.https}`, ...options.headers },
      },
      (res) => void readBoth(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** An answer's text and its bytes as they came (still compressed, when they were). */
function readBoth(res: IncomingMessage): Promise<Reply & { bytes: Buffer }> {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  return readReply(res).then((reply) => ({
    ...reply,
    bytes: Buffer.concat(chunks),
  }));
}
