import { closeSync, existsSync, chmodSync, openSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import Database from 'better-sqlite3';

// The submissions database's layout, its migrations and how a connection is opened: the one place the
// server (store.ts) and the lab's desk (desk.ts) both take the database from.

/**
 * The version of the database's layout (PRAGMA user_version). The server upgrades an older one when it
 * opens it; the desk (npm run submissions) reads only this one, and says so for any other.
 */
export const schemaVersion = 2;

const layout = `
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

/** What every connection sets: cascades on, and what is deleted overwritten with zeros rather than left in free pages. */
function connectionPragmas(db: Database.Database): void {
  db.pragma('foreign_keys = ON');
  db.pragma('secure_delete = ON');
}

/** The layout version a database says it has. */
export function versionOf(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Brings a database of an older layout (or a new, empty one) to `schemaVersion`, in one transaction. */
function migrate(db: Database.Database, version: number): void {
  db.transaction(() => {
    db.exec(layout);
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
}

/**
 * The server's connection: creates the file if needed (readable by its owner only, with its -wal and -shm),
 * in WAL mode with every commit on disk, and upgraded to this layout; refuses a database of a newer one.
 */
export function openServerDatabase(file: string): Database.Database {
  // SQLite creates its -wal and -shm files with the database file's permissions, so the file is made 0600
  // before SQLite opens it (whatever the umask), and one an earlier version made readable is closed up.
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // With WAL, NORMAL may lose the last commits on power loss; FULL makes a success answer mean "on disk".
  db.pragma('synchronous = FULL');
  connectionPragmas(db);
  const version = versionOf(db);
  if (version > schemaVersion) {
    db.close();
    throw new Error(`${file} is of a newer version (${version}) than this server reads (${schemaVersion}): run the version of the site that wrote it`);
  }
  migrate(db, version);
  return db;
}

/** What an existing database holds: its layout version and whether it has the submissions table (a file of another program has not). */
export interface Layout {
  version: number;
  hasSubmissions: boolean;
}

/**
 * A connection to a database that must exist already (the desk's, beside the running server): never creates
 * one, and waits up to `timeoutMs` for a lock the server holds. Read its `layoutOf` before `ready`, which
 * sets what every connection needs.
 */
export function connectExisting(file: string, timeoutMs = 5_000): Database.Database {
  return new Database(file, { fileMustExist: true, timeout: timeoutMs });
}

/** The layout of a database, read without changing it; throws SQLite's error for a file that is no database. */
export function layoutOf(db: Database.Database): Layout {
  const tables = new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => row.name),
  );
  return { version: versionOf(db), hasSubmissions: tables.has('submissions') };
}

/** Makes a connection of `connectExisting` ready for use, once its layout is accepted. */
export const ready = connectionPragmas;

/** Empties the log file into the database (after a deletion, so no deleted page stays in it); true when nothing held it up. */
export function checkpoint(db: Database.Database): boolean {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
  return result?.busy === 0;
}

/** Rewrites the database without free pages and empties its log file (after an erasure, so no erased byte stays on disk); true when the log could be emptied. */
export function compact(db: Database.Database): boolean {
  db.exec('VACUUM');
  // The server may be in the middle of a write: a few tries, each waiting out its lock (busy_timeout).
  for (let attempt = 0; attempt < 5; attempt++) if (checkpoint(db)) return true;
  return false;
}

/** Copies a consistent snapshot of a live database to `target` through SQLite's online backup, while the server writes. */
export async function snapshotDatabase(file: string, target: string): Promise<void> {
  const source = new Database(file, { readonly: true, fileMustExist: true, timeout: 5_000 });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
}

/** A read-only connection to a database file as it is (a backup's snapshot): never upgraded, never written. */
export function openReadOnly(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/** A connection to a database file just restored from a backup, as it is (the server upgrades it when it opens it). */
export function openRestored(file: string): Database.Database {
  return new Database(file, { fileMustExist: true });
}
