import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../schemas/common.ts';
import { formSchemasFor, type FormKind } from './forms.ts';
import { formEndpoints, type FormEndpoint } from '../../schemas/form-endpoints.ts';
import type { FormsSettings } from '../../schemas/site-index.ts';
import { messageVars } from '../shared/field-messages.ts';
import { langOfPath, localizePath } from '../shared/paths.ts';
import { referenceOf } from '../shared/reference.ts';
import { uploadMessages } from '../shared/upload-messages.ts';
import { maxOrderBytes, maxOrderFileBytes, maxOrderFiles } from '../shared/upload-limits.ts';
import { clientKey } from './client-key.ts';
import type { Logger } from './log.ts';
import { OrderSlots } from './order-slots.ts';
import { safeHeader } from './mail.ts';
import type { SubmissionInput } from './store.ts';
import { defaultFrom, mailMessageKeys, mailsFor, translator, type Translate, type UploadInfo } from './submissions.ts';
import { checkUpload, discardUpload, fileSource, keepUpload, receiveUpload, UploadTooLarge, type UploadCheck } from './uploads.ts';
import { lingerOnClose } from './linger.ts';

/** The limits of the forms API. */
export const apiLimits = {
  /** A JSON body. */
  jsonBytes: 32 * 1024,
  /**
   * How deeply a JSON body may nest (a form is one object of plain values: 2 levels with an array in a
   * field). Checked on the raw text before it is parsed, so nothing ever recurses over a deeper one.
   */
  jsonDepth: 8,
  /** Files one order may carry (decision 27). */
  files: maxOrderFiles,
  /** One file of an order. */
  fileBytes: maxOrderFileBytes,
  /** An order's files together: reading stops at the byte that passes it. */
  orderBytes: maxOrderBytes,
  /** The whole multipart body, as its Content-Length may declare it: the files plus room for the text fields and the parts' headers. */
  multipartBytes: maxOrderBytes + 256 * 1024,
  /** One text field of a multipart form (the longest, additionalInfo, is 3,000 characters). */
  fieldBytes: 16 * 1024,
  /** Text fields of a multipart form. */
  fields: 30,
  /** The rate limit's window. */
  rateWindowMs: 10 * 60_000,
  /** Large orders whose files may arrive at once, a quarter of them per client; the next is told to come back in a minute. */
  uploadsAtOnce: 8,
  /**
   * The minimum rate of an order's body, measured over each stall period (`stallMs`, 30 s): one that
   * brings less has stalled (or trickles to hold its slot), and its connection is closed. 8 KiB/s, about
   * 64 kbit/s, a fraction of the slowest line that sends a scan (a 100 MB order at this rate would take
   * 3.5 hours, past the hour an order is given, so a real upload is far faster), and eight times what a
   * client trickling 1 KB/s to hold a slot sends.
   */
  minBytesPerSecond: 8 * 1024,
  /** An order that declares at most this many bytes is small: it has a lane of its own (OrderSlots). */
  smallOrderBytes: 2 * 1024 * 1024,
} as const;

export interface ApiOptions {
  /** The `forms` section of dist/site.json. */
  forms: FormsSettings;
  /** Where a submission goes; it is on disk once `save` has returned (or resolved). */
  store: { save(input: SubmissionInput): string | Promise<string> };
  /** The state `GET /api/health` reports: whether the database takes a write, and the outbox. */
  health: () => Health;
  /** Told after each save, so the mails go out at once. */
  delivery: { kick(): void };
  /** Uploads are stored under `<dataDir>/uploads/`. */
  dataDir: string;
  /** LAB_EMAIL: the lab's notifications go here rather than to forms.labEmail. */
  labEmail?: string;
  /** MAIL_FROM: the From of every mail, rather than `"<site name> website" <lab address>`. */
  mailFrom?: string;
  /** Submissions one client may make in ten minutes (FORM_RATE_LIMIT). */
  rateLimit: number;
  /** Origins besides the site's own whose pages may send the forms (SITE_ORIGINS), e.g. a preview on a LAN address. */
  origins?: readonly string[];
  /** A form sent sooner after it was shown is taken for a bot's and kept as suspected spam, without mails (FORM_MIN_FILL_MS). */
  minFillMs: number;
  logger: Logger;
  /** The clock of the mails; tests pass their own. */
  now?: () => number;
  /** Orders whose files may arrive at once (apiLimits.uploadsAtOnce); tests pass fewer. */
  uploadsAtOnce?: number;
  /** How often an order's body is looked at for progress (serverTimeouts.stallMs); tests pass less. */
  stallMs?: number;
  /** Aborted when the server stops: a submission is then refused with 503 and Retry-After, and an order's files still arriving are stopped. */
  stopping?: AbortSignal;
}

