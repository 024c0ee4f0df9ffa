import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import type { MailMessage } from './mail.ts';
import { readMailFileName } from './mail-files.ts';
import type { FormKind } from '../../schemas/forms.ts';
import { confirmationWindowMs, defaultConfirmationsPerDay, outboxWriter } from './db/outbox.ts';

export { defaultConfirmationsPerDay, recipientKey } from './db/outbox.ts';

/** The site's forms; the order form is the one that carries a file. */
export type SubmissionKind = FormKind;

/** What the HTTP API hands over once a form has passed validation. */
export interface SubmissionInput {
  /** Its id, when the caller needs it first (an upload is named after it); a new one otherwise. */
  id?: string;
  kind: SubmissionKind;
  lang: 'en' | 'nl';
  /** The validated form fields, stored as JSON. */
  data: Record<string, unknown>;
  /** The files of an order, already on disk (keepUpload), in the order they were sent; pruned and erased with the submission. */
  files?: StoredFileInput[];
  /** The mails this submission must cause (to the lab), queued in the same transaction. */
  messages: MailMessage[];
  /**
   * A mail to the address the visitor typed in (an appointment's confirmation). Anyone can type anyone's
   * address, so it is queued only while that address has had fewer than `confirmationsPerDay` in the
   * last 24 hours, counted in the same transaction; past that the submission is stored without it.
   */
  confirmation?: { message: MailMessage; recipient: string };
  /**
   * Why it is taken for a bot's (a filled honeypot, a form sent faster than a person fills it in). Such a
   * submission is kept, unchecked, with no mails: the lab can see it, and retention deletes it as any other.
   */
  spam?: string;
}

/** A file kept with a submission. */
export interface StoredFileInput {
  /** Where keepUpload put it: <dataDir>/uploads/order-<id>-<n>.<extension>. */
  path: string;
  /** Its name on the sender's disk, cleaned to one line; shown as text, never used as a path. */
  name: string;
  /** What its bytes were found to be (an UploadKind). */
  kind: string;
  size: number;
}

/** One queued mail, as the delivery loop sees it. */
export interface OutboxEntry {
  id: string;
  submissionId: string;
  message: MailMessage;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
}

/** The submissions database: every call is synchronous and, once it returns, on disk. */
export interface Store {
  /** Stores the submission and its outbox messages in one transaction; returns the submission id. */
  save(input: SubmissionInput): string;
  /** Stores several submissions in one transaction (one disk sync for all), all or none; returns their ids in order. */
  saveMany(inputs: SubmissionInput[]): string[];
  /** Pending messages whose next attempt is due at `now`, oldest due first. */
  due(now: number, limit: number): OutboxEntry[];
  /**
   * Takes a due message for one send until `leaseUntil`; false when it is sent, not due, or taken by
   * another loop on the same database, so two processes never send the same message at once.
   */
  claim(id: string, now: number, leaseUntil: number): boolean;
  /**
   * Marks a pending (or withheld) message sent; a message already sent stays as it was. False when its row
   * is gone: the lab's desk erased its submission while it was being sent.
   */
  markSent(id: string, now: number): boolean;
  /** Counts a failed attempt, keeps the error and reschedules the message. */
  markFailed(id: string, error: string, nextAttemptAt: number): void;
  /** Gives a message up after an attempt it can never pass (a permanent rejection, too many attempts): it is not tried again. */
  markGivenUp(id: string, error: string): void;
  /** Writes to the database (one row of its own), throwing the error a submission would meet; for the health check. */
  checkWritable(now: number): void;
  /** How many messages wait to be sent and how many were given up, and when the oldest waiting one was queued. */
  outboxState(): { waiting: number; givenUp: number; oldestWaitingAt: number | null };
  countSubmissions(): number;
  /** Every message not sent yet, oldest first. */
  pending(): OutboxEntry[];
  /**
   * Deletes submissions created before `now - olderThanMs` (suspected spam and ones whose mail was given up
   * alike), their upload files, outbox rows and .eml files; a submission with a message still pending is
   * kept until that message is sent or given up. Also deletes every .eml file in mail/ older than that
   * (`mailFiles`), and the files in uploads/ no submission names (`orphans`) once they are an hour old.
   */
  prune(olderThanMs: number, now: number): { submissions: number; uploads: number; mailFiles: number; orphans: number };
  close(): void;
}

