import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadFormats, type ByteSource } from '../shared/file-check.ts';

import { maxOrderFiles } from '../shared/upload-limits.ts';

export { checkUpload, detectUpload, maxUploadBytes, type ByteSource, type UploadCheck, type UploadKind, type UploadRejection } from '../shared/file-check.ts';

// An order's files go to disk as they arrive (a stalled upload holds no memory), under temporary names
// in uploads/.incoming/; they take their place in uploads/ only together with their submission's row,
// and a failure at any step leaves nothing behind.

/** A file passed a size limit while it arrived: its own (`file`) or what the order's files may weigh together (`total`). */
export class UploadTooLarge extends Error {
  constructor(readonly limit: 'file' | 'total' = 'file') {
    super(limit === 'file' ? 'the upload is over its size limit' : "the order's files are over their size limit together");
  }
}

const incomingDir = (dataDir: string) => join(dataDir, 'uploads', '.incoming');

/**
 * Streams a file part to a temporary file, readable by this process's user only. Resolves to its path
 * and size; rejects with `UploadTooLarge` the moment the part reports its limit (`file`) or passes
 * `maxBytes` (`total`: what is left of the order's allowance), or with the disk's error, in every case
 * with the temporary file removed.
 */
export async function receiveUpload(dataDir: string, stream: Readable, options: { maxBytes?: number } = {}): Promise<{ path: string; size: number }> {
  const maxBytes = options.maxBytes ?? Infinity;
  // The part may fail while the folder is made; the pipeline below still sees the error (the stream is destroyed with it).
  const ignore = () => {};
  stream.once('error', ignore);
  await mkdir(incomingDir(dataDir), { recursive: true, mode: 0o700 });
  stream.off('error', ignore);
  const path = join(incomingDir(dataDir), `${randomBytes(16).toString('hex')}.part`);
  let size = 0;
  let tooLarge: UploadTooLarge | undefined;
  const stop = (limit: 'file' | 'total') => {
    tooLarge ??= new UploadTooLarge(limit);
    stream.destroy(tooLarge);
  };
  // Counted as it arrives: the order stops at the chunk that passes its allowance, whose file is then removed.
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) stop('total');
  });
  // busboy stops the part at its limit and says so; the rest of it is never written.
  stream.once('limit', () => stop('file'));
  try {
    await pipeline(stream, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    throw tooLarge ?? error;
  }
  return { path, size };
}

/**
 * Moves a received upload to `<dataDir>/uploads/order-<id>-<position>.<extension>`, its name made of the
 * submission's id, the file's place among the order's files (1 to 5, as they were sent) and the kind its
 * bytes were found to be, never of anything the visitor sent.
 */
export async function keepUpload(dataDir: string, temporary: string, id: string, extension: string, position: number): Promise<string> {
  // The extension ends up in a file name: only the known ones, so no path or served type can be smuggled in.
  if (!Object.values(uploadFormats).some((format) => format.extension === extension)) {
    throw new Error(`keepUpload: not an upload extension: ${JSON.stringify(extension)}`);
  }
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`keepUpload: not a submission id: ${JSON.stringify(id)}`);
  if (!Number.isInteger(position) || position < 1 || position > maxOrderFiles) throw new Error(`keepUpload: not a file's position in an order: ${position}`);
  const path = join(dataDir, 'uploads', `order-${id}-${position}.${extension}`);
  // A link, unlike a rename, fails rather than replace a file already there.
  await link(temporary, path);
  await rm(temporary, { force: true });
  return path;
}

/**
 * Lends `run` a file on disk as a ByteSource read a slice at a time, and closes the file when `run` is done
 * (or has failed): `await fileSource(path, checkUpload)`.
 */
export async function fileSource<T>(path: string, run: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await run({
      size,
      read: async (offset, length) => {
        const bytes = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        let filled = 0;
        while (filled < bytes.length) {
          const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, offset + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return filled === bytes.length ? bytes : bytes.subarray(0, filled);
      },
    });
  } finally {
    await handle.close();
  }
}

/** Removes an upload that will not be kept; a file already gone is no error. */
export async function discardUpload(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** At start: temporary files a previous run left when it stopped in the middle of an upload. */
export async function clearIncoming(dataDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(incomingDir(dataDir));
  } catch {
    return 0;
  }
  await Promise.all(names.map((name) => rm(join(incomingDir(dataDir), name), { force: true })));
  return names.length;
}