/** What the health check finds: the database's fault if it has one, and the mails waiting or given up. */
export interface Health {
  database: string | null;
  /** Null when the outbox cannot be read (the database is corrupt). */
  waiting: number | null;
  givenUp: number | null;
  /** When the oldest waiting mail was queued (ms since the epoch), or null. */
  oldestWaitingAt: number | null;
}

/** A waiting mail older than this means the outbox does not drain: the mail server refuses or cannot be reached. */
export const drainMs = 60 * 60_000;

/** A fault of the disk or the database: the server cannot store, which a wait may cure (503, not 500). */
export function isStorageFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|BUSY|LOCKED|PERM)/.test(code) || ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'ENOTDIR'].includes(code);
}

/** An endpoint (schemas/form-endpoints.ts) with the form it stores. */
interface Endpoint extends FormEndpoint {
  kind: FormKind;
}

/** The forms' endpoints by path. */
const endpoints: Record<string, Endpoint> = Object.fromEntries(Object.entries(formEndpoints).map(([kind, endpoint]) => [endpoint.path, { ...endpoint, kind: kind as FormKind }]));

const apiMessageKeys = [
  'apiErrors.invalid',
  'apiErrors.malformed',
  'apiErrors.tooLarge',
  'apiErrors.unsupportedType',
  'apiErrors.forbidden',
  'apiErrors.rateLimited',
  'apiErrors.fileRejected',
  'apiErrors.server',
  'apiErrors.unavailable',
  'apiErrors.notFound',
  'apiErrors.methodNotAllowed',
  'apiErrors.notSentTitle',
  'apiErrors.notSentText',
  'apiErrors.notSentBack',
  'apiErrors.notSentContact',
  'validation.fileMissing',
  'validation.fileEmpty',
  'validation.fileTooLarge',
  'validation.fileCount',
  'validation.filesTotal',
  ...new Set(Object.values(uploadMessages)),
];

/** The visitor's language: `?lang=en|nl`, else the first of en and nl in Accept-Language, else English. */
export function requestLanguage(query: URLSearchParams, acceptLanguage: string | undefined): Lang {
  const asked = query.get('lang');
  if (asked === 'en' || asked === 'nl') return asked;
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranges.find((range) => range.primary === 'en' || range.primary === 'nl')?.primary;
  return found === 'nl' ? 'nl' : 'en';
}

/** The query of a request, read from its raw target. */
function queryOf(req: IncomingMessage): URLSearchParams {
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  return new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
}

/**
 * A form the browser sent by itself, as a page load: the page's scripts did not run (or are off), so
 * the browser shows whatever comes back. Fetches from the page say `Sec-Fetch-Mode: cors`/`same-origin`.
 */
function isPageLoad(req: IncomingMessage): boolean {
  const mode = req.headers['sec-fetch-mode'];
  return mode !== undefined ? mode === 'navigate' : /\btext\/html\b/.test(req.headers.accept ?? '');
}

/** The language of the page a form was sent from (its Referer), else the request's. */
function pageLanguage(req: IncomingMessage, query: URLSearchParams): Lang {
  if (query.get('lang') === null && req.headers.referer) {
    const from = URL.parse(req.headers.referer)?.pathname;
    if (from && langOfPath(from) === 'nl') return 'nl';
  }
  return requestLanguage(query, req.headers['accept-language']);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * How deeply a JSON text nests its arrays and objects, counted byte by byte without recursion (brackets
 * inside strings do not count); stops counting past `limit`.
 */
export function jsonNesting(text: Uint8Array, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i]!;
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      depth++;
      if (depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return deepest;
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The Content-Length a request declares, or undefined when it has none (chunked) or a nonsense one. */
function declaredLength(req: IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  params?: unknown;
}

/** The first message of each field, in the visitor's language, with the values it names ({max}, the day and its hours) filled in. */
function fieldErrors(issues: readonly Issue[], t: Translate, known: Record<string, string>, lang: Lang): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field in fields) continue;
    // A schema message is a UI key; zod's own English for a case the schema does not word gets the general text.
    const key = issue.message in known ? issue.message : 'apiErrors.invalid';
    fields[field] = t(key, messageVars(issue, lang));
  }
  return fields;
}

