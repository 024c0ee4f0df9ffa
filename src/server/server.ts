import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FormsSettings } from '../../schemas/site-index.ts';
import { apiPlugin, type Health } from './api.ts';
import { startDelivery, type DeliveryOptions } from './delivery.ts';
import { createLogger, type Logger } from './log.ts';
import { createTransport } from './mail.ts';
import { contentSecurityPolicy, securityHeaders, servedOverHttps } from './security-headers.ts';
import { defaultMinFillMs, defaultRateLimit, type ApiSettings } from './settings.ts';
import { sitePlugin } from './site.ts';
import { loadSiteIndex } from './site-index.ts';
import { batchSaves, openStore, type Store } from './store.ts';
import { clearIncoming } from './uploads.ts';

/** Where the build is, where to listen, and the forms API's settings (`readApiSettings` reads them from the environment). */
export interface ServerOptions extends Partial<Omit<ApiSettings, 'dataDir' | 'port'>> {
  /** The build output: `site.json` and `client/`. */
  distDir: string;
  /** 0 picks a free port; the line logged at start names the one chosen. */
  port: number;
  /** Defaults to `::`, every IPv6 and IPv4 interface (dual stack), or 0.0.0.0 on a machine without IPv6. */
  host?: string;
  /** Where the server logs (JSON lines on standard output by default): its start, each missing page, each submission and mail. */
  logger?: Logger;
  /** Where submissions.db, uploads/ and mail/ (the .eml files without SMTP) are kept. */
  dataDir: string;
  /** The connection timeouts (`serverTimeouts`); tests pass shorter ones. */
  timeouts?: Partial<typeof serverTimeouts>;
  /** Orders whose files may arrive at once (8); tests pass fewer. */
  uploadsAtOnce?: number;
  /** Appointment confirmations one address may be sent in 24 hours (3); tests that send many pass more. */
  confirmationsPerDay?: number;
  /**
   * Serve a release (`npm start -- --release`): the build must be one, and the lab's address (LAB_EMAIL or
   * the site's) must be a real one, so that no visitor's data can go to an example address.
   */
  release?: boolean;
  /** The delivery loop's poll and retry timing; tests shorten them. */
  delivery?: Pick<DeliveryOptions, 'pollMs' | 'backoffMs'>;
}

/**
 * How long a connection may take, chosen rather than Node's defaults (about 60 s for the headers, 5 min
 * for a request): headers come in one packet from a browser; a request's body (a form's few kilobytes)
 * within 3 minutes; an order's files (up to 100 MB, minutes on a slow line) for as long as they keep
 * coming, up to an hour (100 MB down to about 230 kbit/s), but an order that brings less than 32 KB in
 * `stallMs` has stalled and is cut off; an idle keep-alive connection is closed after 5 s.
 */
export const serverTimeouts = { headersMs: 15_000, requestMs: 180_000, uploadMs: 60 * 60_000, stallMs: 30_000, keepAliveMs: 5_000 };

/** A reason the server cannot start that the person starting it must fix; its message is one line saying what and how. */
export class StartError extends Error {}

/** An error as one line: its code (ENOSPC, SQLITE_NOTADB) and its message. */
function oneLine(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * Opens the submissions database and proves the data folder takes a write (the database, and a file in
 * uploads/), before the server says it listens: a folder it cannot write would otherwise answer every
 * form with an error.
 */
function openDataFolder(dataDir: string, confirmationsPerDay?: number): Store {
  const refuse = (error: unknown): never => {
    const code = (error as { code?: unknown } | null)?.code;
    const damaged = code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
    const remedy = damaged ? `restore ${join(dataDir, 'submissions.db')} from a backup or move it away` : 'make it writable by this user or set DATA_DIR to another folder';
    throw new StartError(`the data folder ${dataDir} cannot be used (${oneLine(error)}); ${remedy}`, { cause: error });
  };
  let store: Store | undefined;
  try {
    store = openStore({ dataDir, confirmationsPerDay });
    store.checkWritable(Date.now());
    const uploads = join(dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true, mode: 0o700 });
    const probe = join(uploads, `.write-test-${process.pid}`);
    writeFileSync(probe, '', { mode: 0o600 });
    rmSync(probe);
    return store;
  } catch (error) {
    store?.close();
    return refuse(error);
  }
}

/** What `GET /api/health` reports of a store: whether it takes a write now (the error's code if not), and its outbox. */
export function storeHealth(store: Pick<Store, 'checkWritable' | 'outboxState'>): () => Health {
  const fault = (error: unknown) => (error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error));
  return () => {
    let database: string | null = null;
    try {
      store.checkWritable(Date.now());
    } catch (error) {
      database = fault(error);
    }
    // A database that cannot be read (corrupt, not a database) cannot count its outbox either: the health
    // check still answers with its own status, the outbox unknown.
    try {
      return { database, ...store.outboxState() };
    } catch (error) {
      return { database: database ?? fault(error), waiting: null, givenUp: null, oldestWaitingAt: null };
    }
  };
}

