import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contact, orderFields, postJson, startApiServer, type ApiServer } from '../support/api.ts';
import { waitFor } from '../support/smtp.ts';
import { postOrder, uploadFixture } from '../support/uploads.ts';

// What the server writes under DATA_DIR, and how it behaves when that folder or its disk fails.

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function scratch(): string {
  const root = mkdtempSync(join(tmpdir(), 'api-storage-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

async function api(options: Parameters<typeof startApiServer>[0]): Promise<ApiServer> {
  const server = await startApiServer(options);
  cleanups.push(() => server.stop());
  return server;
}

/** Every file and folder under `dir` with its permission bits. */
function modes(dir: string, prefix = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = `${prefix}${entry.name}${entry.isDirectory() ? '/' : ''}`;
    found[name] = (statSync(path).mode & 0o777).toString(8);
    if (entry.isDirectory()) Object.assign(found, modes(path, name));
  }
  return found;
}

describe('files only the server can read', () => {
  it('writes the database, its journal files, uploads and mails 0600 in folders of 0700, whatever the umask', async () => {
    const dataDir = join(scratch(), 'data');
    const previous = process.umask(0o000);
    try {
      const server = await api({ dataDir });
      expect((await postJson(server.port, '/api/contact', contact())).status).toBe(200);
      expect((await postOrder(server.port, orderFields(), [{ bytes: uploadFixture('pixel.png'), filename: 'photo.png' }])).status).toBe(200);
      await waitFor(() => readdirSync(join(dataDir, 'mail'), { withFileTypes: true }).length >= 2, 'the mails written');
    } finally {
      process.umask(previous);
    }
    const found = modes(dataDir);
    expect(Object.keys(found)).toEqual(expect.arrayContaining(['submissions.db', 'submissions.db-wal', 'submissions.db-shm', 'uploads/', 'mail/']));
    for (const [name, mode] of Object.entries(found)) expect(mode, name).toBe(name.endsWith('/') ? '700' : '600');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('closes up a database an earlier version left readable to others', async () => {
    const dataDir = join(scratch(), 'data');
    await (await api({ dataDir })).stop();
    chmodSync(join(dataDir, 'submissions.db'), 0o644);
    await api({ dataDir });
    expect(statSync(join(dataDir, 'submissions.db')).mode & 0o777).toBe(0o600);
  });

  it('warns once at start when other users can open the data folder', async () => {
    const dataDir = join(scratch(), 'open');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const server = await api({ dataDir });
    expect(server.logs.filter((line) => line.level === 40).map((line) => [line.msg, line.mode])).toEqual([
      ['other users of this machine can open the data folder: make it 0700 (chmod 700)', '0755'],
    ]);
    const closed = join(scratch(), 'closed');
    expect((await api({ dataDir: closed })).logs.filter((line) => line.level === 40)).toEqual([]);
  });
});