/** The message of a refused file, as the browser words it: that it is empty, too large or damaged, or (only then) that its content is none of the accepted kinds. */
function fileProblem(check: Extract<UploadCheck, { ok: false }>): string {
  return check.reason === 'unknown-type' ? 'apiErrors.fileRejected' : uploadMessages[check.reason];
}

/**
 * Why a submission is taken for a bot's: a filled honeypot, or a fill time shorter than a person needs.
 * A missing fill time is no sign by itself: a client posting the specification's own payload sends none.
 */
function spamReason(body: Record<string, unknown>, minFillMs: number): string | undefined {
  const honeypot = body._hp;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot filled';
  const raw = body._elapsedMs;
  const elapsed = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (Number.isFinite(elapsed) && elapsed < minFillMs) return `filled in ${Math.max(0, Math.round(elapsed))} ms`;
  return undefined;
}

/** A file's name as the sender gave it, made one header-safe line of at most 200 characters without a path; empty when nothing is left. */
export function cleanFilename(name: string): string {
  return [...safeHeader(name).replace(/[/\\]/g, '_')].slice(0, 200).join('').trim();
}

/** A refused file in an answer: its place among the order's files as they were sent (from 1), its name and why. */
export interface RefusedFile {
  position: number;
  name: string;
  error: string;
}

/** A file of an order refused as it arrived or when checked: where it was, the name it came with, and the UI key of why. */
interface FileProblem {
  position: number;
  filename: string;
  key: string;
}

/**
 * The answer's word on refused files: `fields.file` says it at the field (each message after its file's
 * name when the order had more than one), `files` beside each file, by its position.
 */
function refusedFiles(problems: readonly FileProblem[], t: Translate, several: boolean): { field: string; files: RefusedFile[] } {
  const files = problems.map((problem) => ({ position: problem.position, name: cleanFilename(problem.filename), error: t(problem.key) }));
  const field = files.map((file) => (several && file.name ? `${file.name}: ${file.error}` : file.error)).join(' ');
  return { field, files };
}

/** A refusal the API words itself: status, the UI key of its message, and how the connection ends. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    /** Seconds after which the sender may try again (Retry-After). */
    readonly retryAfter?: number,
    /** The order's files it is about (too large, one too many), each worded beside its file. */
    readonly files?: { problems: FileProblem[]; several: boolean },
  ) {
    super(key);
  }
}

const malformed = () => new Refusal(400, 'apiErrors.malformed');
/** The server is stopping (a restart): the sender may send again in a few seconds. */
const stoppingRefusal = () => new Refusal(503, 'apiErrors.unavailable', {}, 10);
const tooLarge = () => new Refusal(413, 'apiErrors.tooLarge');

/** How the framework's and its plugins' errors about a body are answered. */
const frameworkRefusals: Record<string, () => Refusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: tooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: malformed,
  FST_ERR_CTP_INVALID_JSON_BODY: malformed,
  FST_REQ_FILE_TOO_LARGE: tooLarge,
  FST_FIELDS_LIMIT: tooLarge,
  FST_PARTS_LIMIT: tooLarge,
  FST_INVALID_MULTIPART_CONTENT_TYPE: malformed,
  // A body of a type no route here reads (sent to an unknown /api/ path).
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new Refusal(415, 'apiErrors.unsupportedType'),
};

/** One file of an order as it arrived: the sender's name for it, and where it is on disk under a temporary name. */
interface ReceivedFile {
  filename: string;
  path: string;
  size: number;
}

