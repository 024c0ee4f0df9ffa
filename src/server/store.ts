import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { MailMessage } from './mail.ts';
import { readMailFileName } from './mail-files.ts';
import type { FormKind } from '../../schemas/form-requests.ts';
import { confirmationWindowMs, defaultConfirmationsPerDay, outboxTable, outboxWriter, type OutboxRow } from './db/outbox.ts';
import { checkpoint, openServerDatabase } from './db/schema.ts';
import { submissionTable } from './db/submissions.ts';

// The server's use of the submissions database (db/): taking submissions, the delivery loop's outbox, retention.

export { defaultConfirmationsPerDay, recipientKey } from './db/outbox.ts';
export { schemaVersion } from './db/schema.ts';

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
  const db = openServerDatabase(join(options.dataDir, 'submissions.db'));
  const submissions = submissionTable(db);
  const outbox = outboxTable(db);
  const queue = outboxWriter(db, confirmationsPerDay);

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
    submissions.insert({ id, kind: input.kind, lang: input.lang, createdAt, data: input.data, spam: input.spam ?? null }, input.files);
    for (const message of input.messages) queue.queue(id, message, createdAt);
    if (input.confirmation) queue.queueConfirmation(id, input.confirmation, createdAt);
    return id;
  };
  const saveTransaction = db.transaction(insert);
  const saveManyTransaction = db.transaction((inputs: SubmissionInput[]) => inputs.map(insert));
  // Outbox rows go with their submission (ON DELETE CASCADE).
  const deleteSubmissions = db.transaction((ids: string[]) => {
    for (const id of ids) submissions.delete(id);
  });

  return {
    save: (input) => saveTransaction(input),
    saveMany: (inputs) => saveManyTransaction(inputs),
    due: (at, limit) => outbox.due(at, limit).map(toEntry),
    claim: outbox.claim,
    markSent: outbox.markSent,
    markFailed: (id, error, nextAttemptAt) => outbox.markFailed(id, error, nextAttemptAt),
    markGivenUp: (id, error) => outbox.markGivenUp(id, error),
    checkWritable: (at) => submissions.touchHealth(at),
    outboxState: () => outbox.state(),
    countSubmissions: submissions.count,
    pending: () => outbox.pending().map(toEntry),
    prune: (olderThanMs, at) => {
      const removable: string[] = [];
      const failures: string[] = [];
      let uploads = 0;
      // Files first: a crash in between leaves a row whose file is gone (pruned again next time), never an orphan file.
      for (const id of submissions.expired(at - olderThanMs)) {
        let removed = true;
        for (const { path } of submissions.files(id)) {
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
      outbox.pruneConfirmations(at - confirmationWindowMs);
      const mailFiles = pruneMailFiles(new Set(removable), at - olderThanMs, failures);
      // The log file keeps the pages as they were before the deletion until it is written over: emptied now.
      if (removable.length > 0) checkpoint(db);
      let orphans = 0;
      // By name, not by path: a data folder restored elsewhere still names its files.
      const named = new Set(submissions.uploadPaths().map((path) => basename(path)));
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
