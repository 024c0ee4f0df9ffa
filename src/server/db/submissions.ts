import { basename, join } from 'node:path';
import type Database from 'better-sqlite3';
import { visitorFields, type FormKind } from '../../../schemas/form-requests.ts';

// The submissions, their files, the erasure log and the health row: every query over them, for the server
// and the lab's desk alike. Each call runs in the caller's transaction, if any.

/**
 * A submission's state: `spam` (suspected spam: kept, no mail sent), else `failed` (a mail was given up),
 * else `waiting` (a mail is still to go out, or being retried), else `delivered` (every mail sent, or none due).
 */
export const statuses = ['delivered', 'waiting', 'failed', 'spam'] as const;
export type Status = (typeof statuses)[number];

/** A submission's row, with its state and how many files it has. */
export interface SubmissionRow {
  id: string;
  kind: FormKind;
  lang: 'en' | 'nl';
  created_at: number;
  /** The fields as JSON. */
  data: string;
  spam: string | null;
  status: Status;
  file_count: number;
}

/** A file's row, in the order its order sent them. */
export interface FileRow {
  position: number;
  path: string;
  name: string;
  kind: string;
  size: number;
}

/** What `rows` selects; each bound is a time in ms, `from` inclusive and `to` exclusive. */
export interface SubmissionFilter {
  kind?: FormKind;
  from?: number;
  to?: number;
  status?: Status;
}

/** A new submission's row. */
export interface NewSubmission {
  id: string;
  kind: string;
  lang: string;
  createdAt: number;
  data: Record<string, unknown>;
  spam: string | null;
}

const submissionColumns = `
  id, kind, lang, created_at, data, spam,
  CASE
    WHEN spam IS NOT NULL THEN 'spam'
    WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = submissions.id AND o.status = 'failed') THEN 'failed'
    WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = submissions.id AND o.status IN ('pending', 'withheld')) THEN 'waiting'
    ELSE 'delivered'
  END AS status,
  (SELECT count(*) FROM files f WHERE f.submission_id = submissions.id) AS file_count`;

/** A submission whose form's e-mail field (visitorFields) is `:address`, trimmed and in lower case; a testimonial has none. */
const emailMatches = Object.entries(visitorFields)
  .flatMap(([kind, fields]) => ('email' in fields && fields.email ? [`(kind = '${kind}' AND lower(trim(json_extract(data, '$.${fields.email}'))) = :address)`] : []))
  .join(' OR ');