/** The text fields and the files of a multipart order, in the order they were sent. */
interface OrderBody {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/**
 * Reads an order's parts, each file straight to disk, and stops at the first limit it passes: a file
 * over `fileBytes`, the files together over `orderBytes`, one file more than `files` (each refused beside
 * that file); a field given twice or a cut-off body is malformed. When it throws, no file it received is left.
 */
async function readOrder(request: FastifyRequest, dataDir: string, stopping?: AbortSignal): Promise<OrderBody> {
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let total = 0;
  // The file arriving now, stopped when the server stops (its part of the file is removed as it fails).
  let arriving: Readable | undefined;
  const stop = () => arriving?.destroy(stoppingRefusal());
  stopping?.addEventListener('abort', stop, { once: true });
  try {
    for await (const part of request.parts()) {
      if (stopping?.aborted) throw stoppingRefusal();
      if (part.type === 'file') {
        // Only parts named `file` are kept; another file part is read and thrown away (and counts toward the limit of files).
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        let received: { path: string; size: number };
        try {
          arriving = part.file;
          received = await receiveUpload(dataDir, part.file, { maxBytes: apiLimits.orderBytes - total });
        } catch (error) {
          if (!(error instanceof UploadTooLarge)) throw error;
          const key = error.limit === 'file' ? 'validation.fileTooLarge' : 'validation.filesTotal';
          throw new Refusal(413, 'apiErrors.tooLarge', {}, undefined, { problems: [{ position: files.length + 1, filename: part.filename, key }], several: files.length > 0 });
        }
        total += received.size;
        // The empty part a form sends for a file field left empty is no file.
        if (received.size === 0 && part.filename === '') await discardUpload(received.path);
        else files.push({ filename: part.filename, ...received });
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
      if (Object.hasOwn(fields, part.fieldname)) throw malformed();
      // busboy decodes a field's bytes as UTF-8 and puts U+FFFD for a byte that is not: such a field is
      // refused as the JSON forms refuse it, never stored with the replacement character in it.
      if (typeof part.value === 'string' && part.value.includes('\uFFFD')) throw malformed();
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  } catch (error: unknown) {
    await discardAll(files);
    if (stopping?.aborted) throw stoppingRefusal();
    if (error instanceof Refusal) throw error;
    if (isStorageFault(error)) throw error;
    const code = (error as { code?: string }).code;
    // busboy counts the file parts (those of other names too) and skips, unread, the one past the limit: the sixth file.
    if (code === 'FST_FILES_LIMIT') {
      throw new Refusal(400, 'apiErrors.invalid', {}, undefined, { problems: [{ position: apiLimits.files + 1, filename: '', key: 'validation.fileCount' }], several: true });
    }
    const refusal = code ? frameworkRefusals[code] : undefined;
    // busboy's own errors (no boundary, a body that ends mid-part) say the form cannot be read.
    throw refusal ? refusal() : malformed();
  } finally {
    arriving = undefined;
    stopping?.removeEventListener('abort', stop);
  }
  return { fields, files };
}

/**
 * Watches an order's body as it arrives: one that brings less than `apiLimits.minBytesPerSecond` over
 * `everyMs` has stalled (or trickles), and its connection is closed (its files go with it). A slow but
 * steady upload goes on for as long as it takes, up to the server's request timeout for an order
 * (serverTimeouts.uploadMs).
 */
function watchProgress(request: FastifyRequest, reply: FastifyReply, everyMs: number): void {
  const least = (apiLimits.minBytesPerSecond * everyMs) / 1000;
  const socket = request.raw.socket;
  // Read off the socket, which counts every byte: a listener on the request would start its flow before busboy reads it.
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.raw.complete || socket.destroyed) return clearInterval(timer);
    if (socket.bytesRead - seen < least) {
      clearInterval(timer);
      socket.destroy();
    }
    seen = socket.bytesRead;
  }, everyMs);
  timer.unref();
  reply.raw.once('close', () => clearInterval(timer));
}

