// The production server with the forms API on a free port, over the fixture build and a temporary data
// folder with a real SQLite file, and plain HTTP requests sent byte for byte.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { todayInNetherlands } from '../../src/shared/netherlands-clock.ts';
import type { WeekHours } from '../../schemas/opening-hours.ts';
import { apiPlugin, type ApiOptions } from '../../src/server/api.ts';
import { collectingLogger, type LogLine } from '../../src/server/log.ts';
import { createApp, startServer, stopServer, type ServerOptions } from '../../src/server/server.ts';
import { loadSiteIndex } from '../../src/server/site-index.ts';
import { projectRoot } from './fixtures.ts';

export const fixtureDist = join(projectRoot, 'tests', 'fixtures', 'dist');

export interface ApiServer {
  server: Server;
  port: number;
  /** http://127.0.0.1:<port>, what a browser on the site sends as its Origin. */
  origin: string;
  dataDir: string;
  /** What the server logged, parsed. */
  logs: LogLine[];
  stop(): Promise<void>;
}

/** Starts the server; `dataDir` reuses a folder (a restart), otherwise a new temporary one is made and removed at stop. */
export async function startApiServer(options: Partial<ServerOptions> = {}): Promise<ApiServer> {
  const own = options.dataDir === undefined;
  const dataDir = options.dataDir ?? join(mkdtempSync(join(tmpdir(), 'api-')), 'data');
  const { logger, lines: logs } = collectingLogger();
  const server = await startServer({
    distDir: fixtureDist,
    port: 0,
    host: '127.0.0.1',
    rateLimit: 10_000,
    // Tests send many appointments from one address; the limit's own test sets it back.
    confirmationsPerDay: 10_000,
    delivery: { pollMs: 20, backoffMs: () => 50 },
    logger,
    ...options,
    dataDir,
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    logs,
    stop: async () => {
      if (server.listening) await stopServer(server, { graceMs: 1_000 });
      if (own) rmSync(join(dataDir, '..'), { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Reads an answer to its end: its status, headers and text, and its JSON when it is JSON. */
export function readReply(res: IncomingMessage): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
    });
    res.on('error', reject);
  });
}

/** One request on a fresh connection. */
export function send(port: number, path: string, options: { method?: string; headers?: Record<string, string | number>; body?: string | Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      readReply(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POSTs `body` as JSON (a string is sent as it is). */
export function postJson(port: number, path: string, body: unknown, headers: Record<string, string | number> = {}): Promise<Reply> {
  return send(port, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let week: WeekHours | undefined;
/** The first day after today in the Netherlands that the lab is open (the fixture build's hours): the appointment form takes it at 10:30. */
export function openDay(): string {
  week ??= loadSiteIndex(fixtureDist).forms.openingHours;
  const date = new Date(`${todayInNetherlands()}T12:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (!week[(date.getUTCDay() + 6) % 7]!.opens);
  return date.toISOString().slice(0, 10);
}

/** A valid appointment request as the browser sends it, spam signals included. */
export function appointment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    FullName: 'Anna de Vries',
    EmailAddress: 'anna@example.nl',
    PhoneNumber: '06-12345678',
    Service: 'crowns_bridges',
    PreferredDate: openDay(),
    PreferredTime: '10:30',
    AdditionalMessage: 'Graag in de ochtend.',
    _hp: '',
    _elapsedMs: 8_000,
    ...overrides,
  };
}

export const contact = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Jan Jansen',
  email: 'jan@example.nl',
  subject: 'Opening hours',
  message: 'Are you open on Saturdays?',
  _hp: '',
  _elapsedMs: 8_000,
  ...overrides,
});

export const testimonial = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Dr. Pieters',
  role: 'Dentist, Utrecht',
  text: 'Crowns that fit the first time.',
  rating: 5,
  consent: true,
  _hp: '',
  _elapsedMs: 8_000,
  ...overrides,
});

/** The order form's text fields, as the browser sends them. */
export const orderFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  dentistName: 'Dr. Jan Jansen',
  clinicName: 'Tandartspraktijk Centrum',
  email: 'jan@praktijk.nl',
  phone: '+31 6 12345678',
  serviceType: 'Zirconia crown 16',
  patientAge: '45',
  additionalInfo: 'Shade A2',
  _hp: '',
  _elapsedMs: '8000',
  ...overrides,
});

export interface StoredSubmission {
  id: string;
  kind: string;
  lang: string;
  data: Record<string, unknown>;
  /** The first file's path and name (an order's one file before orders took several). */
  upload_path: string | null;
  upload_name: string | null;
  files: { path: string; name: string; kind: string; size: number }[];
  /** Why it was taken for a bot's, or null. */
  spam: string | null;
  messages: { to: string; subject: string; text: string; replyTo?: string; attachments?: { path: string; filename: string; contentType: string }[]; attachment?: { path: string; filename: string } }[];
}

/** Everything in the data folder's SQLite file, read through its own connection. */
export function storedSubmissions(dataDir: string): StoredSubmission[] {
  const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT id, kind, lang, data, spam FROM submissions ORDER BY rowid').all() as (Omit<StoredSubmission, 'data' | 'messages' | 'files' | 'upload_path' | 'upload_name'> & {
      data: string;
    })[];
    const messages = db.prepare('SELECT message FROM outbox WHERE submission_id = ? ORDER BY rowid');
    const files = db.prepare('SELECT path, name, kind, size FROM files WHERE submission_id = ? ORDER BY position');
    return rows.map((row) => ({
      ...row,
      ...((kept) => ({ files: kept, upload_path: kept[0]?.path ?? null, upload_name: kept[0]?.name ?? null }))(files.all(row.id) as StoredSubmission['files']),
      data: JSON.parse(row.data) as Record<string, unknown>,
      messages: (messages.all(row.id) as { message: string }[]).map((m) => JSON.parse(m.message) as StoredSubmission['messages'][number]),
    }));
  } finally {
    db.close();
  }
}

/** How many mails are still waiting in the outbox. */
export function pendingMails(dataDir: string): number {
  const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS count FROM outbox WHERE status = 'pending'").get() as { count: number }).count;
  } finally {
    db.close();
  }
}

/** The files in a folder under the data folder, or none when it does not exist. */
export function filesIn(dataDir: string, folder: string): string[] {
  try {
    // uploads/.incoming/ is listed apart: it holds what is still arriving (see incomingUploads).
    return readdirSync(join(dataDir, folder)).filter((name) => name !== '.incoming');
  } catch {
    return [];
  }
}

/** Uploads still arriving, or left by a failure: none once every request is answered. */
export function incomingUploads(dataDir: string): string[] {
  return filesIn(dataDir, join('uploads', '.incoming'));
}

/** The forms API alone, on a free port, with a store of the test's own (one that fails, say); its logs are collected. */
export async function startApiWithStore(
  store: ApiOptions['store'],
  dataDir: string,
  health: ApiOptions['health'] = () => ({ database: null, waiting: 0, givenUp: 0, oldestWaitingAt: null }),
  /** Further options, such as the clock (`now`). */
  more: Partial<ApiOptions> = {},
): Promise<{ port: number; logs: LogLine[]; stop: () => Promise<void> }> {
  const { logger, lines: logs } = collectingLogger();
  const app = createApp();
  await app.register(apiPlugin, {
    forms: loadSiteIndex(fixtureDist).forms,
    store,
    health,
    delivery: { kick: () => {} },
    dataDir,
    rateLimit: 100,
    minFillMs: 3000,
    logger,
    ...more,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, logs, stop: () => app.close() };
}