interface OutboxRow {
  id: string;
  submission_id: string;
  message: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
}

const schema = `
  CREATE TABLE IF NOT EXISTS submissions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    lang TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    data TEXT NOT NULL,
    upload_path TEXT, -- version 1's one file, moved to files since version 2
    upload_name TEXT,
    spam TEXT
  );
  CREATE INDEX IF NOT EXISTS submissions_created_at ON submissions(created_at);
  -- The files of an order (up to five), in the order they were sent.
  CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY,
    submission_id TEXT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    path TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    size INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS files_submission ON files(submission_id, position);
  -- That an erasure (GDPR article 17) happened and how much it removed; never whose data it was.
  CREATE TABLE IF NOT EXISTS erasures (
    erased_at INTEGER NOT NULL,
    submissions INTEGER NOT NULL,
    files INTEGER NOT NULL,
    mails INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS outbox (
    id TEXT PRIMARY KEY,
    submission_id TEXT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
    message TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    sent_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS outbox_due ON outbox(status, next_attempt_at);
  CREATE INDEX IF NOT EXISTS outbox_submission ON outbox(submission_id);
  CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL);
  -- Confirmations queued to a visitor's address in the last day: a hash of the address, never the address.
  CREATE TABLE IF NOT EXISTS confirmations (recipient TEXT NOT NULL, queued_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS confirmations_recipient ON confirmations(recipient, queued_at);
`;

const outboxColumns = 'id, submission_id, message, attempts, next_attempt_at, last_error, created_at';

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    submissionId: row.submission_id,
    message: JSON.parse(row.message) as MailMessage,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
  };
}

/**
 * The version of the database's layout (PRAGMA user_version). The server upgrades an older one when it
 * opens it; the desk (npm run submissions) reads only this one, and says so for any other.
 */
export const schemaVersion = 2;

/**
 * A kept upload gets its name before its row is committed, so a run stopped in between leaves a file no
 * row names. One younger than this may be another process's order about to be committed: it waits.
 */
const orphanAgeMs = 60 * 60_000;
/** The names keepUpload gives; nothing else in uploads/ is the store's to delete. */
const keptUpload = /^order-[0-9a-f-]{36}(?:-[1-9])?\.[a-z]+$/;
/**
 * Opens (creating if needed) `<dataDir>/submissions.db`. `now` is the clock stamped on new submissions;
 * tests pass their own to make submissions old.
 */