/**
 * The forms API as a Fastify plugin: POST /api/AppointmentBooking.php, /api/contact and /api/testimonial
 * (JSON) and /api/order (multipart with up to five parts named `file`). Every answer to the page's scripts is
 * JSON: `{"success":true}`, or `{"success":false,"error":"...","fields"?:{...}}` in the visitor's language,
 * an order's with `"files":[{"position":2,"name":"...","error":"..."}]` naming each refused file by its
 * place among the files sent (from 1); a form the browser sent by
 * itself gets a page saying it was not sent. A request is refused by its
 * origin, rate, type and declared size before a byte of its body is read (under `Expect: 100-continue`,
 * before it is sent). An accepted submission is stored with its mails before the answer; a bot's
 * (honeypot, fill time) gets the same answer and is kept as suspected spam, unchecked and without mails.
 */
export async function apiPlugin(app: FastifyInstance, options: ApiOptions): Promise<void> {
  const { forms, store, delivery, dataDir, logger } = options;
  const now = options.now ?? Date.now;
  const translate = { en: translator(forms.messages.en), nl: translator(forms.messages.nl) };
  for (const lang of ['en', 'nl'] as const) {
    const missing = [...apiMessageKeys, ...mailMessageKeys].filter((key) => forms.messages[lang][key] === undefined);
    if (missing.length > 0) throw new Error(`site.json forms.messages.${lang} lacks ${missing.join(', ')}: rebuild with npm run build`);
  }
  // An appointment is checked against the lab's opening hours, at the server's clock (the tests' own).
  const schemas = formSchemasFor(forms.openingHours, () => new Date(now()));
  const labTo = options.labEmail ?? forms.labEmail;
  const setup = { forms, labTo, from: options.mailFrom ?? defaultFrom(forms.siteName, labTo) };
  const origins = new Set([new URL(forms.siteUrl).origin, ...(options.origins ?? [])].map((origin) => origin.toLowerCase()));
  /**
   * The site's configured origins, and the server's own loopback addresses on the port the request came in
   * on (a preview on this machine). Never the request's Host: a page on a rebound domain names its own.
   */
  const allowedOrigin = (request: FastifyRequest, origin: string) => {
    if (origins.has(origin)) return true;
    const port = request.socket.localPort;
    return origin === `http://localhost:${port}` || origin === `http://127.0.0.1:${port}` || origin === `http://[::1]:${port}`;
  };
  const t = (request: FastifyRequest) => translate[requestLanguage(queryOf(request.raw), request.headers['accept-language'])];

  // A storage fault is logged when it starts and when it clears, not with every submission it refuses.
  let storageFault = false;
  /** The orders whose body is being read now, shared fairly between clients. */
  const slots = new OrderSlots(options.uploadsAtOnce ?? apiLimits.uploadsAtOnce, apiLimits.smallOrderBytes);
  const stored = () => {
    if (!storageFault) return;
    storageFault = false;
    logger.info('submissions are stored again');
  };

  /** Sends one answer; a body left unread (or cut off) ends the connection once the answer is out. */
  function answer(request: FastifyRequest, reply: FastifyReply, status: number, type: string, text: string): FastifyReply {
    reply.code(status).header('content-type', type).header('cache-control', 'no-store');
    if (!request.raw.complete && !request.raw.readableEnded && (declaredLength(request.raw) !== 0 || request.headers['transfer-encoding'] !== undefined)) {
      reply.header('connection', 'close');
      // The answer first, then an orderly end while what still comes is dropped: a client still sending the
      // body reads the answer this way, rather than losing it to a reset.
      lingerOnClose(request.raw.socket, request.raw);
    }
    return reply.send(text);
  }

  function fail(request: FastifyRequest, reply: FastifyReply, status: number, error: string, fields?: Record<string, string>, files?: RefusedFile[]): FastifyReply {
    // Too large: what may still come is not read, so the connection ends with this answer.
    if (status === 413) reply.header('connection', 'close');
    const body = { success: false, error, ...(fields ? { fields } : {}), ...(files && files.length > 0 ? { files } : {}) };
    return answer(request, reply, status, 'application/json; charset=utf-8', JSON.stringify(body));
  }

  /**
   * The answer to a form sent as a page load: a plain page in the visitor's language that says it was
   * not sent, that Back returns to the form with what they typed, and how to reach the lab instead.
   */
  async function notSentPage(request: FastifyRequest, reply: FastifyReply, endpoint: Endpoint, options: { payload?: Readable; status?: number } = {}): Promise<void> {
    const payload = options.payload ?? request.raw;
    const lang = pageLanguage(request.raw, queryOf(request.raw));
    const text = (key: string) => escapeHtml(translate[lang](key));
    // Read to its end (as far as the largest form may be), so the browser, still sending, shows the page.
    let bytes = 0;
    for await (const chunk of payload) {
      bytes += (chunk as Buffer).length;
      if (bytes > apiLimits.multipartBytes) break;
    }
    const phone = escapeHtml(forms.phone);
    const email = escapeHtml(forms.labEmail);
    const html = [
      '<!doctype html>',
      `<html lang="${lang}">`,
      `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text('apiErrors.notSentTitle')} | ${escapeHtml(forms.siteName)}</title></head>`,
      '<body><main>',
      `<h1>${text('apiErrors.notSentTitle')}</h1>`,
      `<p>${text('apiErrors.notSentText')}</p>`,
      `<p><a href="${localizePath(endpoint.page, lang)}">${text('apiErrors.notSentBack')}</a></p>`,
      `<p>${text('apiErrors.notSentContact')} <a href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a> · <a href="mailto:${email}">${email}</a></p>`,
      '</main></body>',
      '</html>',
    ].join('\n');
    answer(request, reply, options.status ?? 400, 'text/html; charset=utf-8', html);
  }

  // The JSON of a form: UTF-8 only (a byte that is not is refused, never replaced), parsed as plain JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: apiLimits.jsonBytes }, (_request, body, done) => {
    try {
      // Deeper than any form: refused before JSON.parse, the schema or the store (a bot's body is stored as it came) recurse over it.
      if (jsonNesting(body as Buffer, apiLimits.jsonDepth) > apiLimits.jsonDepth) throw malformed();
      done(null, JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer)));
    } catch {
      done(malformed());
    }
  });
  await app.register(multipart, {
    limits: { fileSize: apiLimits.fileBytes, files: apiLimits.files, fields: apiLimits.fields, fieldSize: apiLimits.fieldBytes, parts: apiLimits.fields + apiLimits.files, headerPairs: 20 },
  });
  // One count per client for all four forms; the routes that refuse before reading are not counted.
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit,
    timeWindow: apiLimits.rateWindowMs,
    // A client is its address (an IPv6 one by its /64 network), from X-Forwarded-For only behind a trusted proxy.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => new Refusal(429, 'apiErrors.rateLimited', { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) }),
  });

  // Another site's page may not send the lab a form (checked before the rate limit counts it); a stopping server takes none.
  app.addHook('onRequest', async (request, reply) => {
    if (!Object.hasOwn(endpoints, request.routeOptions.url ?? '') || request.method !== 'POST') return;
    if (options.stopping?.aborted) return fail(request, reply.header('retry-after', '10'), 503, t(request)('apiErrors.unavailable'));
    const origin = request.headers.origin?.toLowerCase();
    if (request.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !allowedOrigin(request, origin))) {
      return fail(request, reply, 403, t(request)('apiErrors.forbidden'));
    }
  });

  app.setErrorHandler(async (error: Error & { code?: string }, request, reply) => {
    const refusal = error instanceof Refusal ? error : error.code ? frameworkRefusals[error.code]?.() : undefined;
    // A form the browser sent by itself gets a page, not JSON, whatever refused it before its body was read.
    const endpoint = endpoints[request.routeOptions.url ?? ''];
    if (refusal?.status === 429 && endpoint && isPageLoad(request.raw)) return notSentPage(request, reply, endpoint, { status: 429 });
    if (refusal?.retryAfter) reply.header('retry-after', String(refusal.retryAfter));
    if (refusal?.files) {
      const { field, files } = refusedFiles(refusal.files.problems, t(request), refusal.files.several);
      return fail(request, reply, refusal.status, t(request)(refusal.key, refusal.vars), { file: field }, files);
    }
    if (refusal) return fail(request, reply, refusal.status, t(request)(refusal.key, refusal.vars));
    // The client went away mid-body: nobody is left to answer, and it is no fault of the server.
    if (request.raw.socket.destroyed || (error.message === 'aborted' && request.raw.aborted)) {
      logger.info({ path: request.routeOptions.url }, 'a form was cut off by its sender');
      request.raw.socket.destroy();
      return reply;
    }
    if (isStorageFault(error)) {
      if (!storageFault) logger.error({ err: error, path: request.routeOptions.url }, 'submissions cannot be stored: answering 503 until they can');
      storageFault = true;
      reply.header('retry-after', '300');
      return fail(request, reply, 503, t(request)('apiErrors.unavailable'));
    }
    logger.error({ err: error, method: request.method, path: request.routeOptions.url }, 'error answering a form');
    return fail(request, reply, 500, t(request)('apiErrors.server'));
  });

  for (const [path, endpoint] of Object.entries(endpoints)) {
    app.post(path, {
      bodyLimit: endpoint.body === 'json' ? apiLimits.jsonBytes : apiLimits.multipartBytes,
      // An order's files may take many minutes on a slow line: held to stalls (watchProgress), not to the 3 minutes of a form.
      config: { slowBody: endpoint.body === 'multipart' },
      // Before the body: a form the browser sent by itself, then the type and the declared size; then,
      // when the client waits for it, the go-ahead to send the body.
      preParsing: async (request, reply, payload) => {
        // Nothing of a form sent without the page's scripts is kept: it had neither their checks nor the fill time.
        if (isPageLoad(request.raw)) {
          await notSentPage(request, reply, endpoint, { payload });
          return payload;
        }
        const wanted = endpoint.body === 'json' ? 'application/json' : 'multipart/form-data';
        if (mediaType(request.raw) !== wanted) throw new Refusal(415, 'apiErrors.unsupportedType');
        const length = declaredLength(request.raw);
        if (length !== undefined && length > (endpoint.body === 'json' ? apiLimits.jsonBytes : apiLimits.multipartBytes)) throw tooLarge();
        if (endpoint.body === 'multipart') {
          // Each file arriving holds a connection and room on disk: a few at a time, a share per client and
          // a lane for small orders (OrderSlots); the rest come back shortly.
          const release = slots.take(clientKey(request.ip), length);
          if (!release) throw new Refusal(503, 'apiErrors.unavailable', {}, 60);
          reply.raw.once('close', release);
          watchProgress(request, reply, options.stallMs ?? 30_000);
        }
        if (request.headers.expect?.toLowerCase() === '100-continue') reply.raw.writeContinue();
        return payload;
      },
      handler: (request, reply) => (endpoint.body === 'json' ? take(request, reply, endpoint, request.body) : takeOrder(request, reply, endpoint)),
    });
    // Any other method gets 405 (HEAD without a body), before a byte of a body is read.
    app.route({
      method: ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      url: path,
      config: { rateLimit: false },
      handler: (request, reply) => fail(request, reply.header('allow', 'POST'), 405, t(request)('apiErrors.methodNotAllowed')),
    });
  }
  // What a load balancer or an uptime monitor polls: 200 while submissions can be stored and mail goes out.
  app.get('/api/health', { config: { rateLimit: false } }, (request, reply) => {
    const state = options.health();
    const draining = state.oldestWaitingAt === null || now() - state.oldestWaitingAt < drainMs;
    const ok = state.database === null && draining;
    const body = {
      status: ok ? 'ok' : 'failing',
      database: state.database === null ? 'writable' : `cannot be written: ${state.database}`,
      mails: {
        waiting: state.waiting,
        givenUp: state.givenUp,
        oldestWaitingMinutes: state.oldestWaitingAt === null ? null : Math.floor((now() - state.oldestWaitingAt) / 60_000),
      },
    };
    return reply
      .code(ok ? 200 : 503)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(JSON.stringify(body));
  });
  app.all('/api/*', { config: { rateLimit: false } }, (request, reply) => fail(request, reply, 404, t(request)('apiErrors.notFound')));

  async function takeOrder(request: FastifyRequest, reply: FastifyReply, endpoint: Endpoint): Promise<FastifyReply> {
    const order = await readOrder(request, dataDir, options.stopping);
    try {
      // As the browser sends it: a blank field is an absent one.
      const body = Object.fromEntries(Object.entries(order.fields).filter(([, value]) => value.trim() !== ''));
      return await take(request, reply, endpoint, body, order);
    } finally {
      // Kept files were moved away, refused ones removed before the answer; this catches what a fault left.
      await discardAll(order.files);
    }
  }

  async function take(request: FastifyRequest, reply: FastifyReply, endpoint: Endpoint, parsed: unknown, order?: OrderBody): Promise<FastifyReply> {
    const lang = requestLanguage(queryOf(request.raw), request.headers['accept-language']);
    const tr = translate[lang];
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw malformed();
    const body = parsed as Record<string, unknown>;
    const spam = spamReason(body, options.minFillMs);
    if (spam) {
      // Kept, unchecked and without mails (nor the files of an order): the lab can still find a person's
      // form among them, and retention deletes them as any other.
      if (order) await discardAll(order.files);
      const id = await store.save({ id: randomUUID(), kind: endpoint.kind, lang, data: body, messages: [], spam });
      stored();
      logger.info({ kind: endpoint.kind, id, reason: spam }, 'submission kept as suspected spam');
      // The same answer as any other's, so a bot learns nothing; the desk finds it by its reference too.
      return answer(request, reply, 200, 'application/json; charset=utf-8', successAnswer(id));
    }

    const result = schemas[endpoint.kind].safeParse(body);
    const fields = result.success ? {} : fieldErrors(result.error.issues, tr, forms.messages[lang], lang);
    const accepted: (ReceivedFile & { kind: UploadInfo['kind']; extension: string })[] = [];
    let refused: RefusedFile[] = [];
    if (order) {
      const problems: FileProblem[] = [];
      // One file after another, each read in slices from disk (never whole), now that all have arrived.
      for (const [index, file] of order.files.entries()) {
        const check = await fileSource(file.path, checkUpload);
        if (check.ok) accepted.push({ ...file, kind: check.kind, extension: check.extension });
        else problems.push({ position: index + 1, filename: file.filename, key: fileProblem(check) });
      }
      if (order.files.length === 0) fields.file = tr('validation.fileMissing');
      else if (problems.length > 0) ({ field: fields.file, files: refused } = refusedFiles(problems, tr, order.files.length > 1));
    }
    if (!result.success || Object.keys(fields).length > 0) {
      // Gone before the answer, so nothing of a refused order is on disk once the sender reads why.
      if (order) await discardAll(order.files);
      return fail(request, reply, 400, tr('apiErrors.invalid'), fields, refused);
    }

    const data = result.data as Record<string, unknown>;
    const id = randomUUID();
    const kept: UploadInfo[] = [];
    try {
      for (const [index, file] of accepted.entries()) {
        // The sender's name is text in the mail and the desk's listing; a name with nothing left is called by its place.
        const name = cleanFilename(file.filename) || `upload-${index + 1}.${file.extension}`;
        kept.push({ path: await keepUpload(dataDir, file.path, id, file.extension, index + 1), filename: name, kind: file.kind, size: file.size });
      }
      const mails = mailsFor(endpoint.kind, data, lang, setup, new Date(now()), order ? { id, files: kept } : undefined, referenceOf(id));
      const files = kept.map((file) => ({ path: file.path, name: file.filename, kind: file.kind, size: file.size }));
      await store.save({ id, kind: endpoint.kind, lang, data, ...mails, ...(order ? { files } : {}) });
      stored();
      logger.info({ kind: endpoint.kind, id, ...(order ? { files: kept.length } : {}) }, 'submission stored');
    } catch (error) {
      // Nothing of a submission that was not stored stays on disk.
      await discardAll(kept);
      throw error;
    }
    delivery.kick();
    return answer(request, reply, 200, 'application/json; charset=utf-8', successAnswer(id));
  }
}

/** The answer to an accepted submission: `success` as the specification has it, and the reference the sender is shown (part of its id). */
const successAnswer = (id: string) => JSON.stringify({ success: true, reference: referenceOf(id) });

/** Removes files that will not be kept (a file already gone is no error). */
async function discardAll(files: readonly { path: string }[]): Promise<void> {
  await Promise.all(files.map((file) => discardUpload(file.path)));
}
