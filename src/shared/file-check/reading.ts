import { maxCheckSliceBytes } from '../upload-limits.ts';

// Every format check is written once, as a generator that yields the reads it needs and is resumed with
// their bytes ("sans-I/O"). The same check then runs synchronously over bytes in memory (detectUpload)
// and asynchronously over a file read a slice at a time (checkUpload), and a zip entry inflating as it
// is read is one more source of bytes for it.

/** A read a check asks for: `length` bytes from `offset` of the file being checked. */
export interface Want {
  offset: number;
  length: number;
}

/** A check in progress: it yields reads and is resumed with their bytes, until it returns its result. */
export type Reading<T> = Generator<Want, T, Uint8Array>;

/** Random access to the bytes a check reads: the file itself, a range of it, or a zip entry's content. */
export interface Bytes {
  readonly size: number;
  /** The bytes from `offset`, `length` of them (fewer only at the end); `length` is at most maxCheckSliceBytes. */
  read(offset: number, length: number): Reading<Uint8Array>;
}

/** The file being checked, answered by whichever driver runs the check. */
export function fileBytes(size: number): Bytes {
  return {
    size,
    *read(offset, length) {
      if (length > maxCheckSliceBytes) throw new Error(`file-check: a read of ${length} bytes is over the slice limit`);
      const wanted = Math.max(0, Math.min(length, size - offset));
      if (wanted === 0) return new Uint8Array(0);
      return yield { offset, length: wanted };
    },
  };
}

/** The bytes from `start`, `size` of them, of `outer` (a stored zip entry). */
export function rangeBytes(outer: Bytes, start: number, size: number): Bytes {
  return {
    size,
    read: (offset, length) => outer.read(start + offset, Math.max(0, Math.min(length, size - offset))),
  };
}

/** Runs a check over bytes in memory. */
export function runOver<T>(reading: Reading<T>, bytes: Uint8Array): T {
  let step = reading.next();
  while (!step.done) step = reading.next(bytes.subarray(step.value.offset, step.value.offset + step.value.length));
  return step.value;
}

/** What a check needs of a source: its bytes a slice at a time. */
export interface SliceSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Runs a check over a source read a slice at a time; a source that answers with fewer bytes than asked is a fault, not a verdict. */
export async function runFrom<T>(reading: Reading<T>, source: SliceSource): Promise<T> {
  let step = reading.next();
  while (!step.done) {
    const { offset, length } = step.value;
    const bytes = await source.read(offset, length);
    if (bytes.length !== length) throw new Error(`file-check: the source gave ${bytes.length} bytes at ${offset}, not ${length}`);
    step = reading.next(bytes);
  }
  return step.value;
}

/**
 * A window over a Bytes that a check moves along: it asks for what it needs with `load` and reads it with
 * `byte`, `bytes` or `view`. Moving forward keeps the part of the window still wanted and reads only the
 * rest, so a source that is read in order (an inflating zip entry) is never asked to go back.
 */
export class Cursor {
  private buffer: Uint8Array = new Uint8Array(0);
  private start = 0;
  constructor(readonly source: Bytes) {}

  get size(): number {
    return this.source.size;
  }

  /** Where the window ends: the bytes before it, from the last `load`'s position, are in it. */
  get end(): number {
    return this.start + this.buffer.length;
  }

  /** Whether the `length` bytes from `at` are in the window. */
  has(at: number, length: number): boolean {
    return at >= this.start && at + length <= this.start + this.buffer.length;
  }

  /**
   * Brings the `length` bytes from `at` into the window, reading up to `ahead` bytes at once (a check going
   * through a file in order passes maxCheckSliceBytes; one reading a few bytes here and there, 0).
   * Returns how many of those bytes the window holds: fewer than `length` only at the end of the file.
   */
  *load(at: number, length: number, ahead = maxCheckSliceBytes): Reading<number> {
    const end = Math.min(this.size, at + length);
    if (at >= end) return 0;
    if (this.has(at, end - at)) return end - at;
    if (end - at > maxCheckSliceBytes) throw new Error(`file-check: a window of ${end - at} bytes is over the slice limit`);
    const span = Math.min(this.size - at, Math.max(end - at, Math.min(ahead, maxCheckSliceBytes)));
    const bufferEnd = this.start + this.buffer.length;
    if (at >= this.start && at < bufferEnd) {
      const kept = this.buffer.subarray(at - this.start);
      const more = yield* this.source.read(bufferEnd, span - kept.length);
      const joined = new Uint8Array(kept.length + more.length);
      joined.set(kept);
      joined.set(more, kept.length);
      this.buffer = joined;
    } else {
      this.buffer = yield* this.source.read(at, span);
    }
    this.start = at;
    return Math.min(end, this.end) - at;
  }

  /** The byte at `at`, which must be in the window. */
  byte(at: number): number {
    return this.buffer[at - this.start]!;
  }

