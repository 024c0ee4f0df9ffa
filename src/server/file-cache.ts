import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Encoding } from './negotiation.ts';

/** One representation of a served file: which sibling on disk, its coding, size and content hash. */
export interface ServedFile {
  file: string;
  encoding: Encoding;
  size: number;
  /** sha256 of the bytes, base64url: the ETag's core. */
  hash: string;
  /** The bytes themselves when the file is small enough to keep; larger files are streamed. */
  body?: Buffer;
}

export interface FileCacheLimits {
  /** Files up to this size are kept in memory (bytes). */
  maxFileBytes: number;
  /** All kept files together stay under this (bytes); the least recently served go first. */
  maxTotalBytes: number;
}

const siblingSuffix: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

interface Entry {
  size: number;
  mtimeMs: number;
  hash: string;
  body?: Buffer;
}

/**
 * The build's files as the server sends them. Small files (every page, script, stylesheet and
 * picture the build writes) are read once and kept with their hash; a request then costs one
 * `stat`, which also notices a file rebuilt in place (its size or mtime changes) and reads it anew.
 */
export class FileCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: FileCacheLimits = { maxFileBytes: 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 }) {}

  /** The first precompressed sibling of `path` that exists, in the client's order; identity is last and must exist. */
  async get(path: string, encodings: readonly Encoding[]): Promise<ServedFile> {
    for (const encoding of encodings) {
      const file = path + siblingSuffix[encoding];
      let stats: Stats;
      try {
        stats = await stat(file);
      } catch (error) {
        if (encoding === 'identity' || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        continue;
      }
      if (!stats.isFile()) {
        if (encoding === 'identity') throw new Error(`${path} is not a file`);
        continue;
      }
      return { file, encoding, ...(await this.entry(file, stats)) };
    }
    throw new Error(`no identity encoding offered for ${path}`);
  }

  /** The file's bytes from `start` to `end` (inclusive), or all of it. */
  static stream(served: ServedFile, range?: { start: number; end: number }): Readable | Buffer {
    if (served.body) return range ? served.body.subarray(range.start, range.end + 1) : served.body;
    return createReadStream(served.file, range ? { start: range.start, end: range.end } : {});
  }

  /** How many bytes are kept now (for tests). */
  get keptBytes(): number {
    return this.bytes;
  }

  private async entry(file: string, stats: Stats): Promise<Entry> {
    const known = this.entries.get(file);
    if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) {
      // Most recently served last: the eviction below takes the oldest first.
      this.entries.delete(file);
      this.entries.set(file, known);
      return known;
    }
    const entry: Entry = { size: stats.size, mtimeMs: stats.mtimeMs, hash: '' };
    if (stats.size <= this.limits.maxFileBytes) {
      const body = await readFile(file);
      // Rewritten between the stat and the read: describe what was read.
      entry.size = body.length;
      entry.body = body;
      entry.hash = createHash('sha256').update(body).digest('base64url');
    } else {
      const digest = createHash('sha256');
      for await (const chunk of createReadStream(file)) digest.update(chunk as Buffer);
      entry.hash = digest.digest('base64url');
    }
    this.remember(file, entry);
    return entry;
  }

  private remember(file: string, entry: Entry): void {
    const old = this.entries.get(file);
    if (old) {
      this.entries.delete(file);
      this.bytes -= old.body?.length ?? 0;
    }
    this.entries.set(file, entry);
    this.bytes += entry.body?.length ?? 0;
    for (const [key, kept] of this.entries) {
      if (this.bytes <= this.limits.maxTotalBytes) break;
      if (key === file) continue;
      this.entries.delete(key);
      this.bytes -= kept.body?.length ?? 0;
    }
  }
}
