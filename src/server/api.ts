import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Lang } from '../../schemas/common.ts';
import { AppointmentRequest, ContactRequest, OrderRequest, TestimonialRequest } from '../../schemas/forms.ts';
import type { FormsSettings } from '../../schemas/site-index.ts';
import { langOfPath, localizePath } from '../shared/paths.ts';
import { BodyError, declaredLength, readJsonBody, readMultipartBody, type MultipartBody } from './body.ts';
import { safeHeader } from './mail.ts';
import { clientKey, createRateLimiter } from './rate-limit.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';
import type { SubmissionInput, SubmissionKind } from './store.ts';
import { defaultFrom, mailMessageKeys, mailsFor, translator, type Translate, type UploadInfo } from './submissions.ts';
import { detectUpload, maxUploadBytes, storeUpload, type UploadRejection } from './uploads.ts';

/** The limits of the forms API. */
export const apiLimits = {
  /** A JSON body. */
  jsonBytes: 32 * 1024,
  /** The order's file. */
  fileBytes: maxUploadBytes,
  /** The whole multipart body: the file plus room for the text fields and the part headers. */
  multipartBytes: maxUploadBytes + 64 * 1024,
  /** One text field of a multipart form (the longest, additionalInfo, is 3,000 characters). */
  fieldBytes: 16 * 1024,
  /** The rate limit's window. */
  rateWindowMs: 10 * 60_000,
} as const;

export interface ApiOptions {
  /** The `forms` section of dist/site.json. */
  forms: FormsSettings;
  /** Where a submission goes; it is on disk once `save` has returned (or resolved). */
  store: { save(input: SubmissionInput): string | Promise<string> };
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
  /** A form sent sooner after it was shown is dropped as a bot's (FORM_MIN_FILL_MS). */
  minFillMs: number;
  /** Take the client address from the last X-Forwarded-For hop (TRUST_PROXY=1). */
  trustProxy: boolean;
  log: (line: string) => void;
  /** The clock of the rate limit and the mails; tests pass their own. */
  now?: () => number;
}

/** Answers a request under /api/ and resolves to true, or resolves to false for any other path. */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** An endpoint: what it stores, how its body comes, its schema, and the page (below the language) whose form posts to it. */
type Endpoint = { kind: SubmissionKind; body: 'json' | 'multipart'; schema: Schema; page: string };

/** What the handler needs of a zod/mini schema. */
interface Schema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly Issue[] } };
}
interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
}

const endpoints: Record<string, Endpoint> = {
  '/api/AppointmentBooking.php': { kind: 'appointment', body: 'json', schema: AppointmentRequest, page: '/appointment' },
  '/api/contact': { kind: 'contact', body: 'json', schema: ContactRequest, page: '/contact' },
  '/api/testimonial': { kind: 'testimonial', body: 'json', schema: TestimonialRequest, page: '/testimonials' },
  '/api/order': { kind: 'order', body: 'multipart', schema: OrderRequest, page: '/for-doctors' },
};

const apiMessageKeys = [
  'apiErrors.invalid',
  'apiErrors.malformed',
  'apiErrors.tooLarge',
  'apiErrors.unsupportedType',
  'apiErrors.forbidden',
  'apiErrors.rateLimited',
  'apiErrors.fileRejected',
  'apiErrors.server',
  'apiErrors.notFound',
  'apiErrors.methodNotAllowed',
  'apiErrors.notSentTitle',
  'apiErrors.notSentText',
  'apiErrors.notSentBack',
  'apiErrors.notSentContact',
  'validation.fileMissing',
  'validation.fileEmpty',
  'validation.fileTooLarge',
];

const jsonHeaders = { ...securityHeaders(contentSecurityPolicy()), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

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

/** The address a client is counted under: the socket's peer, or behind a trusted proxy the last X-Forwarded-For hop. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
    const last = hops.at(-1)?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
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

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The first message of each field, in the visitor's language, with {max} filled in. */
function fieldErrors(issues: readonly Issue[], t: Translate, known: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field in fields) continue;
    // A schema message is a UI key; zod's own English for a case the schema does not word gets the general text.
    const key = issue.message in known ? issue.message : 'apiErrors.invalid';
    fields[field] = t(key, issue.code === 'too_big' ? { max: Number(issue.maximum) } : {});
  }
  return fields;
}