  /** The `length` bytes from `at`, which must be in the window. */
  bytes(at: number, length: number): Uint8Array {
    return this.buffer.subarray(at - this.start, at - this.start + length);
  }

  /** A DataView of the `length` bytes from `at`, which must be in the window. */
  view(at: number, length: number): DataView {
    return new DataView(this.buffer.buffer, this.buffer.byteOffset + at - this.start, length);
  }

  /** The first position from `from` holding one of `targets`, or the file's size when none does. */
  *find(from: number, ...targets: number[]): Reading<number> {
    for (let at = from; at < this.size;) {
      // What the window holds from `at` first: loading a full slice at every call would copy the window again and again.
      const available = this.has(at, 1) ? this.end - at : yield* this.load(at, maxCheckSliceBytes);
      const window = this.bytes(at, available);
      let found = -1;
      for (const target of targets) {
        const index = window.indexOf(target);
        if (index >= 0 && (found < 0 || index < found)) found = index;
      }
      if (found >= 0) return at + found;
      at += available;
    }
    return this.size;
  }
}

/** The lines of a text, read a slice at a time. */
export class Lines {
  /** Why the text stopped before its end: a line over the length limit. */
  failure: 'too-long' | undefined;
  private text = '';
  private at = 0;
  private offset: number;
  private readonly decoder: TextDecoder;
  private readonly endings = /[\r\n]/g;

  /**
   * `encoding` 'latin1' reads one character per byte (windows-1252, what TextDecoder calls latin1), so no
   * byte is lost or merged; 'utf-8' reads bytes that are no UTF-8 as U+FFFD, for the reader to refuse in
   * the line they are on. A line may be `maxLine` characters long.
   */
  constructor(
    private readonly source: Bytes,
    start: number,
    encoding: 'latin1' | 'utf-8',
    private readonly maxLine: number,
  ) {
    this.offset = start;
    this.decoder = new TextDecoder(encoding);
  }

  /** The next line without its end (\n, \r\n or \r), or null at the end of the text or at a failure. */
  *next(): Reading<string | null> {
    for (;;) {
      this.endings.lastIndex = this.at;
      const match = this.endings.exec(this.text);
      const ended = this.offset >= this.source.size;
      // A \r at the end of what is decoded may be the first half of a \r\n.
      if (match && !(match[0] === '\r' && match.index === this.text.length - 1 && !ended)) {
        const line = this.text.slice(this.at, match.index);
        const crlf = match[0] === '\r' && this.text.charCodeAt(match.index + 1) === 0x0a;
        this.at = match.index + (crlf ? 2 : 1);
        if (line.length > this.maxLine) return this.fail('too-long');
        return line;
      }
      if (this.text.length - this.at > this.maxLine) return this.fail('too-long');
      if (ended) {
        if (this.at >= this.text.length) return null;
        const line = this.text.slice(this.at);
        this.at = this.text.length;
        return line;
      }
      const bytes = yield* this.source.read(this.offset, maxCheckSliceBytes);
      this.offset += bytes.length;
      this.text = this.text.slice(this.at) + this.decoder.decode(bytes, { stream: this.offset < this.source.size });
      this.at = 0;
    }
  }

  private fail(failure: 'too-long'): null {
    this.failure = failure;
    this.text = '';
    this.at = 0;
    this.offset = this.source.size;
    return null;
  }
}

/**
 * Whether `word` is a decimal number as text formats write one: an optional sign, digits with an optional
 * point (or a point and digits), an optional exponent. Not hexadecimal, "Infinity" or an empty word, which
 * Number() also reads. Written out by hand: a regular expression took most of the time a large OBJ's check takes.
 */
export function isDecimal(word: string): boolean {
  let at = 0;
  let code = word.charCodeAt(0);
  if (code === 0x2b || code === 0x2d) code = word.charCodeAt(++at);
  let digits = 0;
  while (code >= 0x30 && code <= 0x39) {
    digits++;
    code = word.charCodeAt(++at);
  }
  if (code === 0x2e) {
    code = word.charCodeAt(++at);
    while (code >= 0x30 && code <= 0x39) {
      digits++;
      code = word.charCodeAt(++at);
    }
  }
  if (digits === 0) return false;
  if (code === 0x65 || code === 0x45) {
    code = word.charCodeAt(++at);
    if (code === 0x2b || code === 0x2d) code = word.charCodeAt(++at);
    let exponent = 0;
    while (code >= 0x30 && code <= 0x39) {
      exponent++;
      code = word.charCodeAt(++at);
    }
    if (exponent === 0) return false;
  }
  return at === word.length;
}

/** The bytes as latin1 text, one character a byte. */
export function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

export function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

let crcTable: Uint32Array | undefined;
/** The CRC-32 (of PNG and zip) of `bytes`, continuing from the CRC of what came before them. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const table = crcTable;
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A refusal found deep inside a read (a zip entry inflating past its size), carried out to the check that decides. */
export class Refusal<Reason extends string = string> extends Error {
  constructor(readonly reason: Reason) {
    super(reason);
  }
}