/** The queries over the submissions and their files on `db`, a database of this layout (schema.ts). */
export function submissionTable(db: Database.Database) {
  const insertSubmission = db.prepare<[string, string, string, number, string, string | null]>('INSERT INTO submissions (id, kind, lang, created_at, data, spam) VALUES (?, ?, ?, ?, ?, ?)');
  const insertFile = db.prepare<[string, number, string, string, string, number]>('INSERT INTO files (submission_id, position, path, name, kind, size) VALUES (?, ?, ?, ?, ?, ?)');
  const selectRow = db.prepare<[string], SubmissionRow>(`SELECT ${submissionColumns} FROM submissions WHERE id = ?`);
  const selectFiles = db.prepare<[string], FileRow>('SELECT position, path, name, kind, size FROM files WHERE submission_id = ? ORDER BY position');
  const selectIds = db.prepare<[], { id: string }>('SELECT id FROM submissions ORDER BY id');
  const selectPrefix = db.prepare<[string], { id: string }>("SELECT id FROM submissions WHERE id LIKE ? || '%' ORDER BY id LIMIT 6");
  const selectExists = db.prepare<[string], { id: string }>('SELECT id FROM submissions WHERE id = ?');
  const selectCount = db.prepare<[], { count: number }>('SELECT count(*) AS count FROM submissions');
  const selectExpired = db.prepare<[number], { id: string }>(
    `SELECT id FROM submissions s WHERE created_at < ?
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status = 'pending')`,
  );
  const selectUploadPaths = db.prepare<[], { path: string }>('SELECT path FROM files ORDER BY id');
  const selectFileRows = db.prepare<[], { id: number; path: string }>('SELECT id, path FROM files');
  const updateFilePath = db.prepare<[string, number]>('UPDATE files SET path = ? WHERE id = ?');
  const selectByEmail = db.prepare<{ address: string }, { id: string }>(`SELECT id FROM submissions WHERE ${emailMatches}`);
  const selectMentioning = db.prepare<[string], { id: string }>('SELECT id FROM submissions WHERE instr(lower(data), ?) > 0 ORDER BY created_at');
  const deleteFiles = db.prepare<[string]>('DELETE FROM files WHERE submission_id = ?');
  const deleteSubmission = db.prepare<[string]>('DELETE FROM submissions WHERE id = ?');
  const updateSpam = db.prepare<[string | null, string]>('UPDATE submissions SET spam = ? WHERE id = ?');
  const updateReleased = db.prepare<[string, string]>('UPDATE submissions SET data = ?, spam = NULL WHERE id = ?');
  const insertErasure = db.prepare<[number, number, number, number]>('INSERT INTO erasures (erased_at, submissions, files, mails) VALUES (?, ?, ?, ?)');
  const touchHealth = db.prepare<[number]>('INSERT OR REPLACE INTO health (id, checked_at) VALUES (1, ?)');

  return {
    /** Stores a submission's row and its files' rows (positions from 1, in the order given). */
    insert(submission: NewSubmission, files: readonly Omit<FileRow, 'position'>[] = []): void {
      insertSubmission.run(submission.id, submission.kind, submission.lang, submission.createdAt, JSON.stringify(submission.data), submission.spam);
      files.forEach((file, index) => insertFile.run(submission.id, index + 1, file.path, file.name, file.kind, file.size));
    },
    row: (id: string): SubmissionRow | undefined => selectRow.get(id),
    /** The rows `filter` selects, oldest first. */
    rows(filter: SubmissionFilter = {}): SubmissionRow[] {
      const conditions: string[] = [];
      const params: (string | number)[] = [];
      const add = (condition: string, value: string | number | undefined) => {
        if (value === undefined) return;
        conditions.push(condition);
        params.push(value);
      };
      add('kind = ?', filter.kind);
      add('created_at >= ?', filter.from);
      add('created_at < ?', filter.to);
      add('status = ?', filter.status);
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      return db.prepare<(string | number)[], SubmissionRow>(`SELECT * FROM (SELECT ${submissionColumns} FROM submissions) ${where} ORDER BY created_at, id`).all(...params);
    },
    files: (id: string): FileRow[] => selectFiles.all(id),
    /** Every id, sorted. */
    ids: (): string[] => selectIds.all().map((row) => row.id),
    /** Up to six ids that start with `prefix`, sorted. */
    idsStartingWith: (prefix: string): string[] => selectPrefix.all(prefix).map((row) => row.id),
    exists: (id: string): boolean => selectExists.get(id) !== undefined,
    count: (): number => selectCount.get()?.count ?? 0,
    /** Submissions created before `before` with no mail still pending: what retention may delete. */
    expired: (before: number): string[] => selectExpired.all(before).map((row) => row.id),
    /** Points every file's row at `folder`, under its own name (a data folder restored elsewhere). */
    moveUploads(folder: string): void {
      for (const row of selectFileRows.all()) updateFilePath.run(join(folder, basename(row.path)), row.id);
    },
    /** The paths of every stored file, in the order they were stored. */
    uploadPaths: (): string[] => selectUploadPaths.all().map((row) => row.path),
    /** Submissions whose form's e-mail field is `address` (trimmed, in lower case). */
    idsByEmail: (address: string): string[] => selectByEmail.all({ address }).map((row) => row.id),
    /** Submissions whose fields' text contains `needle` (in lower case), oldest first. */
    idsMentioning: (needle: string): string[] => selectMentioning.all(needle).map((row) => row.id),
    /** Deletes a submission; its files' and mails' rows go with it (ON DELETE CASCADE). */
    delete(id: string): void {
      deleteFiles.run(id);
      deleteSubmission.run(id);
    },
    /** Marks a submission as suspected spam for `reason`, or (null) releases it. */
    setSpam(id: string, reason: string | null): void {
      updateSpam.run(reason, id);
    },
    /** Releases a submission from suspected spam with its fields as checked now. */
    release(id: string, data: Record<string, unknown>): void {
      updateReleased.run(JSON.stringify(data), id);
    },
    /** Logs that an erasure happened and how much it removed; never whose data it was. */
    logErasure(at: number, counts: { submissions: number; files: number; mails: number }): void {
      insertErasure.run(at, counts.submissions, counts.files, counts.mails);
    },
    /** Writes the health row, throwing the error a submission would meet. */
    touchHealth(at: number): void {
      touchHealth.run(at);
    },
  };
}

export type SubmissionTable = ReturnType<typeof submissionTable>;
