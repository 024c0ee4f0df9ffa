import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { DeskError, oneLine, openDesk } from './desk.ts';
import { erasureHmac, erasureKey, journalFile, keyFile, readJournal } from './erasure-log.ts';
import { outboxTable } from './db/outbox.ts';
import { checkpoint, openReadOnly, openRestored, snapshotDatabase } from './db/schema.ts';
import { submissionTable } from './db/submissions.ts';

// Backups of a data folder, and erasures that stay erased across a restore.
//
// A backup is a folder <root>/<time>/ holding a consistent snapshot: submissions.db copied through SQLite's
// online backup while the server runs, the uploads its rows name, the .eml files in mail/, the key of
// the erasure log, and manifest.json (written last) with the size and SHA-256 of each. Beside the
// backups, outside every snapshot, <root>/erasures.jsonl is the newest copy of the erasure log.
//
// Each erasure (npm run submissions -- erase) is appended to <dataDir>/erasures.jsonl as its time and an
// HMAC-SHA-256 of the address under the key in <dataDir>/erasure.key, never the address. The key is in
// every backup, so a restore on a new machine can match the log against the restored submissions and
// erase again what was erased after the backup was taken (GDPR article 17).

/** The format of manifest.json. */
const manifestFormat = 1;
/** How many backups are kept when the command does not say. */
export const defaultKeep = 14;
/** A backup folder's name: the time it was taken, colons written as hyphens. */
const backupName = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/;

export interface ManifestFile {
  /** Relative to the backup folder, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  /** When the snapshot of the database was taken (ms since the epoch): erasures after it are re-applied on restore. */
  takenAt: number;
  /** The data folder it was taken from: the paths its rows name are moved to the restored folder. */
  dataDir: string;
  submissions: number;
  files: ManifestFile[];
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function copyPrivate(from: string, to: string): ManifestFile & { source: string } {
  mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
  copyFileSync(from, to);
  chmodSync(to, 0o600);
  return { source: from, path: '', size: statSync(to).size, sha256: sha256(to) };
}

/** The complete backups under `root`, oldest first. */
export function backupsIn(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => backupName.test(name) && existsSync(join(root, name, 'manifest.json')))
    .sort();
}

export interface BackupResult {
  folder: string;
  submissions: number;
  uploads: number;
  mailFiles: number;
  bytes: number;
  /** Uploads a row named that were gone by the time they were copied (pruned or erased meanwhile). */
  gone: number;
  pruned: string[];
}

/**
 * Takes a backup of `dataDir` into a new folder under `root` while the server may run, then keeps the
 * newest `keep` backups and removes older ones (and any a stopped run left half-written).
 */
