import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupsIn, restoreBackup, takeBackup, verifyBackup, type Manifest } from '../../src/server/backup.ts';
import { readJournal } from '../../src/server/erasure-log.ts';
import { contact, orderFields, postJson, startApiServer, storedSubmissions, type ApiServer } from '../support/api.ts';
import { projectRoot } from '../support/fixtures.ts';
import { postOrder, uploadFixture } from '../support/uploads.ts';

// Backups that restore: taken while the server takes submissions and uploads, restored into a new
// folder with exactly what was answered before and byte-identical files; a damaged backup refused at
// its bad file; erasures made after a backup applied again when it is restored.

const tsx = join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const cli = join(projectRoot, 'scripts', 'submissions.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run submissions -- ...args` as the lab runs it, with DATA_DIR. */
function desk(args: string[], dataDir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, cli, ...args], { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

let root: string;
let servers: ApiServer[];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'backup-'));
  servers = [];
});
afterEach(async () => {
  for (const server of servers) await server.stop();
  rmSync(root, { recursive: true, force: true });
});

async function server(dataDir: string): Promise<ApiServer> {
  const started = await startApiServer({ dataDir });
  servers.push(started);
  return started;
}

/** What a restored folder holds: each submission's e-mail address, with its files' bytes. */
function contents(dataDir: string): Map<string, Buffer[]> {
  return new Map(storedSubmissions(dataDir).map((row) => [String(row.data.email), row.files.map((file) => readFileSync(join(dataDir, 'uploads', file.path.split('/').pop()!)))]));
}

describe('a backup under load, restored on a clean folder', () => {
  it('holds every submission answered before it began, with byte-identical files, and nothing that was not answered', async () => {
    const dataDir = join(root, 'data');
    const api = await server(dataDir);
    const answered: { email: string; at: number; file?: Buffer }[] = [];
    let load = true;
    let n = 0;
    // Two senders the whole time: contact forms and orders with a file, each with an address of its own.
    const sender = async (orders: boolean) => {
      while (load) {
        const email = `sender-${(n += 1)}@example.nl`;
        if (orders) {
          // Each order's scan differs (a header byte), so a file restored to the wrong order shows.
          const bytes = Buffer.from(uploadFixture('crown-binary.stl'));
          bytes.write(email.padEnd(40), 0, 'latin1');
          const reply = await postOrder(api.port, orderFields({ email }), [{ bytes, filename: 'crown.stl' }]);
          if (reply.status === 200) answered.push({ email, at: Date.now(), file: bytes });
        } else {
          const reply = await postJson(api.port, '/api/contact', contact({ email }));
          if (reply.status === 200) answered.push({ email, at: Date.now() });
        }
      }
    };
    const senders = [sender(false), sender(true)];
    while (answered.length < 20) await new Promise((resolve) => setImmediate(resolve));
    const began = Date.now();
    const before = answered.filter((entry) => entry.at < began).map((entry) => entry.email);
    const backup = await desk(['backup', join(root, 'backups')], dataDir);
    load = false;
    await Promise.all(senders);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backed up \d+ submissions, \d+ uploads and \d+ \.eml files? \(.+\) to .+/);

    const [taken] = backupsIn(join(root, 'backups'));
    const restored = join(root, 'restored');
    const restore = await desk(['restore', join(root, 'backups', taken!)], restored);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const held = contents(restored);
    // The drill: the counts before and after.
    console.log(`restore drill: ${before.length} answered before the backup began, ${storedSubmissions(dataDir).length} in the live folder at the end, ${held.size} restored`);
    for (const email of before) expect(held.has(email), email).toBe(true);
    const everAnswered = new Set(answered.map((entry) => entry.email));
    for (const email of held.keys()) expect(everAnswered.has(email), email).toBe(true);
    for (const entry of answered.filter((item) => item.file && held.has(item.email))) expect(held.get(entry.email)).toEqual([entry.file]);
    // The restored folder is the server's: it starts on it, and the desk lists the same.
    const again = await server(restored);
    expect((await postJson(again.port, '/api/contact', contact())).status).toBe(200);
    expect(storedSubmissions(restored)).toHaveLength(held.size + 1);
  }, 180_000);

  it('refuses a folder that is not empty, and writes nothing there', async () => {
    const dataDir = join(root, 'data');
    const api = await server(dataDir);
    expect((await postJson(api.port, '/api/contact', contact())).status).toBe(200);
    const { folder } = await takeBackup(dataDir, join(root, 'backups'));
    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'x');
    expect(() => restoreBackup(folder, busy)).toThrow(/is not empty: restore into an empty or new data folder/);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  });
});

