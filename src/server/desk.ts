import { chmodSync, constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type Database from 'better-sqlite3';
import addressparser from 'nodemailer/lib/addressparser';
import { visitorFields, type FormKind } from '../../schemas/form-requests.ts';
import { uploadFormats, type UploadKind } from '../shared/file-check.ts';
import { idPrefixOf } from '../shared/reference.ts';
import type { MailMessage } from './mail.ts';
import { recordErasure } from './erasure-log.ts';
import { mailMentions, readMailFileName } from './mail-files.ts';
import { outboxTable, outboxWriter, type MailStatus, type OutboxRow } from './db/outbox.ts';
import { compact, connectExisting, layoutOf, ready, schemaVersion } from './db/schema.ts';
import { submissionTable, type Status, type SubmissionFilter, type SubmissionRow } from './db/submissions.ts';

// The lab's desk (npm run submissions): its own connection to the server's SQLite file, through the data
// layer the server uses too (db/: the layout, its queries), safe beside the running server. The database is in WAL mode (the server sets it), so reading never blocks the server;
// every change is one short IMMEDIATE transaction (the write lock taken at its start, so it never fails
// halfway for a write the server committed meanwhile), and a lock the server holds is waited for
// (busy_timeout). The desk never creates a data folder or a database, and reads only the layout of this
// checkout (schemaVersion).

/** A problem the person at the desk can act on: one line saying what and how. `exitCode` 2 is a wrong argument. */
export class DeskError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** The forms, in the order the desk lists them. */
export const formKinds = ['appointment', 'order', 'contact', 'testimonial'] as const satisfies readonly FormKind[];

export { statuses, type Status } from './db/submissions.ts';
export type { MailStatus } from './db/outbox.ts';

/** One submission as a row of the list. */
export interface SubmissionSummary {
  id: string;
  kind: FormKind;
  lang: 'en' | 'nl';
  /** When it arrived (ms since the epoch). */
  createdAt: number;
  status: Status;
  /** Why it is taken for a bot's, or null. */
  spam: string | null;
  /** The visitor's name and address as they typed them ('' when absent, or not text in suspected spam). */
  name: string;
  email: string;
  fileCount: number;
}

/** A file kept with an order. */
export interface StoredFile {
  position: number;
  /** Where it is on disk now (the stored path, or the same name in this data folder's uploads/ when it moved). */
  path: string;
  /** Its name on the sender's disk: text to show, never a path. */
  name: string;
  /** What its bytes were found to be (an UploadKind; `unknown` for a version-1 file of another kind). */
  kind: string;
  size: number;
}

/** A queued mail. */
export interface StoredMail {
  id: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** Everything stored of one submission. */
export interface SubmissionDetail extends SubmissionSummary {
  /** The fields as stored: as validated, or as they came for suspected spam. */
  data: Record<string, unknown>;
  files: StoredFile[];
  mails: StoredMail[];
}

/** What `list` and `export` select; each bound is a time in ms, `from` inclusive and `to` exclusive. */
export type Filter = SubmissionFilter;

/** Everything stored about one e-mail address (GDPR article 15), and where else it is mentioned. */
export interface SubjectFindings {
  /** The address, trimmed and in lower case, as it was matched. */
  address: string;
  /** The submissions whose form's e-mail field is the address, or whose mails go to it or are answered to it. */
  submissions: SubmissionDetail[];
  /** The .eml files in mail/ written for those submissions, or (with another name) naming the address. */
  mailFiles: string[];
  /** Other submissions whose text mentions the address (someone else's form): shown, never exported or erased. */
  mentionedIn: string[];
}

/** What an erasure removed (GDPR article 17); the erasures table keeps these counts and the time, never whose. */
export interface Erasure {
  submissions: number;
  files: number;
  mails: number;
  mailFiles: number;
  /** Submissions of the address that arrived while it ran: not erased, so the erasure can be run again. */
  arrived: number;
  /** Whether the database and its log file were rewritten without the erased bytes. */
  compacted: boolean;
}

/**
 * What a submission the server kept as suspected spam becomes once the lab releases it: its fields as its
 * form's schema makes them, and the mails they cause. Throws a DeskError naming each field that does not pass.
 * (desk-release.ts makes one; it loads the forms' schemas and texts, which only this command needs.)
 */
export type Prepare = (submission: { id: string; kind: FormKind; lang: 'en' | 'nl'; data: Record<string, unknown>; createdAt: number; now: number }) => {
  data: Record<string, unknown>;
  messages: MailMessage[];
  confirmation?: { message: MailMessage; recipient: string };
};

/** A submission released from suspected spam: what was queued. */
export interface Release {
  /** Mails that had been withheld and are due again. */
  requeued: number;
  /** Mails made now from its fields (a submission the server kept as suspected spam never had any). */
  queued: StoredMail[];
  /** Whether the appointment's confirmation to the visitor was left out (the address had its day's share). */
  confirmationSkipped: boolean;
}

export interface Desk {
  readonly dataDir: string;
  /** The full id of a submission from its id, a unique prefix of at least 8 characters, or the reference its sender was given (3F9A-1C07). */
  resolve(idOrPrefix: string): string;
  /** The shortest prefix (8 or more characters) that tells each submission apart from every other. */
  shortIds(): Map<string, string>;
  list(filter?: Filter): SubmissionSummary[];
  /** Everything of the submissions `list` would give, in one consistent read. */
  details(filter?: Filter): SubmissionDetail[];
  show(id: string): SubmissionDetail;
  subject(address: string): SubjectFindings;
  /**
   * Erases the submissions found for `address` (ids from `subject`) with their files, mails and .eml files,
   * and logs the erasure by a keyed hash of the address (erasure-log.ts) unless `record` is false (a
   * restore erasing again what the log already holds).
   */
  erase(address: string, ids: string[], options?: { record?: boolean }): Erasure;
  /** Puts a submission's given-up mails back in the queue, due now with their attempts reset; returns them. */
  retry(id: string): StoredMail[];
  /** Marks a submission as suspected spam and withholds its mails not yet sent; returns how many were withheld. */
  markSpam(id: string): { withheld: number; sent: number };
  /**
   * Releases a submission from suspected spam, so its mails go out (see Release); `prepare` is called only
   * for one the server kept as suspected spam, which has no mails yet.
   */
  release(id: string, prepare: () => Prepare): Release;
  close(): void;
}

/** The reason `spam` gives a submission. */
export const markedByLab = 'marked by the lab';

/** An error as one line, with its code when the message lacks it. */
export function oneLine(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

function parseData(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    return { unreadable: raw };
  }
}

function toSummary(row: SubmissionRow): SubmissionSummary {
  const data = parseData(row.data);
  const fields: { name: string; email?: string } = visitorFields[row.kind] ?? { name: 'name', email: 'email' };
  return {
    id: row.id,
    kind: row.kind,
    lang: row.lang,
    createdAt: row.created_at,
    status: row.status,
    spam: row.spam,
    name: text(data[fields.name]).trim(),
    email: fields.email ? text(data[fields.email]).trim() : '',
    fileCount: row.file_count,
  };
}

function toMail(row: OutboxRow): StoredMail {
  let message: Partial<MailMessage> = {};
  try {
    message = JSON.parse(row.message) as MailMessage;
  } catch {
    // A row no server wrote: shown with what is known.
  }
  return {
    id: row.id,
    to: text(message.to),
    ...(message.replyTo !== undefined ? { replyTo: text(message.replyTo) } : {}),
    subject: text(message.subject),
    text: text(message.text),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** The addresses in a To or Reply-To field, in lower case. */
function addressesIn(field: string | undefined): string[] {
  if (!field) return [];
  return addressparser(field, { flatten: true }).map((entry) => entry.address.trim().toLowerCase());
}

/** An e-mail address as the desk matches it: trimmed, in lower case; refused when it is no address. */
export function normalAddress(address: string): string {
  const normal = address.trim().toLowerCase();
  if (!/^[^\s@<>",]+@[^\s@<>",]+$/.test(normal)) throw new DeskError(`"${address}" is not an e-mail address`, 2);
  return normal;
}

/** Where an upload is now: where it was stored or, for a data folder moved or restored elsewhere, the same name in this one's uploads/. */
function uploadPath(dataDir: string, stored: string): string {
  if (existsSync(stored)) return stored;
  return join(dataDir, 'uploads', basename(stored));
}

/**
 * Opens the submissions database of `dataDir` for the desk. Refuses, with what to do, a data folder or a
 * database that is not there (never making either), a file that is no database, and a database of another
 * layout than this checkout's.
 */
export function openDesk(dataDir: string, options: { now?: () => number; confirmationsPerDay?: number } = {}): Desk {
  const now = options.now ?? Date.now;
  if (!existsSync(dataDir))
    throw new DeskError(`there is no data folder at ${dataDir}: set DATA_DIR to the folder the site's server keeps its submissions in (it defaults to ./data from where it is started)`);
  if (!statSync(dataDir).isDirectory()) throw new DeskError(`${dataDir} is not a folder: set DATA_DIR to the folder the site's server keeps its submissions in`);
  const file = join(dataDir, 'submissions.db');
  if (!existsSync(file)) throw new DeskError(`there is no database in ${dataDir} (submissions.db): the site's server has not run with this data folder yet, or DATA_DIR points elsewhere`);

  let db: Database.Database;
  try {
    db = connectExisting(file);
  } catch (error) {
    throw new DeskError(`${file} cannot be opened (${oneLine(error)})`);
  }
  try {
    const { version, hasSubmissions } = layoutOf(db);
    if (!hasSubmissions) throw new DeskError(`${file} holds no submissions: it is not the site's database`);
    if (version < schemaVersion) {
      throw new DeskError(`${file} is of an older version (${version}) than this desk reads (${schemaVersion}): start the site's server once to upgrade it`);
    }
    if (version > schemaVersion) {
      throw new DeskError(`${file} is of a newer version (${version}) than this desk reads (${schemaVersion}): update this checkout to the version of the site that wrote it`);
    }
    ready(db);
  } catch (error) {
    db.close();
    if (error instanceof DeskError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new DeskError(`${file} is not a readable SQLite database (${oneLine(error)}): restore it from a backup`);
    throw new DeskError(`${file} cannot be read (${oneLine(error)})`);
  }

  const submissions = submissionTable(db);
  const outbox = outboxTable(db);
  const queue = outboxWriter(db, options.confirmationsPerDay);

  const detail = (row: SubmissionRow): SubmissionDetail => ({
    ...toSummary(row),
    data: parseData(row.data),
    files: submissions.files(row.id).map((file) => ({ ...file, path: uploadPath(dataDir, file.path) })),
    mails: outbox.of(row.id).map(toMail),
  });

  const resolve = (idOrPrefix: string): string => {
    // A visitor's reference (3F9A-1C07) is the id's first 8 hex digits.
    const wanted = idPrefixOf(idOrPrefix) ?? idOrPrefix.trim().toLowerCase();
    if (!/^[0-9a-f-]+$/.test(wanted)) throw new DeskError(`"${idOrPrefix}" is not a submission id (the list shows them: npm run submissions -- list)`, 2);
    if (wanted.length < 8) throw new DeskError(`"${idOrPrefix}" is too short: give at least the first 8 characters of the id`, 2);
    const found = submissions.idsStartingWith(wanted);
    if (found.length === 0) throw new DeskError(`no submission has the id ${idOrPrefix} (it may have been deleted after its retention period, or erased)`);
    if (found.length > 1 && !found.includes(wanted)) {
      const shown = found.slice(0, 5).join(', ');
      throw new DeskError(
        `the id ${idOrPrefix} is ambiguous: ${found.length > 5 ? 'more than 5' : found.length} submissions start with it (${shown}${found.length > 5 ? ', ...' : ''}); give more of it`,
      );
    }
    return found.includes(wanted) ? wanted : found[0]!;
  };

  /** The row of a resolved id, which may have gone since (pruned, erased by another desk). */
  const rowOf = (full: string, asked: string): SubmissionRow => {
    const row = submissions.row(full);
    if (!row) throw new DeskError(`no submission has the id ${asked} (it may have been deleted after its retention period, or erased)`);
    return row;
  };

  const show = (id: string): SubmissionDetail => {
    const full = resolve(id);
    return db.transaction(() => detail(rowOf(full, id)))();
  };

  /** The .eml files in mail/, each with what its name says. */
  const mailFolder = () => {
    const folder = join(dataDir, 'mail');
    const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
    return names.map((name) => ({ name, path: join(folder, name), named: readMailFileName(name) }));
  };

  /**
   * The .eml files of `ids`, and those named for no submission stored now (written before their names
   * held ids, or of a submission deleted since) in which the address appears.
   */
  const mailFilesOf = (ids: Set<string>, address: string): { name: string; path: string }[] =>
    mailFolder().filter((entry) => {
      const owner = entry.named?.ids?.submissionId;
      if (owner !== undefined && ids.has(owner)) return true;
      if (owner !== undefined && submissions.exists(owner)) return false;
      try {
        return mailMentions(readFileSync(entry.path, 'latin1'), address);
      } catch {
        return false;
      }
    });

  const findSubject = (address: string): { ids: string[]; mentionedIn: string[] } => {
    const byField = submissions.idsByEmail(address);
    // The mails: a lab notification is answered to the visitor, a confirmation goes to them.
    const byMail = outbox
      .mentioning(address)
      .filter((row) => {
        const message = JSON.parse(row.message) as MailMessage;
        return [...addressesIn(message.to), ...addressesIn(message.replyTo)].includes(address);
      })
      .map((row) => row.submission_id);
    const ids = [...new Set([...byField, ...byMail])];
    const mentionedIn = submissions.idsMentioning(address).filter((id) => !ids.includes(id));
    return { ids, mentionedIn };
  };

  return {
    dataDir,
    resolve,
    shortIds() {
      const ids = submissions.ids();
      const common = (a = '', b = '') => {
        let n = 0;
        while (n < a.length && a[n] === b[n]) n++;
        return n;
      };
      return new Map(ids.map((id, i) => [id, id.slice(0, Math.max(8, common(id, ids[i - 1]) + 1, common(id, ids[i + 1]) + 1))]));
    },
    list: (filter = {}) => submissions.rows(filter).map(toSummary),
    details: (filter = {}) => db.transaction(() => submissions.rows(filter).map(detail))(),
    show,
    subject(raw) {
      const address = normalAddress(raw);
      const { ids, mentionedIn } = db.transaction(() => findSubject(address))();
      const found = db.transaction(() =>
        ids
          .map((id) => submissions.row(id))
          .filter((row) => row !== undefined)
          .map(detail),
      )();
      found.sort((a, b) => a.createdAt - b.createdAt);
      const mailFiles = mailFilesOf(new Set(ids), address).map((entry) => entry.name);
      return { address, submissions: found, mailFiles, mentionedIn };
    },
    erase(raw, ids, options = {}) {
      const address = normalAddress(raw);
      // Logged first, outside the database and its backups: should the rest fail, the erasure is still re-applied after a restore.
      if (options.record !== false) recordErasure(dataDir, address, now());
      const removed = db
        .transaction(() => {
          const present = ids.filter((id) => submissions.exists(id));
          const files = present.flatMap((id) => submissions.files(id).map((file) => file.path));
          let mails = 0;
          for (const id of present) {
            mails += outbox.deleteOf(id);
            submissions.delete(id);
          }
          outbox.forgetRecipient(address);
          submissions.logErasure(now(), { submissions: present.length, files: files.length, mails });
          return { present, files, mails, arrived: findSubject(address).ids.length };
        })
        .immediate();
      // The rows first: once they are gone the server can no longer take up a mail of theirs. A file that a
      // stop in between would leave is named by no row: the server's prune removes it within the hour.
      const problems: string[] = [];
      for (const path of removed.files) {
        for (const candidate of new Set([path, join(dataDir, 'uploads', basename(path))])) {
          try {
            rmSync(candidate, { force: true });
          } catch (error) {
            problems.push(`${candidate}: ${oneLine(error)}`);
          }
        }
      }
      const mailFiles = mailFilesOf(new Set(removed.present), address);
      for (const entry of mailFiles) {
        try {
          rmSync(entry.path, { force: true });
        } catch (error) {
          problems.push(`${entry.path}: ${oneLine(error)}`);
        }
      }
      const compacted = compact(db);
      if (problems.length) throw new DeskError(`erased ${removed.present.length} submissions from the database but could not remove ${problems.join('; ')}`);
      return { submissions: removed.present.length, files: removed.files.length, mails: removed.mails, mailFiles: mailFiles.length, arrived: removed.arrived, compacted };
    },
    retry(id) {
      const full = resolve(id);
      return db
        .transaction(() => {
          const row = rowOf(full, id);
          if (row.spam !== null) throw new DeskError(`${id} is marked as suspected spam: release it with not-spam, which sends its mails`);
          const failed = outbox.of(full).filter((mail) => mail.status === 'failed');
          if (failed.length === 0) {
            const mails = outbox.of(full);
            const states = mails.length ? mails.map((mail) => mail.status).join(', ') : 'none';
            throw new DeskError(`${id} has no failed mail to retry (its mails: ${states})`);
          }
          outbox.retryFailed(full, now());
          return failed.map(toMail);
        })
        .immediate();
    },
    markSpam(id) {
      const full = resolve(id);
      return db
        .transaction(() => {
          const row = rowOf(full, id);
          if (row.spam !== null) throw new DeskError(`${id} is already marked as suspected spam (${row.spam})`);
          submissions.setSpam(full, markedByLab);
          // A mail the server is sending right now still goes out, and is recorded as sent.
          const withheld = outbox.withhold(full);
          const sent = outbox.of(full).filter((mail) => mail.status === 'sent').length;
          return { withheld, sent };
        })
        .immediate();
    },
    release(id, prepare) {
      const full = resolve(id);
      return db
        .transaction((): Release => {
          const row = rowOf(full, id);
          if (row.spam === null) throw new DeskError(`${id} is not marked as suspected spam`);
          const at = now();
          const mails = outbox.of(full);
          if (mails.length > 0) {
            // Marked by the lab: the mails it had are sent as they were.
            const requeued = outbox.requeueWithheld(full, at);
            submissions.setSpam(full, null);
            return { requeued, queued: [], confirmationSkipped: false };
          }
          // Kept as suspected spam by the server: stored as it came, never checked. Checked now, as the API would.
          const made = prepare()({ id, kind: row.kind, lang: row.lang, data: parseData(row.data), createdAt: row.created_at, now: at });
          const queued = made.messages.map((message) => queue.queue(full, message, at));
          let confirmationSkipped = false;
          if (made.confirmation) {
            // As the server does: an address is sent a few confirmations a day at most, counted by its hash.
            const mailId = queue.queueConfirmation(full, made.confirmation, at);
            if (mailId === null) confirmationSkipped = true;
            else queued.push(mailId);
          }
          submissions.release(full, made.data);
          const all = outbox.of(full).map(toMail);
          return { requeued: 0, queued: all.filter((mail) => queued.includes(mail.id)), confirmationSkipped };
        })
        .immediate();
    },
    close: () => db.close(),
  };
}

/** A file name's stem as safe to write anywhere: its extension and any folder dropped, letters, digits, spaces, '-' and '_' kept. */
export function safeStem(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : dot === 0 ? '' : base;
  const cleaned = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N} _-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[\s_-]+|[\s_-]+$/g, '');
  return [...cleaned].slice(0, 80).join('').trim() || 'file';
}

/** The extension of what a file's bytes were found to be ('bin' for a kind this checkout does not know). */
export function kindExtension(kind: string): string {
  return Object.hasOwn(uploadFormats, kind) ? uploadFormats[kind as UploadKind].extension : 'bin';
}

/**
 * Copies files of a submission into `folder` (made if missing, readable by its owner only) as
 * `<prefix><position>-<the sender's name, cleaned, without its extension>.<the detected type's extension>`.
 * Refuses, before copying anything, to replace a file unless `force`; returns the names written.
 */
export function copyFiles(files: StoredFile[], folder: string, options: { force?: boolean; prefix?: string } = {}): { name: string; file: StoredFile }[] {
  const planned = files.map((file) => ({ name: `${options.prefix ?? ''}${file.position}-${safeStem(file.name)}.${kindExtension(file.kind)}`, file }));
  const missing = planned.filter((entry) => !existsSync(entry.file.path));
  if (missing.length) {
    throw new DeskError(
      `${missing.map((entry) => `file ${entry.file.position} (${entry.file.name})`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} no longer in the data folder's uploads/ (${missing.map((entry) => entry.file.path).join(', ')})`,
    );
  }
  if (!options.force) {
    const taken = planned.filter((entry) => existsSync(join(folder, entry.name)));
    if (taken.length)
      throw new DeskError(
        `${taken.map((entry) => join(folder, entry.name)).join(', ')} already ${taken.length === 1 ? 'exists' : 'exist'}: add --force to replace ${taken.length === 1 ? 'it' : 'them'}`,
      );
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  for (const entry of planned) {
    const target = join(folder, entry.name);
    // Removed first, so a link planted at the name is replaced, never written through.
    if (options.force) rmSync(target, { force: true });
    copyFileSync(entry.file.path, target, constants.COPYFILE_EXCL);
    chmodSync(target, 0o600);
  }
  return planned;
}