/** What the forms API needs besides the HTTP layer: its settings, the store and the delivery loop. */
export type FormsOptions = Omit<ServerOptions, 'distDir' | 'port' | 'host'>;

/**
 * What a server started besides listening: `drain` turns away new submissions (503 with Retry-After) and
 * stops the uploads still arriving, `close` stops the delivery loop and closes the database, once.
 */
const closers = new WeakMap<Server, { drain: () => void; close: () => Promise<void> }>();

/** Where to listen by default: every interface, IPv6 and IPv4 on one socket, or IPv4 alone where the machine has no IPv6. */
export function defaultHost(): string {
  const ipv6 = Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => address.family === 'IPv6'));
  return ipv6 ? '::' : '0.0.0.0';
}

/** Every response's headers, with the policy of a response that sets none of its own, by whether it goes out over HTTPS. */
const headers = {
  https: { ...securityHeaders(true), 'Content-Security-Policy': contentSecurityPolicy([], true) },
  plain: { ...securityHeaders(false), 'Content-Security-Policy': contentSecurityPolicy([], false) },
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the request reached the site over HTTPS (see servedOverHttps). */
    https: boolean;
  }
  interface FastifyContextConfig {
    /** The route's body may take up to `uploadMs` to arrive (an order's files) rather than `requestMs`; it watches for a stall itself. */
    slowBody?: boolean;
  }
}

/** Node's own refusals, by the code of what went wrong; anything else that is no HTTP is a 400. */
const clientErrors: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Content Too Large'],
};

/**
 * Answers what Node refuses before a request exists, as Fastify's own handler does, with every security
 * header (over TLS, those of HTTPS): a plain-text status, and the connection closed.
 */
function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] = clientErrors[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = `${text}\n`;
  const own = Object.entries((socket as Socket & { encrypted?: boolean }).encrypted ? headers.https : headers.plain).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\n${own.join('')}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Whether a request says it has a body: a length above zero, or chunks. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A Fastify instance with what every response needs: the security headers (a page sets its own
 * policy), a plain "Bad Request" for a target the router cannot read, and `Expect: 100-continue`
 * handed to the routes, which send "100 Continue" only for a body they will read.
 */
export function createApp(options: { trustProxy?: boolean; logger?: Logger; timeouts?: Partial<typeof serverTimeouts> } = {}): FastifyInstance {
  const timeouts = { ...serverTimeouts, ...options.timeouts };
  // The server's own pino logger; a request is logged only when something is wrong with it.
  const loggerInstance: FastifyBaseLogger = options.logger ?? createLogger({ level: 'silent' });
  const app = Fastify({
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
    // The client's address is the last hop of X-Forwarded-For when the server runs behind the site's own proxy.
    trustProxy: options.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    // Each route answers HEAD itself (the site with the headers of GET, the API with 405).
    exposeHeadRoutes: false,
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 500 },
    // Fastify sets these two on the server itself (its defaults: no request limit, 72 s of keep-alive). Node's
    // limit is one for every request, so it is the longest one (an order's files); the rest are held to requestMs below.
    requestTimeout: Math.max(timeouts.requestMs, timeouts.uploadMs),
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node looks for connections past their time this often; a second keeps a stalled one from lingering.
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
      // Node would answer a request without Host itself, without the security headers: the hook below does.
      requireHostHeader: false,
    },
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      // Answered before the hooks that add the security headers: they are set here.
      void reply.headers(request.protocol === 'https' ? headers.https : headers.plain);
      void reply.code(400).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send('Bad Request\n');
    },
    // What Node refuses before there is a request (headers too large or too slow, bytes that are no HTTP) gets the security headers too.
    clientErrorHandler: clientError,
  });
  app.decorateRequest('https', false);
  app.addHook('onRequest', (request, reply, done) => {
    request.https = servedOverHttps(request);
    // HTTP/1.1 requires a Host (RFC 9112, 3.2).
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      void reply.code(400).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').header('connection', 'close').send('Bad Request\n');
      return;
    }
    // A body still arriving after requestMs is cut off, as Node's own limit would, but for the routes that take files.
    if (hasBody(request) && !request.routeOptions.config?.slowBody) {
      const deadline = setTimeout(() => {
        if (!request.raw.complete) request.raw.socket.destroy();
      }, timeouts.requestMs);
      reply.raw.once('close', () => clearTimeout(deadline));
    }
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(request.https ? headers.https : headers.plain)) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
  // Without a listener Node answers "100 Continue" itself, before the server has looked at the request.
  app.server.on('checkContinue', (req, res) => app.routing(req, res));
  return app;
}