describe('a damaged backup', () => {
  it('is refused at its bad file, whichever file is damaged and however, and nothing is restored', async () => {
    const dataDir = join(root, 'data');
    const api = await server(dataDir);
    for (const n of [1, 2, 3]) expect((await postOrder(api.port, orderFields({ email: `d${n}@example.nl` }), [{ bytes: uploadFixture('crown-binary.stl'), filename: 'crown.stl' }])).status).toBe(200);
    expect((await postJson(api.port, '/api/contact', contact())).status).toBe(200);
    const { folder } = await takeBackup(dataDir, join(root, 'backups'));
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.files.map((file) => file.path.split('/')[0])).toEqual(expect.arrayContaining(['submissions.db', 'uploads', 'erasure.key']));
    let run = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom('flip', 'truncate', 'remove', 'append'), (which, where, how) => {
        const copy = join(root, `damaged-${(run += 1)}`);
        mkdirSync(copy);
        const inner = join(copy, 'backup');
        for (const file of [...manifest.files.map((entry) => entry.path), 'manifest.json']) {
          mkdirSync(join(inner, file, '..'), { recursive: true });
          writeFileSync(join(inner, file), readFileSync(join(folder, file)));
        }
        const bad = manifest.files[which % manifest.files.length]!;
        const path = join(inner, bad.path);
        const bytes = readFileSync(path);
        if (how === 'flip') {
          bytes[where % bytes.length] = bytes[where % bytes.length]! ^ 0x01;
          writeFileSync(path, bytes);
        } else if (how === 'truncate') writeFileSync(path, bytes.subarray(0, where % bytes.length));
        else if (how === 'append') writeFileSync(path, Buffer.concat([bytes, Buffer.from([where % 256])]));
        else rmSync(path);
        const target = join(copy, 'restored');
        expect(() => restoreBackup(inner, target)).toThrow(how === 'remove' ? `the backup is damaged: ${bad.path} is missing` : `the backup is damaged: ${bad.path} does not match its checksum`);
        expect(existsSync(target)).toBe(false);
        rmSync(copy, { recursive: true, force: true });
      }),
      { seed: 27_1_1, numRuns: 40 },
    );
    // Undamaged, the same backup restores.
    expect(() => verifyBackup(folder)).not.toThrow();
  }, 120_000);

  it('names the bad file from the command line too', async () => {
    const dataDir = join(root, 'data');
    const api = await server(dataDir);
    expect((await postOrder(api.port, orderFields(), [{ bytes: uploadFixture('crown-binary.stl'), filename: 'crown.stl' }])).status).toBe(200);
    const { folder } = await takeBackup(dataDir, join(root, 'backups'));
    const [upload] = readdirSync(join(folder, 'uploads'));
    writeFileSync(join(folder, 'uploads', upload!), 'not the scan');
    const run = await desk(['restore', folder], join(root, 'restored'));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: the backup is damaged: uploads/${upload} does not match its checksum\n`);
  }, 60_000);
});

describe('erasures and backups', () => {
  it('erases again on restore what was erased after the backup was taken, keyed by a hash of the address, never the address', async () => {
    const dataDir = join(root, 'data');
    const api = await server(dataDir);
    for (const email of ['anna@example.nl', 'jan@example.nl', 'piet@example.nl']) {
      expect((await postOrder(api.port, orderFields({ email }), [{ bytes: uploadFixture('crown-binary.stl'), filename: 'crown.stl' }])).status).toBe(200);
    }
    // Piet was erased before the backup and wrote again since: his new order is in the backup and stays.
    expect((await desk(['erase', 'piet@example.nl', '--yes'], dataDir)).code).toBe(0);
    expect((await postOrder(api.port, orderFields({ email: 'piet@example.nl' }), [{ bytes: uploadFixture('crown-binary.stl'), filename: 'crown.stl' }])).status).toBe(200);
    const first = await desk(['backup', join(root, 'backups')], dataDir);
    expect(first.code).toBe(0);
    const [taken] = backupsIn(join(root, 'backups'));
    const erased = await desk(['erase', 'Anna@Example.nl', '--yes'], dataDir);
    expect(erased.code).toBe(0);
    const journal = readFileSync(join(dataDir, 'erasures.jsonl'), 'utf8');
    expect(journal).not.toMatch(/anna|piet|example/i);
    expect(readJournal(join(dataDir, 'erasures.jsonl'))).toHaveLength(2);
    // The data folder is lost with its disk: the log survives beside the backups only if a backup ran since; here it is given.
    rmSync(join(root, 'backups', 'erasures.jsonl'), { force: true });
    const restored = join(root, 'restored');
    const withoutLog = await desk(['restore', join(root, 'backups', taken!)], restored);
    expect(withoutLog.code).toBe(0);
    expect([...contents(restored).keys()].sort()).toEqual(['anna@example.nl', 'jan@example.nl', 'piet@example.nl']);
    rmSync(restored, { recursive: true });
    const run = await desk(['restore', join(root, 'backups', taken!), '--erasures', join(dataDir, 'erasures.jsonl')], restored);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('erased again what 1 erasure since the backup removed: 1 submission');
    expect([...contents(restored).keys()].sort()).toEqual(['jan@example.nl', 'piet@example.nl']);
    expect(readdirSync(join(restored, 'uploads'))).toHaveLength(2);
    // The next backup carries the log beside it, so a restore needs nothing else.
    expect((await desk(['backup', join(root, 'backups')], dataDir)).code).toBe(0);
    const again = join(root, 'again');
    expect((await desk(['restore', join(root, 'backups', taken!)], again)).code).toBe(0);
    expect([...contents(again).keys()].sort()).toEqual(['jan@example.nl', 'piet@example.nl']);
  }, 180_000);
});

describe('pruning', () => {
  it('keeps the newest backups by count and removes what a stopped run left half-written', async () => {
    const dataDir = join(root, 'data');
    const api = await server(dataDir);
    expect((await postJson(api.port, '/api/contact', contact())).status).toBe(200);
    const backups = join(root, 'backups');
    mkdirSync(join(backups, '.partial-2020-01-01T00-00-00.000Z'), { recursive: true });
    let clock = Date.parse('2026-11-01T02:00:00Z');
    const names: string[] = [];
    for (let day = 0; day < 5; day++) {
      const result = await takeBackup(dataDir, backups, { keep: 3, now: () => clock });
      names.push(result.folder.split('/').pop()!);
      clock += 86_400_000;
    }
    expect(backupsIn(backups)).toEqual(names.slice(2));
    expect(readdirSync(backups).filter((entry) => entry.startsWith('.partial-'))).toEqual([]);
    expect(statSync(join(backups, names[4]!)).mode & 0o777).toBe(0o700);
    await expect(takeBackup(dataDir, join(dataDir, 'backups'))).rejects.toThrow(/inside the data folder/);
  }, 60_000);
});