const fileProblems: Record<UploadRejection | 'missing', string> = {
  missing: 'validation.fileMissing',
  empty: 'validation.fileEmpty',
  'too-large': 'validation.fileTooLarge',
  'unknown-type': 'apiErrors.fileRejected',
  'macro-enabled': 'apiErrors.fileRejected',
  'docx-invalid': 'apiErrors.fileRejected',
  'docx-too-large': 'apiErrors.fileRejected',
  'stl-truncated': 'apiErrors.fileRejected',
};

/** Why a submission is taken for a bot's: a filled honeypot, or no or too short a fill time. */
function spamReason(body: Record<string, unknown>, minFillMs: number): string | undefined {
  const honeypot = body._hp;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot filled';
  const raw = body._elapsedMs;
  const elapsed = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(elapsed)) return 'no fill time';
  if (elapsed < minFillMs) return `filled in ${Math.max(0, Math.round(elapsed))} ms`;
  return undefined;
}

/** The file's name as the lab's mail attaches it: one header-safe line of at most 200 characters. */
function cleanFilename(name: string, extension: string): string {
  const cleaned = [...safeHeader(name).replace(/[/\\]/g, '_')].slice(0, 200).join('').trim();
  return cleaned || `upload.${extension}`;
}

/**
 * The forms API: POST /api/AppointmentBooking.php, /api/contact and /api/testimonial (JSON) and
 * /api/order (multipart with one `file`). Every answer is JSON: `{"success":true}`, or
 * `{"success":false,"error":"...","fields"?:{...}}` in the visitor's language. An accepted submission is
 * stored with its mails before the answer; a bot's (honeypot, fill time) gets the same answer and is dropped.
 * A server mounting it should route `checkContinue` requests to it too, so it can refuse a body before it is sent.
 */