export async function takeBackup(dataDir: string, root: string, options: { keep?: number; now?: () => number } = {}): Promise<BackupResult> {
  const now = options.now ?? Date.now;
  const keep = options.keep ?? defaultKeep;
  if (!Number.isInteger(keep) || keep < 1) throw new DeskError(`--keep ${keep} is not a number of backups: use 1 or more`, 2);
  const database = join(dataDir, 'submissions.db');
  if (!existsSync(database)) throw new DeskError(`there is no database in ${dataDir} (submissions.db): set DATA_DIR to the server's data folder`);
  const absoluteRoot = resolve(root);
  const inside = relative(resolve(dataDir), absoluteRoot);
  if (inside === '' || (!inside.startsWith('..') && !inside.startsWith('/'))) throw new DeskError(`${root} is inside the data folder: keep backups elsewhere (another disk)`, 2);
  mkdirSync(absoluteRoot, { recursive: true, mode: 0o700 });
  const takenAt = now();
  const name = new Date(takenAt).toISOString().replaceAll(':', '-');
  const partial = join(absoluteRoot, `.partial-${name}`);
  const folder = join(absoluteRoot, name);
  if (existsSync(folder)) throw new DeskError(`${folder} already exists: wait a moment and run the backup again`);
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const files: ManifestFile[] = [];
    const add = (copied: ManifestFile & { source: string }, path: string) => files.push({ path, size: copied.size, sha256: copied.sha256 });
    // The database first, through SQLite's online backup: a consistent snapshot, while the server writes.
    let named: string[];
    let submissions: number;
    await snapshotDatabase(database, join(partial, 'submissions.db'));
    chmodSync(join(partial, 'submissions.db'), 0o600);
    const snapshot = openReadOnly(join(partial, 'submissions.db'));
    try {
      const table = submissionTable(snapshot);
      named = table.uploadPaths();
      submissions = table.count();
    } finally {
      snapshot.close();
    }
    add({ source: database, path: '', size: statSync(join(partial, 'submissions.db')).size, sha256: sha256(join(partial, 'submissions.db')) }, 'submissions.db');
    // The files the snapshot's rows name (by name in this folder's uploads/, where a moved folder keeps them).
    let gone = 0;
    for (const stored of new Set(named)) {
      const file = existsSync(stored) ? stored : join(dataDir, 'uploads', basename(stored));
      try {
        add(copyPrivate(file, join(partial, 'uploads', basename(stored))), `uploads/${basename(stored)}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        gone += 1;
      }
    }
    const mailDir = join(dataDir, 'mail');
    let mailFiles = 0;
    for (const entry of existsSync(mailDir) ? readdirSync(mailDir).filter((entry) => entry.endsWith('.eml')) : []) {
      try {
        add(copyPrivate(join(mailDir, entry), join(partial, 'mail', entry)), `mail/${entry}`);
        mailFiles += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    // The erasure key travels with every backup; the log goes beside them, outside every snapshot.
    erasureKey(dataDir);
    add(copyPrivate(join(dataDir, keyFile), join(partial, keyFile)), keyFile);
    if (existsSync(join(dataDir, journalFile))) copyPrivate(join(dataDir, journalFile), join(absoluteRoot, journalFile));
    const manifest: Manifest = { format: manifestFormat, takenAt, dataDir: resolve(dataDir), submissions, files };
    writeFileSync(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    renameSync(partial, folder);
    const pruned: string[] = [];
    const complete = backupsIn(absoluteRoot);
    for (const old of complete.slice(0, Math.max(0, complete.length - keep))) {
      rmSync(join(absoluteRoot, old), { recursive: true, force: true });
      pruned.push(old);
    }
    for (const left of readdirSync(absoluteRoot).filter((entry) => entry.startsWith('.partial-'))) rmSync(join(absoluteRoot, left), { recursive: true, force: true });
    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    return { folder, submissions, uploads: files.filter((file) => file.path.startsWith('uploads/')).length, mailFiles, bytes, gone, pruned };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (error instanceof DeskError) throw error;
    throw new DeskError(`the backup could not be written (${oneLine(error)}); nothing was kept of it`);
  }
}

/** The manifest of a backup folder, each of its files proven by size and checksum; a DeskError names the first that is not. */
export function verifyBackup(folder: string): Manifest {
  const path = join(folder, 'manifest.json');
  if (!existsSync(path)) throw new DeskError(`${folder} is not a backup (it has no manifest.json): name one of the folders npm run submissions -- backup wrote`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch (error) {
    throw new DeskError(`the backup is damaged: manifest.json cannot be read (${oneLine(error)})`);
  }
  if (manifest.format !== manifestFormat || !Array.isArray(manifest.files) || typeof manifest.takenAt !== 'number')
    throw new DeskError('the backup is damaged: manifest.json is not a manifest this desk reads');
  for (const file of manifest.files) {
    if (typeof file.path !== 'string' || file.path.split('/').includes('..') || file.path.startsWith('/'))
      throw new DeskError(`the backup is damaged: manifest.json names ${JSON.stringify(file.path)}`);
    const at = join(folder, file.path);
    if (!existsSync(at)) throw new DeskError(`the backup is damaged: ${file.path} is missing`);
    if (statSync(at).size !== file.size || sha256(at) !== file.sha256) throw new DeskError(`the backup is damaged: ${file.path} does not match its checksum`);
  }
  return manifest;
}

export interface RestoreResult {
  takenAt: number;
  submissions: number;
  uploads: number;
  mailFiles: number;
  /** Erasures logged after the backup was taken, and the submissions they erased again. */
  erasures: number;
  erased: number;
}

/**
 * Restores the backup in `folder` into `dataDir`, which must be empty or not there: verifies every file
 * first (nothing is written from a damaged backup), copies them, moves the paths its rows name to this
 * folder, and erases again what the erasure logs (`journals`: the one beside the backups, and any other
 * given) record after the backup was taken.
 */
export function restoreBackup(folder: string, dataDir: string, journals: readonly string[] = []): RestoreResult {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new DeskError(`${dataDir} is not empty: restore into an empty or new data folder (set DATA_DIR), never over one in use`);
  const manifest = verifyBackup(folder);
  const records = [join(dirname(resolve(folder)), journalFile), ...journals].flatMap(readJournal);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const file of manifest.files) copyPrivate(join(folder, file.path), join(dataDir, file.path));
  for (const sub of ['uploads', 'mail']) if (existsSync(join(dataDir, sub))) chmodSync(join(dataDir, sub), 0o700);
  // The erasure log comes with the restored folder, merged, so later backups carry it on.
  const seen = new Set<string>();
  const merged = records.filter((record) => !seen.has(`${record.at}:${record.hmac}`) && seen.add(`${record.at}:${record.hmac}`)).sort((a, b) => a.at - b.at);
  if (merged.length > 0) writeFileSync(join(dataDir, journalFile), merged.map((record) => `${JSON.stringify(record)}\n`).join(''), { mode: 0o600 });
  // The rows name the files where the old folder kept them: here now.
  const db = openRestored(join(dataDir, 'submissions.db'));
  try {
    const oldUploads = `${manifest.dataDir}/uploads/`;
    const newUploads = `${resolve(dataDir)}/uploads/`;
    db.transaction(() => {
      submissionTable(db).moveUploads(newUploads);
      // A mail still to be sent attaches its files from the same place.
      outboxTable(db).moveAttachments(oldUploads, newUploads);
    })();
    checkpoint(db);
  } finally {
    db.close();
  }
  // Erasures after the snapshot: each address of a restored submission whose keyed hash the log holds.
  const after = new Set(merged.filter((record) => record.at >= manifest.takenAt).map((record) => record.hmac));
  let erased = 0;
  if (after.size > 0) {
    const key = erasureKey(dataDir);
    const desk = openDesk(dataDir);
    try {
      const addresses = new Set<string>();
      for (const summary of desk.details()) {
        const fields = Object.values(summary.data).filter((value): value is string => typeof value === 'string' && value.includes('@'));
        const mails = summary.mails.flatMap((mail) => [mail.to, mail.replyTo ?? '']);
        for (const text of [...fields, ...mails]) for (const match of text.matchAll(/[^\s<>",;]+@[^\s<>",;]+/g)) addresses.add(match[0].trim().toLowerCase());
      }
      for (const address of addresses) {
        if (!after.has(erasureHmac(key, address))) continue;
        const found = desk.subject(address);
        if (found.submissions.length === 0 && found.mailFiles.length === 0) continue;
        erased += desk.erase(
          address,
          found.submissions.map((entry) => entry.id),
          { record: false },
        ).submissions;
      }
    } finally {
      desk.close();
    }
  }
  return {
    takenAt: manifest.takenAt,
    submissions: manifest.submissions - erased,
    uploads: manifest.files.filter((file) => file.path.startsWith('uploads/')).length,
    mailFiles: manifest.files.filter((file) => file.path.startsWith('mail/')).length,
    erasures: after.size,
    erased,
  };
}
