import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileCache } from '../../src/server/file-cache.ts';

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('base64url');
const bytesOf = async (body: Readable | Buffer) => (Buffer.isBuffer(body) ? body : await buffer(body));

describe('the file cache', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'file-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a small file in memory with its hash and hands out the same bytes again', async () => {
    writeFileSync(file('page.html'), '<h1>Hallo</h1>');
    const cache = new FileCache();
    const first = await cache.get(file('page.html'), ['identity']);
    expect(first).toMatchObject({ file: file('page.html'), encoding: 'identity', size: 14, hash: sha('<h1>Hallo</h1>') });
    expect(first.body?.toString()).toBe('<h1>Hallo</h1>');
    const second = await cache.get(file('page.html'), ['identity']);
    expect(second.body).toBe(first.body);
    expect(cache.keptBytes).toBe(14);
  });

  it('reads a file anew when it is rebuilt in place, even at the same size', async () => {
    writeFileSync(file('app.js'), 'let a = 1;');
    const cache = new FileCache();
    expect((await cache.get(file('app.js'), ['identity'])).body?.toString()).toBe('let a = 1;');
    writeFileSync(file('app.js'), 'let b = 2;');
    // Same size: only the modification time tells.
    utimesSync(file('app.js'), new Date(), new Date(Date.now() + 5000));
    const rebuilt = await cache.get(file('app.js'), ['identity']);
    expect(rebuilt.body?.toString()).toBe('let b = 2;');
    expect(rebuilt.hash).toBe(sha('let b = 2;'));
    expect(cache.keptBytes).toBe(10);
  });

  it('takes the first precompressed sibling that exists, in the order asked', async () => {
    writeFileSync(file('style.css'), 'body{}');
    writeFileSync(file('style.css.gz'), 'gzipped');
    const cache = new FileCache();
    expect(await cache.get(file('style.css'), ['br', 'gzip', 'identity'])).toMatchObject({ encoding: 'gzip', file: file('style.css.gz') });
    expect(await cache.get(file('style.css'), ['identity'])).toMatchObject({ encoding: 'identity', size: 6 });
  });

  it('refuses a missing file and a directory', async () => {
    mkdirSync(file('folder'));
    const cache = new FileCache();
    await expect(cache.get(file('gone.html'), ['br', 'identity'])).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(cache.get(file('folder'), ['identity'])).rejects.toThrow(/is not a file/);
  });

  it('streams a file over the size limit from disk, whole or a range, with the hash of its bytes', async () => {
    const video = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    writeFileSync(file('clip.mp4'), video);
    const cache = new FileCache({ maxFileBytes: 1024, maxTotalBytes: 8192 });
    const served = await cache.get(file('clip.mp4'), ['identity']);
    expect(served.body).toBeUndefined();
    expect(served).toMatchObject({ size: 4096, hash: sha(video) });
    expect((await bytesOf(FileCache.stream(served))).equals(video)).toBe(true);
    expect((await bytesOf(FileCache.stream(served, { start: 100, end: 199 }))).equals(video.subarray(100, 200))).toBe(true);
    expect(cache.keptBytes).toBe(0);
  });

  it('slices a range out of a kept file', async () => {
    writeFileSync(file('photo.png'), '0123456789');
    const served = await new FileCache().get(file('photo.png'), ['identity']);
    expect((await bytesOf(FileCache.stream(served, { start: 2, end: 4 }))).toString()).toBe('234');
  });

  it('keeps at most the total it is given, letting the least recently served file go first', async () => {
    for (const name of ['a', 'b', 'c']) writeFileSync(file(name), name.repeat(400));
    const cache = new FileCache({ maxFileBytes: 1024, maxTotalBytes: 1000 });
    const a = await cache.get(file('a'), ['identity']);
    await cache.get(file('b'), ['identity']);
    // a is served again, so b is now the oldest.
    expect((await cache.get(file('a'), ['identity'])).body).toBe(a.body);
    await cache.get(file('c'), ['identity']);
    expect(cache.keptBytes).toBe(800);
    expect((await cache.get(file('a'), ['identity'])).body).toBe(a.body);
    // b was let go: it is read again (a new buffer with the same bytes).
    const b = await cache.get(file('b'), ['identity']);
    expect(b.body?.toString()).toBe('b'.repeat(400));
    expect(cache.keptBytes).toBeLessThanOrEqual(1000);
  });
});