export function createApiHandler(options: ApiOptions): ApiHandler {
  const { forms, store, delivery, dataDir, log } = options;
  const now = options.now ?? Date.now;
  const translate = { en: translator(forms.messages.en), nl: translator(forms.messages.nl) };
  for (const lang of ['en', 'nl'] as const) {
    const missing = [...apiMessageKeys, ...mailMessageKeys].filter((key) => forms.messages[lang][key] === undefined);
    if (missing.length > 0) throw new Error(`site.json forms.messages.${lang} lacks ${missing.join(', ')}: rebuild with npm run build`);
  }
  const labTo = options.labEmail ?? forms.labEmail;
  const setup = { forms, labTo, from: options.mailFrom ?? defaultFrom(forms.siteName, labTo) };
  const siteOrigin = new URL(forms.siteUrl).origin.toLowerCase();
  const limiter = createRateLimiter({ limit: options.rateLimit, windowMs: apiLimits.rateWindowMs, now });

  /** Sends one answer; `close` ends the connection once it is sent (a body left unread, or cut off). */
  function reply(req: IncomingMessage, res: ServerResponse, status: number, type: string, text: string, extra: { headers?: Record<string, string>; close?: boolean } = {}): void {
    const headers: Record<string, string | number> = { ...jsonHeaders, 'Content-Type': type, 'Content-Length': Buffer.byteLength(text), ...extra.headers };
    if (extra.close) {
      headers['Connection'] = 'close';
      // The answer first, then the socket: a browser still sending the body can read the answer this way.
      res.once('finish', () => req.socket.destroy());
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  /** Sends one JSON answer. */
  function send(req: IncomingMessage, res: ServerResponse, status: number, body: object, extra: { headers?: Record<string, string>; close?: boolean } = {}): void {
    reply(req, res, status, jsonHeaders['Content-Type'], JSON.stringify(body), extra);
  }

  function fail(req: IncomingMessage, res: ServerResponse, status: number, error: string, extra: { fields?: Record<string, string>; headers?: Record<string, string>; close?: boolean } = {}): void {
    send(req, res, status, { success: false, error, ...(extra.fields ? { fields: extra.fields } : {}) }, extra);
  }

  /**
   * Before an answer that does not read the body: a small body is read and thrown away so the connection
   * can serve the next request; a large, chunked or not yet sent one is left, and the connection closed.
   */
  async function unreadBody(req: IncomingMessage): Promise<{ close: boolean }> {
    if (req.complete || req.readableEnded) return { close: false };
    const length = declaredLength(req);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (length === 0 && !chunked) return { close: false };
    if (length === undefined || length > apiLimits.jsonBytes || req.headers.expect !== undefined) return { close: true };
    await new Promise<void>((resolve) => {
      req.on('end', resolve);
      req.on('close', resolve);
      req.resume();
    });
    return { close: false };
  }

  /** Reads a body and throws it away; false when it passes `limit` bytes (then it is left unread). */
  function drain(req: IncomingMessage, limit: number): Promise<boolean> {
    if (req.complete || req.readableEnded) return Promise.resolve(true);
    return new Promise((resolve) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limit) {
          req.pause();
          resolve(false);
        }
      });
      req.on('end', () => resolve(true));
      req.on('close', () => resolve(true));
    });
  }

  async function refuse(req: IncomingMessage, res: ServerResponse, status: number, error: string, headers?: Record<string, string>): Promise<void> {
    const { close } = await unreadBody(req);
    fail(req, res, status, error, { headers, close });
  }

  /**
   * The answer to a form sent as a page load: a plain page in the visitor's language that says it was
   * not sent, that Back returns to the form with what they typed, and how to reach the lab instead.
   */
  async function notSentPage(req: IncomingMessage, res: ServerResponse, lang: Lang, endpoint: Endpoint): Promise<void> {
    const t = (key: string) => escapeHtml(translate[lang](key));
    // Read to its end (as far as the largest form may be), so the browser, still sending, shows the page.
    const close = !(await drain(req, apiLimits.multipartBytes));
    const page = localizePath(endpoint.page, lang);
    const phone = escapeHtml(forms.phone);
    const email = escapeHtml(forms.labEmail);
    const html = [
      '<!doctype html>',
      `<html lang="${lang}">`,
      `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('apiErrors.notSentTitle')} | ${escapeHtml(forms.siteName)}</title></head>`,
      '<body><main>',
      `<h1>${t('apiErrors.notSentTitle')}</h1>`,
      `<p>${t('apiErrors.notSentText')}</p>`,
      `<p><a href="${page}">${t('apiErrors.notSentBack')}</a></p>`,
      `<p>${t('apiErrors.notSentContact')} <a href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a> · <a href="mailto:${email}">${email}</a></p>`,
      '</main></body>',
      '</html>',
    ].join('\n');
    reply(req, res, 400, 'text/html; charset=utf-8', html, { close });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const lang = requestLanguage(query, req.headers['accept-language']);
    const t = translate[lang];
    const endpoint = endpoints[path];
    if (!endpoint) return refuse(req, res, 404, t('apiErrors.notFound'));
    if (req.method !== 'POST') return refuse(req, res, 405, t('apiErrors.methodNotAllowed'), { Allow: 'POST' });

    const origin = req.headers.origin?.toLowerCase();
    if (req.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && origin !== ownOrigin(req) && origin !== siteOrigin)) {
      return refuse(req, res, 403, t('apiErrors.forbidden'));
    }
    const verdict = limiter.attempt(clientKey(clientAddress(req, options.trustProxy)));
    if (!verdict.allowed) {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      return refuse(req, res, 429, t('apiErrors.rateLimited', { minutes: Math.ceil(seconds / 60) }), { 'Retry-After': String(seconds) });
    }
    // Nothing of a form sent without the page's scripts is kept: it had neither their checks nor the fill time.
    if (isPageLoad(req)) return notSentPage(req, res, pageLanguage(req, query), endpoint);
    const wanted = endpoint.body === 'json' ? 'application/json' : 'multipart/form-data';
    if (mediaType(req) !== wanted) return refuse(req, res, 415, t('apiErrors.unsupportedType'));

    // Refused by its declared size before a byte of it is read (or, with Expect: 100-continue, even sent).
    const length = declaredLength(req);
    if (length !== undefined && length > (endpoint.body === 'json' ? apiLimits.jsonBytes : apiLimits.multipartBytes)) {
      return fail(req, res, 413, t('apiErrors.tooLarge'), { close: true });
    }
    // The client may wait for this before it sends the body (the server routes checkContinue here).
    if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
    let body: Record<string, unknown>;
    let multipart: MultipartBody | undefined;
    try {
      if (endpoint.body === 'json') {
        const parsed = await readJsonBody(req, apiLimits.jsonBytes);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BodyError('malformed');
        body = parsed as Record<string, unknown>;
      } else {
        multipart = await readMultipartBody(req, {
          fileField: 'file',
          fileBytes: apiLimits.fileBytes,
          totalBytes: apiLimits.multipartBytes,
          fieldBytes: apiLimits.fieldBytes,
          fields: 30,
        });
        // As the browser sends it: a blank field is an absent one.
        body = Object.fromEntries(Object.entries(multipart.fields).filter(([, value]) => value.trim() !== ''));
      }
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      if (error.reason === 'aborted') {
        req.socket.destroy();
        return;
      }
      const tooLarge = error.reason === 'too-large';
      return fail(req, res, tooLarge ? 413 : 400, t(tooLarge ? 'apiErrors.tooLarge' : 'apiErrors.malformed'), { close: !req.complete });
    }

    const spam = spamReason(body, options.minFillMs);
    if (spam) {
      log(`dropped a ${endpoint.kind} submission: ${spam}`);
      return send(req, res, 200, { success: true });
    }

    const result = endpoint.schema.safeParse(body);
    const fields = result.success ? {} : fieldErrors(result.error.issues, t, forms.messages[lang]);
    let accepted: { bytes: Uint8Array; filename: string; kind: UploadInfo['kind']; extension: string } | undefined;
    if (multipart) {
      const file = multipart.file;
      const missing = !file || (file.bytes.length === 0 && file.filename === '');
      const check = missing ? undefined : detectUpload(file.bytes);
      if (missing || !check?.ok) fields.file = t(fileProblems[missing ? 'missing' : (check as { reason: UploadRejection }).reason]);
      else accepted = { bytes: file.bytes, filename: cleanFilename(file.filename, check.extension), kind: check.kind, extension: check.extension };
    }
    if (!result.success || Object.keys(fields).length > 0) return fail(req, res, 400, t('apiErrors.invalid'), { fields });

    const data = result.data as Record<string, unknown>;
    let upload: UploadInfo | undefined;
    if (accepted) {
      const stored = await storeUpload(dataDir, accepted.bytes, accepted.extension);
      upload = { path: stored.path, filename: accepted.filename, kind: accepted.kind, size: accepted.bytes.length };
    }
    try {
      const messages = mailsFor(endpoint.kind, data, lang, setup, new Date(now()), upload);
      const id = await store.save({ kind: endpoint.kind, lang, data, messages, ...(upload ? { upload: { path: upload.path, name: upload.filename } } : {}) });
      log(`${endpoint.kind} submission ${id} stored`);
    } catch (error) {
      // Nothing of a submission that was not stored stays on disk.
      if (upload) await rm(upload.path, { force: true }).catch(() => {});
      throw error;
    }
    delivery.kick();
    send(req, res, 200, { success: true });
  }

  /** scheme://host of the request, as a browser on this server writes its Origin. */
  function ownOrigin(req: IncomingMessage): string | undefined {
    const host = req.headers.host?.toLowerCase();
    if (!host) return undefined;
    const forwarded = options.trustProxy ? String(req.headers['x-forwarded-proto'] ?? '').split(',').at(-1)?.trim().toLowerCase() : undefined;
    const scheme = (req.socket as TLSSocket).encrypted ? 'https' : forwarded === 'https' ? 'https' : 'http';
    return `${scheme}://${host}`;
  }

  return async (req, res) => {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    if (!path.startsWith('/api/')) return false;
    const query = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
    try {
      await handle(req, res, path, query);
    } catch (error) {
      log(`error answering ${req.method ?? '?'} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (res.headersSent) res.destroy();
      else {
        const lang = requestLanguage(query, req.headers['accept-language']);
        fail(req, res, 500, translate[lang]('apiErrors.server'), { close: !req.complete });
      }
    }
    return true;
  };
}
