import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiHandler, type ApiHandler } from './api.ts';
import { startDelivery, type DeliveryOptions } from './delivery.ts';
import { createTransport } from './mail.ts';
import { defaultMinFillMs, defaultRateLimit, type ApiSettings } from './settings.ts';
import type { FormsSettings } from '../../schemas/site-index.ts';
import { loadSiteIndex } from './site-index.ts';
import { createSiteHandler } from './static-site.ts';
import { batchSaves, openStore } from './store.ts';

/** Where the build is, where to listen, and the forms API's settings (`readApiSettings` reads them from the environment). */
export interface ServerOptions extends Partial<Omit<ApiSettings, 'dataDir'>> {
  /** The build output: `site.json` and `client/`. */
  distDir: string;
  /** 0 picks a free port; the line logged at start names the one chosen. */
  port: number;
  /** Defaults to 0.0.0.0, every IPv4 interface, as a container needs. */
  host?: string;
  /** Receives the start-up line and one line per missing page; defaults to the console. */
  log?: (line: string) => void;
  /** Where submissions.db, uploads/ and mail/ (the .eml files without SMTP) are kept. */
  dataDir: string;
  /** The delivery loop's poll and retry timing; tests shorten them. */
  delivery?: Pick<DeliveryOptions, 'pollMs' | 'backoffMs'>;
}

/** Shuts down what a server started besides listening (the delivery loop, the database), once. */
const closers = new WeakMap<Server, () => Promise<void>>();

/** The forms API with its store and delivery loop, and how to stop them. */
export function startApi(forms: FormsSettings, options: Omit<ServerOptions, 'distDir' | 'port' | 'host'>): { api: ApiHandler; close: () => Promise<void> } {
  const log = options.log ?? console.log;
  const store = openStore({ dataDir: options.dataDir });
  const delivery = startDelivery({
    store,
    transport: createTransport({ smtpUrl: options.smtpUrl, dataDir: options.dataDir, log }),
    log,
    retentionMs: forms.retentionDays * 86_400_000,
    ...options.delivery,
  });
  let api: ApiHandler;
  try {
    api = createApiHandler({
      forms,
      store: { save: batchSaves(store) },
      delivery,
      dataDir: options.dataDir,
      labEmail: options.labEmail,
      mailFrom: options.mailFrom,
      rateLimit: options.rateLimit ?? defaultRateLimit,
      minFillMs: options.minFillMs ?? defaultMinFillMs,
      trustProxy: options.trustProxy ?? false,
      log,
    });
  } catch (error) {
    void delivery.stop().then(() => store.close());
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= delivery.stop().then(() => {
      store.close();
    }));
  return { api, close };
}

/**
 * Serves the build and the forms API: loads `site.json` (throwing at once if it is missing or wrong),
 * opens the submissions database in `dataDir`, starts the mail delivery loop, listens, logs
 * `listening on http://localhost:<port>`, and answers `/api/` requests with the API and every other one
 * with the site handler; a request the handler leaves alone gets the not-found page of its language.
 * Stop it with `stopServer` (a plain `close()` also stops the delivery loop and closes the database).
 */
export async function startServer(options: ServerOptions): Promise<Server> {
  const log = options.log ?? console.log;
  const site = createSiteHandler({ distDir: options.distDir, onNotFound: (path) => log(`404 ${path}`) });
  const { api, close } = startApi(loadSiteIndex(options.distDir).forms, { ...options, log });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    api(req, res)
      .then((handled) => (handled ? true : site(req, res)))
      .then((handled) => (handled ? undefined : site.notFound(req, res)))
      .catch((error: unknown) => {
        console.error('[server]', error);
        res.destroy();
      });
  };
  const server = createServer(handle);
  // Without this Node answers "100 Continue" itself; the API sends it only for a body it will read.
  server.on('checkContinue', handle);
  closers.set(server, close);
  server.on('close', () => void close());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  log(`listening on http://localhost:${port}`);
  return server;
}

/**
 * Graceful shutdown, for the caller's SIGTERM/SIGINT handler: stops accepting connections, lets requests
 * in flight finish, closes keep-alive connections as they fall idle, and cuts what is still open after
 * `graceMs`; then lets a mail being sent finish and closes the database.
 */
export async function stopServer(server: Server, options: { graceMs?: number } = {}): Promise<void> {
  await closeHttp(server, options);
  await closers.get(server)?.();
}

function closeHttp(server: Server, options: { graceMs?: number }): Promise<void> {
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
