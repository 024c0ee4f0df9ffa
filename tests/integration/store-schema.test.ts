import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, schemaVersion } from '../../src/server/store.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'store-schema-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the database layout', () => {
  it('moves the one file of a version-1 order to the files table, with its size, and marks the database version 2', () => {
    const file = join(dataDir, 'uploads-order.stl');
    writeFileSync(file, Buffer.alloc(134));
    const old = new Database(join(dataDir, 'submissions.db'));
    old.exec(`CREATE TABLE submissions (id TEXT PRIMARY KEY, kind TEXT NOT NULL, lang TEXT NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL, upload_path TEXT, upload_name TEXT);`);
    old.prepare('INSERT INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?)').run('a', 'order', 'nl', 1, '{}', file, 'kroon 21.stl');
    old.prepare('INSERT INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?)').run('b', 'contact', 'en', 2, '{}', null, null);
    old.close();

    openStore({ dataDir }).close();
    const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(schemaVersion);
      expect(db.prepare('SELECT submission_id, position, path, name, kind, size FROM files').all()).toEqual([
        { submission_id: 'a', position: 1, path: file, name: 'kroon 21.stl', kind: 'stl', size: 134 },
      ]);
      expect(db.prepare('SELECT count(*) AS n FROM submissions WHERE upload_path IS NOT NULL').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT spam FROM submissions').all()).toEqual([{ spam: null }, { spam: null }]);
    } finally {
      db.close();
    }
    // Opening it again changes nothing.
    openStore({ dataDir }).close();
    const again = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    expect(again.prepare('SELECT count(*) AS n FROM files').get()).toEqual({ n: 1 });
    again.close();
  });

  it('refuses a database a newer version wrote, saying which versions', () => {
    const db = new Database(join(dataDir, 'submissions.db'));
    db.pragma(`user_version = ${schemaVersion + 1}`);
    db.close();
    expect(() => openStore({ dataDir })).toThrow(`is of a newer version (${schemaVersion + 1}) than this server reads (${schemaVersion})`);
  });

  it('keeps the files of an order in the order they were sent', () => {
    const store = openStore({ dataDir });
    const id = store.save({
      kind: 'order',
      lang: 'en',
      data: {},
      messages: [],
      files: [
        { path: join(dataDir, 'b.ply'), name: 'lower.ply', kind: 'ply', size: 2 },
        { path: join(dataDir, 'a.stl'), name: 'upper.stl', kind: 'stl', size: 1 },
      ],
    });
    store.close();
    const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    expect(db.prepare('SELECT position, name FROM files WHERE submission_id = ? ORDER BY position').all(id)).toEqual([
      { position: 1, name: 'lower.ply' },
      { position: 2, name: 'upper.stl' },
    ]);
    db.close();
  });
});
