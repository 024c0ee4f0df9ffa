import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSiteHandler } from './static-site.ts';

/** Where the build is and where to listen. */
export interface ServerOptions {
  /** The build output: `site.json` and `client/`. */
  distDir: string;
  /** 0 picks a free port; the line logged at start names the one chosen. */
  port: number;
  /** Defaults to 0.0.0.0, every IPv4 interface, as a container needs. */
  host?: string;
  /** Receives the start-up line and one line per missing page; defaults to the console. */
  log?: (line: string) => void;
}

/**
 * Serves the build: loads `site.json` (throwing at once if it is missing or wrong), listens, logs
 * `listening on http://localhost:<port>`, and answers every request with the site handler; a request
 * the handler leaves alone gets the not-found page of its language. Stop it with `stopServer`.
 */
export async function startServer(options: ServerOptions): Promise<Server> {
  const log = options.log ?? console.log;
  const site = createSiteHandler({ distDir: options.distDir, onNotFound: (path) => log(`404 ${path}`) });
  const server = createServer((req, res) => {
    site(req, res)
      .then((handled) => (handled ? undefined : site.notFound(req, res)))
      .catch((error: unknown) => {
        console.error('[server]', error);
        res.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  log(`listening on http://localhost:${port}`);
  return server;
}

/**
 * Graceful shutdown, for the caller's SIGTERM/SIGINT handler: stops accepting connections, lets requests
 * in flight finish, closes keep-alive connections as they fall idle, and cuts what is still open after `graceMs`.
 */
export function stopServer(server: Server, options: { graceMs?: number } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    // close() ends only the connections idle at that moment; one whose response is still going would stay open.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000);
    sweep.unref();
    deadline.unref();
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve();
    });
  });
}