export function openStore(options: { dataDir: string; now?: () => number; confirmationsPerDay?: number }): Store {
  const now = options.now ?? Date.now;
  const confirmationsPerDay = options.confirmationsPerDay ?? defaultConfirmationsPerDay;
  // The folder holds patients' personal data and dentists' files: readable by the server's user only.
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = join(options.dataDir, 'submissions.db');
  // SQLite creates its -wal and -shm files with the database file's permissions, so the file is made 0600
  // before SQLite opens it (whatever the umask), and one an earlier version made readable is closed up.
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // With WAL, NORMAL may lose the last commits on power loss; FULL makes a success answer mean "on disk".
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // What is deleted (by retention, or a row rewritten) is overwritten with zeros, not left in free pages.
  db.pragma('secure_delete = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > schemaVersion) {
    db.close();
    throw new Error(`${file} is of a newer version (${version}) than this server reads (${schemaVersion}): run the version of the site that wrote it`);
  }
  db.transaction(() => {
    db.exec(schema);
    // A database from before suspected spam was kept gains its column.
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(submissions)').all();
    if (!columns.some((column) => column.name === 'spam')) db.exec('ALTER TABLE submissions ADD COLUMN spam TEXT');
    // Version 1 kept one file per order in the submission's row: it moves to the files table.
    if (version < 2) {
      const extensionKinds: Record<string, string> = { pdf: 'pdf', jpg: 'jpeg', png: 'png', docx: 'docx', stl: 'stl' };
      const old = db.prepare<[], { id: string; path: string; name: string | null }>('SELECT id, upload_path AS path, upload_name AS name FROM submissions WHERE upload_path IS NOT NULL').all();
      const move = db.prepare<[string, string, string, string, number]>('INSERT INTO files (submission_id, position, path, name, kind, size) VALUES (?, 1, ?, ?, ?, ?)');
      for (const row of old) {
        let size = 0;
        try {
          size = statSync(row.path).size;
        } catch {
          // Its file is gone: the row still says what was sent.
        }
        move.run(row.id, row.path, row.name ?? basename(row.path), extensionKinds[row.path.split('.').pop() ?? ''] ?? 'unknown', size);
      }
      db.exec('UPDATE submissions SET upload_path = NULL, upload_name = NULL');
    }
    db.pragma(`user_version = ${schemaVersion}`);
  })();

  const insertSubmission = db.prepare<[string, string, string, number, string, string | null]>(
    'INSERT INTO submissions (id, kind, lang, created_at, data, spam) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertFile = db.prepare<[string, number, string, string, string, number]>(
    'INSERT INTO files (submission_id, position, path, name, kind, size) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const outbox = outboxWriter(db, confirmationsPerDay);
  const selectDue = db.prepare<[number, number], OutboxRow>(
    `SELECT ${outboxColumns} FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?`,
  );
  const claimMessage = db.prepare<[number, string, number]>(
    "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?",
  );
  // Withheld: the lab marked its submission as suspected spam while it was being sent; it went out all the same.
  const updateSent = db.prepare<[number, string]>(
    "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ? AND status IN ('pending', 'withheld')",
  );
  const selectMessage = db.prepare<[string], { id: string }>('SELECT id FROM outbox WHERE id = ?');
  const updateFailed = db.prepare<[string, number, string]>(
    "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ? AND status = 'pending'",
  );
  const updateGivenUp = db.prepare<[string, string]>(
    "UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = ? WHERE id = ? AND status = 'pending'",
  );
  const selectOutboxState = db.prepare<[], { waiting: number; givenUp: number; oldest: number | null }>(
    "SELECT count(*) FILTER (WHERE status = 'pending') AS waiting, count(*) FILTER (WHERE status = 'failed') AS givenUp, min(created_at) FILTER (WHERE status = 'pending') AS oldest FROM outbox",
  );
  const selectCount = db.prepare<[], { count: number }>('SELECT count(*) AS count FROM submissions');
  const selectPending = db.prepare<[], OutboxRow>(
    `SELECT ${outboxColumns} FROM outbox WHERE status = 'pending' ORDER BY created_at, rowid`,
  );
  const selectExpired = db.prepare<[number], { id: string }>(
    `SELECT id FROM submissions s WHERE created_at < ?
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status = 'pending')`,
  );
  const selectFilePaths = db.prepare<[string], { path: string }>('SELECT path FROM files WHERE submission_id = ? ORDER BY position');
  const deleteSubmission = db.prepare<[string]>('DELETE FROM submissions WHERE id = ?');
  const selectUploadPaths = db.prepare<[], { path: string }>('SELECT path FROM files');
  const touchHealth = db.prepare<[number]>('INSERT OR REPLACE INTO health (id, checked_at) VALUES (1, ?)');
  const deleteConfirmations = db.prepare<[number]>('DELETE FROM confirmations WHERE queued_at <= ?');

  /** The .eml files of the pruned submissions, and every one written before `before`; returns how many went. */
  const pruneMailFiles = (pruned: Set<string>, before: number, failures: string[]): number => {
    const mailDir = join(options.dataDir, 'mail');
    let removed = 0;
    for (const name of existsSync(mailDir) ? readdirSync(mailDir) : []) {
      if (!name.endsWith('.eml')) continue;
      const path = join(mailDir, name);
      try {
        const named = readMailFileName(name);
        const old = (named?.writtenAt ?? statSync(path).mtimeMs) < before;
        if (!old && !(named?.ids && pruned.has(named.ids.submissionId))) continue;
        rmSync(path);
        removed += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failures.push(`${path}: ${(error as Error).message}`);
      }
    }
    return removed;
  };

  const insert = (input: SubmissionInput): string => {
    const id = input.id ?? randomUUID();
    const createdAt = now();
    insertSubmission.run(id, input.kind, input.lang, createdAt, JSON.stringify(input.data), input.spam ?? null);
    (input.files ?? []).forEach((file, index) => insertFile.run(id, index + 1, file.path, file.name, file.kind, file.size));
    for (const message of input.messages) outbox.queue(id, message, createdAt);
    if (input.confirmation) outbox.queueConfirmation(id, input.confirmation, createdAt);
    return id;
  };
  const saveTransaction = db.transaction(insert);
  const saveManyTransaction = db.transaction((inputs: SubmissionInput[]) => inputs.map(insert));
  // Outbox rows go with their submission (ON DELETE CASCADE).
  const deleteSubmissions = db.transaction((ids: string[]) => {
    for (const id of ids) deleteSubmission.run(id);
  });

  return {
    save: (input) => saveTransaction(input),
    saveMany: (inputs) => saveManyTransaction(inputs),
    due: (at, limit) => selectDue.all(at, limit).map(toEntry),
    claim: (id, at, leaseUntil) => claimMessage.run(leaseUntil, id, at).changes === 1,
    markSent: (id, at) => updateSent.run(at, id).changes === 1 || selectMessage.get(id) !== undefined,
    markFailed: (id, error, nextAttemptAt) => {
      updateFailed.run(error, nextAttemptAt, id);
    },
    markGivenUp: (id, error) => {
      updateGivenUp.run(error, id);
    },
    checkWritable: (at) => {
      touchHealth.run(at);
    },
    outboxState: () => {
      const state = selectOutboxState.get();
      return { waiting: state?.waiting ?? 0, givenUp: state?.givenUp ?? 0, oldestWaitingAt: state?.oldest ?? null };
    },
    countSubmissions: () => selectCount.get()?.count ?? 0,
    pending: () => selectPending.all().map(toEntry),
    prune: (olderThanMs, at) => {
      const removable: string[] = [];
      const failures: string[] = [];
      let uploads = 0;
      // Files first: a crash in between leaves a row whose file is gone (pruned again next time), never an orphan file.
      for (const { id } of selectExpired.all(at - olderThanMs)) {
        let removed = true;
        for (const { path } of selectFilePaths.all(id)) {
          try {
            rmSync(path);
            uploads += 1;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
            // The row stays, so the file is tried again at the next prune.
            removed = false;
            failures.push(`${path}: ${(error as Error).message}`);
          }
        }
        if (removed) removable.push(id);
      }
      deleteSubmissions(removable);
      deleteConfirmations.run(at - confirmationWindowMs);
      const mailFiles = pruneMailFiles(new Set(removable), at - olderThanMs, failures);
      // The log file keeps the pages as they were before the deletion until it is written over: emptied now.
      if (removable.length > 0) db.pragma('wal_checkpoint(TRUNCATE)');
      let orphans = 0;
      // By name, not by path: a data folder restored elsewhere still names its files.
      const named = new Set(selectUploadPaths.all().map((row) => basename(row.path)));
      const uploadsDir = join(options.dataDir, 'uploads');
      const names = existsSync(uploadsDir) ? readdirSync(uploadsDir) : [];
      for (const name of names.filter((entry) => keptUpload.test(entry) && !named.has(entry))) {
        const path = join(uploadsDir, name);
        try {
          if (statSync(path).mtimeMs > at - orphanAgeMs) continue;
          rmSync(path);
          orphans += 1;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failures.push(`${path}: ${(error as Error).message}`);
        }
      }
      if (failures.length > 0) throw new Error(`pruned ${removable.length} submissions but could not remove ${failures.join('; ')}`);
      return { submissions: removable.length, uploads, mailFiles, orphans };
    },
    close: () => db.close(),
  };
}

/**
 * Group commit: the saves asked for in one turn of the event loop go to disk in one transaction, so a
 * burst of submissions costs one disk sync per turn rather than one each. Each promise resolves only
 * once its own submission is committed. Should the shared transaction fail, each submission is tried
 * alone, so one bad submission cannot fail the others.
 */
export function batchSaves(store: Pick<Store, 'save' | 'saveMany'>): (input: SubmissionInput) => Promise<string> {
  let queue: { input: SubmissionInput; resolve: (id: string) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    let ids: string[] | undefined;
    try {
      ids = store.saveMany(batch.map((entry) => entry.input));
    } catch {
      ids = undefined;
    }
    batch.forEach((entry, index) => {
      if (ids) return entry.resolve(ids[index]!);
      try {
        entry.resolve(store.save(entry.input));
      } catch (error) {
        entry.reject(error);
      }
    });
  };
  return (input) =>
    new Promise((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ input, resolve, reject });
    });
}