/** The forms API with its store and delivery loop, as a plugin to register, and how to stop them. */
export function startForms(forms: FormsSettings, options: FormsOptions): { register: (app: FastifyInstance) => Promise<void>; drain: () => void; close: () => Promise<void> } {
  const logger = options.logger ?? createLogger();
  const store = openDataFolder(options.dataDir, options.confirmationsPerDay);
  const delivery = startDelivery({
    store,
    transport: createTransport({ smtpUrl: options.smtpUrl, dataDir: options.dataDir, logger }),
    logger,
    retentionMs: forms.retentionDays * 86_400_000,
    ...options.delivery,
  });
  const stopping = new AbortController();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= delivery.stop().then(() => {
      store.close();
    }));
  const register = async (app: FastifyInstance) => {
    await app.register(apiPlugin, {
      forms,
      store: { save: batchSaves(store) },
      health: storeHealth(store),
      delivery,
      dataDir: options.dataDir,
      labEmail: options.labEmail,
      mailFrom: options.mailFrom,
      rateLimit: options.rateLimit ?? defaultRateLimit,
      minFillMs: options.minFillMs ?? defaultMinFillMs,
      origins: options.origins,
      uploadsAtOnce: options.uploadsAtOnce,
      stallMs: options.timeouts?.stallMs ?? serverTimeouts.stallMs,
      stopping: stopping.signal,
      logger,
    });
  };
  return { register, drain: () => stopping.abort(), close };
}

/**
 * Serves the build and the forms API: loads `site.json` (throwing at once if it is missing or wrong),
 * opens the submissions database in `dataDir`, starts the mail delivery loop, listens and logs
 * `listening on http://localhost:<port>`. Stop it with `stopServer` (a plain `close()` also stops the
 * delivery loop and closes the database).
 */
export async function startServer(options: ServerOptions): Promise<Server> {
  const logger = options.logger ?? createLogger();
  let forms: FormsSettings;
  let releaseBuild: boolean;
  try {
    ({ forms, release: releaseBuild } = loadSiteIndex(options.distDir));
  } catch (error) {
    throw new StartError(`the build cannot be read (${oneLine(error)}); run npm run build`, { cause: error });
  }
  if (options.release) {
    if (!releaseBuild) throw new StartError('the build is a preview, with example facts and testimonials; build it for release: npm run build -- --release');
    const labAddress = options.labEmail ?? forms.labEmail;
    if (isPlaceholderAddress(labAddress)) {
      throw new StartError(`the lab's e-mail address ${labAddress} is an example; set LAB_EMAIL (or email in content/site.yaml) to the lab's own address, so that visitors' forms reach the lab`);
    }
  }
  warnIfOpen(options.dataDir, logger);
  const app = createApp({ trustProxy: options.trustProxy, logger, timeouts: options.timeouts });
  const api = startForms(forms, { ...options, logger });
  let draining = false;
  // Once the server stops, each answer ends its connection, so no client sends another request on it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  try {
    const left = await clearIncoming(options.dataDir);
    if (left > 0) logger.info({ files: left }, 'removed uploads a previous run left half-received');
    await app.register(api.register);
    await app.register(sitePlugin, { distDir: options.distDir, logger });
    await app.listen({ port: options.port, host: options.host ?? defaultHost(), listenTextResolver: (address: string) => `listening on ${address}` });
  } catch (error) {
    await app.close().catch(() => {});
    await api.close();
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      throw new StartError(`port ${options.port} cannot be used (${oneLine(error)}); stop what listens there or set PORT to another port`, { cause: error });
    throw error;
  }
  closers.set(app.server, {
    drain: () => {
      draining = true;
      api.drain();
    },
    close: api.close,
  });
  app.server.on('close', () => void api.close());
  return app.server;
}

/**
 * An address no lab reads: the domains set aside for examples and tests (RFC 2606 and 6761) and the
 * example domains of the countries this site serves.
 */
export function isPlaceholderAddress(address: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return /^(?:.+\.)?example\.(?:com|net|org|nl|be|de)$/.test(domain) || /(?:^|\.)(?:example|test|invalid|localhost)$/.test(domain);
}

/** A data folder other users of the machine can read exposes patients' data: said once, at start. */
function warnIfOpen(dataDir: string, logger: Logger): void {
  let mode: number;
  try {
    const stat = statSync(dataDir);
    // Not a folder: the server refuses to start on it, and says so.
    if (!stat.isDirectory()) return;
    mode = stat.mode;
  } catch {
    // Not there yet: the store makes it, readable by the server's user only.
    return;
  }
  if ((mode & 0o077) !== 0) logger.warn({ dataDir, mode: `0${(mode & 0o777).toString(8)}` }, 'other users of this machine can open the data folder: make it 0700 (chmod 700)');
}

/**
 * Graceful shutdown, for the caller's SIGTERM/SIGINT handler: stops accepting connections, lets requests
 * in flight finish (a form being stored is stored and answered), refuses a submission that comes after
 * with 503 and Retry-After, stops an order's files still arriving with the same answer (nothing of them
 * kept), ends every connection with its answer, and cuts what is still open after `graceMs`; then lets a
 * mail being sent finish and closes the database. What is left in the outbox goes out after the restart.
 */
export async function stopServer(server: Server, options: { graceMs?: number } = {}): Promise<void> {
  closers.get(server)?.drain();
  await closeHttp(server, options);
  await closers.get(server)?.close();
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
