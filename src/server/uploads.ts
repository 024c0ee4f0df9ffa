import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadFormats, type ByteSource } from '../shared/file-check.ts';

export { checkUpload, detectUpload, maxUploadBytes, type ByteSource, type UploadCheck, type UploadKind, type UploadRejection } from '../shared/file-check.ts';

// An order's file goes to disk as it arrives (a stalled upload holds no memory), under a temporary name
// in uploads/.incoming/; it takes its place in uploads/ only together with its submission's row, and a
// failure at any step leaves nothing behind.

/** The file passed its size limit while it arrived. */
export class UploadTooLarge extends Error {
  constructor() {
    super('the upload is over its size limit');
  }
}

const incomingDir = (dataDir: string) => join(dataDir, 'uploads', '.incoming');

/**
 * Streams a file part to a temporary file, readable by this process's user only. Resolves to its path
 * and size; rejects with `UploadTooLarge` the moment the part reports its limit, or with the disk's
 * error, in both cases with the temporary file removed.
 */
export async function receiveUpload(dataDir: string, stream: Readable): Promise<{ path: string; size: number }> {
  // The part may fail while the folder is made; the pipeline below still sees the error (the stream is destroyed with it).
  const ignore = () => {};
  stream.once('error', ignore);
  await mkdir(incomingDir(dataDir), { recursive: true, mode: 0o700 });
  stream.off('error', ignore);
  const path = join(incomingDir(dataDir), `${randomBytes(16).toString('hex')}.part`);
  let size = 0;
  let tooLarge = false;
  stream.on('data', (chunk: Buffer) => (size += chunk.length));
  // busboy stops the part at its limit and says so; the rest of it is never written.
  stream.once('limit', () => {
    tooLarge = true;
    stream.destroy(new UploadTooLarge());
  });
  try {
    await pipeline(stream, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    throw tooLarge ? new UploadTooLarge() : error;
  }
  return { path, size };
}

/**
 * Moves a received upload to `<dataDir>/uploads/order-<id>.<extension>`, its name made of the
 * submission's id and the kind its bytes were found to be, never of anything the visitor sent.
 */
export async function keepUpload(dataDir: string, temporary: string, id: string, extension: string): Promise<string> {
  // The extension ends up in a file name: only the known ones, so no path or served type can be smuggled in.
  if (!Object.values(uploadFormats).some((format) => format.extension === extension)) {
    throw new Error(`keepUpload: not an upload extension: ${JSON.stringify(extension)}`);
  }
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`keepUpload: not a submission id: ${JSON.stringify(id)}`);
  const path = join(dataDir, 'uploads', `order-${id}.${extension}`);
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
