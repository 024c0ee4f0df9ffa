import { Inflate } from 'fflate';
import type { UploadCheck, UploadRejection, ZipEntryInfo } from './types.ts';
import { maxCheckSliceBytes, maxOrderFileBytes, maxZipEntries, maxZipRatio, maxZipUnpackedBytes, zipRatioFloorBytes } from '../upload-limits.ts';
import { crc32, latin1, rangeBytes, Refusal, startsWith, type Bytes, type Cursor, type Reading } from './reading.ts';

// A zip read from its central directory (found from the end, as unzip does), then each entry from its
// local header. Zip64 (archives or entries of 4 GB and more, or of more than 65,535 entries) is not
// supported: an order's file is at most 50 MB, so a zip64 archive of one is refused as unsupported,
// whether its end record, a central directory entry or only a local header says zip64 (its sizes
// 0xFFFFFFFF or a zip64 extra field, as `zip -fz` and Python's force_zip64 write even for small files).

/** One entry of the central directory. */
export interface ZipEntry {
  name: string;
  /** The name as stored, to compare with the local header's. */
  rawName: Uint8Array;
  /** False when the name is flagged UTF-8 but is not. */
  nameValid: boolean;
  flags: number;
  method: number;
  crc: number;
  packedSize: number;
  size: number;
  localOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: every entry's data lies before it. */
  start: number;
}

type DirectoryProblem = 'zip-invalid' | 'zip-unsupported' | 'zip-too-many-entries';

const endSignature = 0x06054b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;
const zip64LocatorSignature = 0x07064b50;
const utf8Flag = 0x800;
/** The id of zip64's extended information in an extra field. */
const zip64ExtraId = 0x0001;

/** Whether an extra field (a run of id, length, data records) holds zip64's extended information; a record that overruns it ends the scan. */
function hasZip64Extra(extra: DataView): boolean {
  for (let at = 0; at + 4 <= extra.byteLength; at += 4 + extra.getUint16(at + 2, true)) {
    if (extra.getUint16(at, true) === zip64ExtraId) return true;
  }
  return false;
}
/** Bit 0: encrypted; bit 6: strong encryption. Method 99: AES. */
const encryptedFlags = 0x41;
const aesMethod = 99;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Uint8Array, flags: number): { name: string; valid: boolean } {
  try {
    return { name: utf8.decode(raw), valid: true };
  } catch {
    // Flagged UTF-8 and not: a lie about the name. Unflagged: an old code page, read a byte a character.
    return { name: latin1(raw), valid: (flags & utf8Flag) === 0 };
  }
}

/** The central directory: its end record in the last 64 KiB, then its entries, which must fill it exactly. */
export function* readDirectory(file: Cursor): Reading<ZipDirectory | DirectoryProblem> {
  const size = file.size;
  if (size < 22) return 'zip-invalid';
  const tailStart = Math.max(0, size - 22 - 0xffff);
  yield* file.load(tailStart, size - tailStart, 0);
  const tail = file.view(tailStart, size - tailStart);
  let end = -1;
  // The end record is the one whose comment runs exactly to the end of the file.
  for (let at = size - 22 - tailStart; at >= 0; at--) {
    if (tail.getUint32(at, true) === endSignature && at + 22 + tail.getUint16(at + 20, true) === size - tailStart) {
      end = at;
      break;
    }
  }
  if (end < 0) return 'zip-invalid';
  if (end >= 20 && tail.getUint32(end - 20, true) === zip64LocatorSignature) return 'zip-unsupported';
  const [disk, directoryDisk, onDisk, count] = [4, 6, 8, 10].map((at) => tail.getUint16(end + at, true)) as [number, number, number, number];
  const directorySize = tail.getUint32(end + 12, true);
  const start = tail.getUint32(end + 16, true);
  if (disk !== 0 || directoryDisk !== 0 || count === 0xffff || directorySize === 0xffffffff || start === 0xffffffff) return 'zip-unsupported';
  const endAt = tailStart + end;
  if (onDisk !== count || start + directorySize !== endAt) return 'zip-invalid';
  // A directory of a megabyte holds thousands of entries, far over any limit here.
  if (directorySize > maxCheckSliceBytes) return 'zip-too-many-entries';
  yield* file.load(start, directorySize, 0);
  const directory = file.view(start, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directorySize || directory.getUint32(at, true) !== centralSignature) return 'zip-invalid';
    const flags = directory.getUint16(at + 8, true);
    const method = directory.getUint16(at + 10, true);
    const crc = directory.getUint32(at + 16, true);
    const packedSize = directory.getUint32(at + 20, true);
    const entrySize = directory.getUint32(at + 24, true);
    const nameLength = directory.getUint16(at + 28, true);
    const next = at + 46 + nameLength + directory.getUint16(at + 30, true) + directory.getUint16(at + 32, true);
    const startDisk = directory.getUint16(at + 34, true);
    const localOffset = directory.getUint32(at + 42, true);
    if (next > directorySize) return 'zip-invalid';
    if (packedSize === 0xffffffff || entrySize === 0xffffffff || localOffset === 0xffffffff || startDisk !== 0) return 'zip-unsupported';
    if (hasZip64Extra(file.view(start + at + 46 + nameLength, directory.getUint16(at + 30, true)))) return 'zip-unsupported';
    const rawName = file.bytes(start + at + 46, nameLength).slice();
    const { name, valid } = decodeName(rawName, flags);
    entries.push({ name, rawName, nameValid: valid, flags, method, crc, packedSize, size: entrySize, localOffset });
    at = next;
  }
  if (at !== directorySize) return 'zip-invalid';
  return { entries, start };
}

/**
 * Where an entry's data starts, after its local header, which must agree with the central directory (its
 * name, method and encryption); or why not.
 */
function* dataStart(file: Cursor, entry: ZipEntry): Reading<number | 'zip-invalid' | 'zip-unsupported'> {
  if ((yield* file.load(entry.localOffset, 30, 0)) < 30) return 'zip-invalid';
  const header = file.view(entry.localOffset, 30);
  if (header.getUint32(0, true) !== localSignature) return 'zip-invalid';
  if (header.getUint16(8, true) !== entry.method || (header.getUint16(6, true) & encryptedFlags) !== (entry.flags & encryptedFlags)) return 'zip-invalid';
  const nameLength = header.getUint16(26, true);
  const extraLength = header.getUint16(28, true);
  if (nameLength !== entry.rawName.length) return 'zip-invalid';
  if ((yield* file.load(entry.localOffset + 30, nameLength, 0)) < nameLength) return 'zip-invalid';
  const name = file.bytes(entry.localOffset + 30, nameLength);
  if (name.some((byte, i) => byte !== entry.rawName[i])) return 'zip-invalid';
  // Zip64 said only here: sizes that point to a zip64 record, or the record itself.
  if (header.getUint32(18, true) === 0xffffffff || header.getUint32(22, true) === 0xffffffff) return 'zip-unsupported';
  if ((yield* file.load(entry.localOffset + 30 + nameLength, extraLength, 0)) < extraLength) return 'zip-invalid';
  if (hasZip64Extra(file.view(entry.localOffset + 30 + nameLength, extraLength))) return 'zip-unsupported';
  return entry.localOffset + 30 + nameLength + extraLength;
}

/** An entry's content as bytes a check can read, and a last pass that proves its size and CRC right. */
export interface EntryBytes extends Bytes {
  /** Reads to the end of the entry if no read has yet, and refuses (throws a Refusal) when its size or CRC is wrong. */
  verify(): Reading<void>;
}

/** A stored entry: a range of the zip itself. */
function storedEntry(packed: Bytes, entry: ZipEntry): EntryBytes {
  return {
    size: packed.size,
    read: (offset, length) => packed.read(offset, length),
    *verify() {
      let crc = 0;
      for (let at = 0; at < packed.size;) {
        const slice = yield* packed.read(at, maxCheckSliceBytes);
        crc = crc32(slice, crc);
        at += slice.length;
      }
      if (crc !== entry.crc) throw new Refusal('zip-invalid');
    },
  };
}

/** Packed bytes are fed to the inflater this many at a time: DEFLATE unpacks at most 1,032 times over, so one push makes at most about 4 MiB. */
const inflatePiece = 4 * 1024;
/** Packed bytes are read from the zip this many at a time. */
const packedSlice = 256 * 1024;

/**
 * A deflated entry as bytes: read in order, it inflates as it goes and keeps only what is still wanted;
 * a read before what it has passed starts it again from the beginning. It stops with a refusal the
 * moment the entry unpacks to more than it declares (a zip bomb), or ends short of it or with the wrong CRC.
 */
class InflatingEntry implements EntryBytes {
  readonly size: number;
  private inflater = new Inflate();
  private packedAt = 0;
  private packed: Uint8Array = new Uint8Array(0);
  private packedPos = 0;
  /** Inflated chunks not yet passed, the first starting at `outAt`. */
  private out: Uint8Array[] = [];
  private outAt = 0;
  private produced = 0;
  private crc = 0;
  private finished = false;
  private verified = false;

  constructor(
    private readonly packedBytes: Bytes,
    private readonly entry: ZipEntry,
  ) {
    this.size = entry.size;
    this.restart();
  }

  private restart(): void {
    this.inflater = new Inflate((chunk) => this.take(chunk));
    this.packedAt = 0;
    this.packed = new Uint8Array(0);
    this.packedPos = 0;
    this.out = [];
    this.outAt = 0;
    this.produced = 0;
    this.crc = 0;
    this.finished = false;
  }

  private take(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.produced += chunk.length;
    if (this.produced > this.size) throw new Refusal('zip-bomb');
    this.crc = crc32(chunk, this.crc);
    this.out.push(chunk);
  }

  private *pump(): Reading<void> {
    if (this.packedPos >= this.packed.length) {
      this.packed = yield* this.packedBytes.read(this.packedAt, packedSlice);
      this.packedPos = 0;
      this.packedAt += this.packed.length;
    }
    const piece = this.packed.subarray(this.packedPos, this.packedPos + inflatePiece);
    this.packedPos += piece.length;
    const last = this.packedAt >= this.packedBytes.size && this.packedPos >= this.packed.length;
    try {
      this.inflater.push(piece, last);
    } catch (error) {
      if (error instanceof Refusal) throw error;
      throw new Refusal('zip-invalid');
    }
    if (last) {
      this.finished = true;
      if (this.produced !== this.size || this.crc !== this.entry.crc) throw new Refusal('zip-invalid');
      this.verified = true;
    }
  }

  /** Lets go of the chunks that end before `offset`. */
  private drop(offset: number): void {
    while (this.out.length > 0 && this.outAt + this.out[0]!.length <= offset) this.outAt += this.out.shift()!.length;
  }

  private heldEnd(): number {
    return this.outAt + this.out.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  *read(offset: number, length: number): Reading<Uint8Array> {
    const wanted = Math.max(0, Math.min(length, this.size - offset));
    if (wanted === 0) return new Uint8Array(0);
    if (offset < this.outAt) this.restart();
    this.drop(offset);
    let held = this.heldEnd();
    while (held < offset + wanted) {
      if (this.finished) throw new Refusal('zip-invalid');
      yield* this.pump();
      this.drop(offset);
      held = this.heldEnd();
    }
    const bytes = new Uint8Array(wanted);
    let at = this.outAt;
    for (const chunk of this.out) {
      const from = Math.max(offset, at);
      const to = Math.min(offset + wanted, at + chunk.length);
      if (to > from) bytes.set(chunk.subarray(from - at, to - at), from - offset);
      at += chunk.length;
      if (at >= offset + wanted) break;
    }
    return bytes;
  }

  *verify(): Reading<void> {
    while (!this.verified) {
      // A pass always starts at the beginning, so going on to the end checks the whole entry.
      if (this.finished) this.restart();
      yield* this.pump();
      this.drop(Number.POSITIVE_INFINITY);
    }
  }
}

/** An entry's content, stored or deflated; the caller has checked its method and found where its data starts. */
function entryBytes(file: Cursor, entry: ZipEntry, start: number): EntryBytes {
  const packed = rangeBytes(file.source, start, entry.packedSize);
  return entry.method === 0 ? storedEntry(packed, entry) : new InflatingEntry(packed, entry);
}

// Word documents (.docx): a zip of parts, the content types naming the main part.

const maxDocxUnpackedBytes = 50 * 1024 * 1024;
const maxDocxEntries = 1000;
// A real [Content_Types].xml is a few kilobytes; anything bigger is not worth inflating.
const maxContentTypesBytes = 64 * 1024;
const docxMainType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const vbaProjectType = 'application/vnd.ms-office.vbaproject';

/** Whether a zip is an Office package (to be judged as a Word document) rather than an archive of files. */
export function isOfficePackage(directory: ZipDirectory): boolean {
  return directory.entries.some((entry) => ['[content_types].xml', 'word/document.xml'].includes(entry.name.toLowerCase()));
}

/** Why an Office package is not an acceptable Word document, or null when it is one. */
/** Content types of an Office package's parts that are programs or pages rather than a document's text and pictures. */
const activeTypes = /oleobject|activex|x-msdownload|x-msdos-program|text\/html|xhtml|message\/rfc822|javascript|x-sh\b/;
/**
 * Part names that are programs or pages: what word/activeX/ holds, an embedded object (.bin, an OLE
 * package, under embeddings/; printer settings are .bin too, elsewhere), and programs, scripts and pages anywhere.
 */
const activePart = /(^|\/)activex\/|(^|\/)embeddings\/.*\.bin$|\.(exe|dll|com|scr|msi|js|vbs|vbe|wsf|hta|ps1|bat|cmd|sh|jar|htm|html|mht|mhtml|xhtml)$/;

export function* docxProblem(file: Cursor, directory: ZipDirectory): Reading<'docx-invalid' | 'docx-too-large' | 'macro-enabled' | 'docx-active-content' | null> {
  const names = new Set<string>();
  let unpacked = 0;
  for (const entry of directory.entries) {
    // Part names are case-insensitive in Office packages.
    const name = entry.name.toLowerCase();
    if (names.has(name)) return 'docx-invalid';
    names.add(name);
    unpacked += entry.size;
    if (names.size > maxDocxEntries || unpacked > maxDocxUnpackedBytes) return 'docx-too-large';
  }
  if ([...names].some((name) => name === 'vbaproject.bin' || name.endsWith('/vbaproject.bin'))) return 'macro-enabled';
  const entry = directory.entries.find((part) => part.name.toLowerCase() === '[content_types].xml');
  if (!entry || entry.size > maxContentTypesBytes || (entry.method !== 0 && entry.method !== 8)) return 'docx-invalid';
  let contentTypes: Uint8Array;
  try {
    const start = yield* dataStart(file, entry);
    if (typeof start !== 'number' || start + entry.packedSize > directory.start) return 'docx-invalid';
    const bytes = entryBytes(file, entry, start);
    contentTypes = yield* bytes.read(0, entry.size);
    yield* bytes.verify();
  } catch (error) {
    if (error instanceof Refusal) return 'docx-invalid';
    throw error;
  }
  const types = [...latin1(contentTypes).matchAll(/\bContentType\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => (m[1] ?? m[2] ?? '').trim().toLowerCase());
  // Covers .docm and .dotm main parts and a declared VBA project part.
  if (types.some((type) => type.includes('macroenabled') || type === vbaProjectType)) return 'macro-enabled';
  if (!types.includes(docxMainType) || !names.has('word/document.xml')) return 'docx-invalid';
  // Embedded programs (OLE packages, ActiveX) and pages (altChunk HTML or MHT) open outside Word's protected view.
  // The types of parts there are (Override); a Default names an extension's type whether or not such a part exists.
  const partTypes = [...latin1(contentTypes).matchAll(/<Override\b[^>]*\bContentType\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => (m[1] ?? m[2] ?? '').trim().toLowerCase());
  if (partTypes.some((type) => activeTypes.test(type)) || [...names].some((name) => activePart.test(name))) return 'docx-active-content';
  return null;
}

// Archives: a zip of an order's files, each of them checked as a file of its own.

/** What an archive holds, or why it is refused (naming the entry when one is at fault). */
export type ArchiveVerdict = { ok: true; entries: ZipEntryInfo[] } | { ok: false; reason: UploadRejection; entry?: string; entryReason?: UploadRejection };

// Bidirectional overrides can make "scan\u202Eexe.stl" show as "scanlts.exe".
const unsafeCharacters = /\p{Cc}|[\\\u202a-\u202e\u2066-\u2069]/u;

/** A name that, unpacked, could land outside the folder it is unpacked into, or that hides what it is. */
function unsafeName(entry: ZipEntry): boolean {
  const name = entry.name;
  if (!entry.nameValid || name === '' || unsafeCharacters.test(name)) return true;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((part, i, parts) => part === '..' || part === '.' || (part === '' && i < parts.length - 1));
}

/** AppleDouble, the format of the `__MACOSX/._name` files macOS puts beside each file it zips. */
const appleDoubleMagic = [0x00, 0x05, 0x16, 0x07];
/** A Finder folder's view settings, `.DS_Store` ("Bud1" after a version of 1). */
const dsStoreMagic = [0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31];
/** Such a file holds a few kilobytes of settings and extended attributes; a larger one is no Mac's bookkeeping. */
const maxMacMetadataBytes = 1024 * 1024;

/**
 * The bytes a Mac's own bookkeeping file of this name opens with, or null: a zip made with the Finder's
 * Compress carries them beside the files, and a dentist cannot be asked to remove them. They are let
 * through only when they are what their name says, and they are not files of the order.
 */
function macMetadataMagic(name: string): readonly number[] | null {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base === '.DS_Store') return dsStoreMagic;
  if ((name.startsWith('__MACOSX/') || name.includes('/__MACOSX/')) && base.startsWith('._')) return appleDoubleMagic;
  return null;
}

/**
 * An archive of an order's files: at most maxZipEntries entries, none encrypted, each name safe and
 * unique, stored or deflated, every file at most maxOrderFileBytes and all together at most
 * maxZipUnpackedBytes unpacked, none packed over maxZipRatio to one, no two overlapping; then each file,
 * inflated as it is read, must check as a file of an order (`checkEntry`) and match its size and CRC.
 */
export function* checkArchive(file: Cursor, directory: ZipDirectory, checkEntry: (bytes: Bytes) => Reading<UploadCheck>): Reading<ArchiveVerdict> {
  const refuse = (reason: UploadRejection, entry?: ZipEntry, entryReason?: UploadRejection): ArchiveVerdict => ({
    ok: false,
    reason,
    ...(entry ? { entry: entry.name } : {}),
    ...(entryReason ? { entryReason } : {}),
  });
  const { entries } = directory;
  if (entries.length > maxZipEntries) return refuse('zip-too-many-entries');
  const seen = new Set<string>();
  let unpacked = 0;
  for (const entry of entries) {
    if (entry.flags & encryptedFlags || entry.method === aesMethod) return refuse('zip-encrypted', entry);
    if (entry.method !== 0 && entry.method !== 8) return refuse('zip-unsupported', entry);
    const key = entry.name.toLowerCase().replace(/\/$/, '');
    if (unsafeName(entry) || seen.has(key)) return refuse('zip-unsafe-name', entry);
    seen.add(key);
    if (entry.method === 0 && entry.packedSize !== entry.size) return refuse('zip-invalid', entry);
    if (entry.name.endsWith('/')) {
      if (entry.size !== 0) return refuse('zip-invalid', entry);
      continue;
    }
    unpacked += entry.size;
    if (entry.size > maxOrderFileBytes || unpacked > maxZipUnpackedBytes) return refuse('zip-too-large', entry);
  }
  for (const entry of entries) {
    if (entry.size > zipRatioFloorBytes && entry.size > maxZipRatio * entry.packedSize) return refuse('zip-bomb', entry);
  }
  // Each entry's header and data lie before the directory, and no two overlap: overlapping entries are
  // how a zip makes a small file unpack to a great many copies of one stream.
  const starts = new Map<ZipEntry, number>();
  let previousEnd = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (entry.localOffset < previousEnd) return refuse('zip-invalid', entry);
    const start = yield* dataStart(file, entry);
    if (typeof start !== 'number') return refuse(start, entry);
    if (start + entry.packedSize > directory.start) return refuse('zip-invalid', entry);
    starts.set(entry, start);
    previousEnd = start + entry.packedSize;
  }
  const files = entries.filter((entry) => !entry.name.endsWith('/'));
  if (files.every((entry) => macMetadataMagic(entry.name))) return refuse('empty');
  const held: ZipEntryInfo[] = [];
  for (const entry of files) {
    const bytes = entryBytes(file, entry, starts.get(entry)!);
    const magic = macMetadataMagic(entry.name);
    if (magic) {
      if (entry.size > maxMacMetadataBytes) return refuse('zip-unknown-entry', entry, 'unknown-type');
      try {
        const head = yield* bytes.read(0, magic.length);
        yield* bytes.verify();
        if (!startsWith(head, magic)) return refuse('zip-unknown-entry', entry, 'unknown-type');
      } catch (error) {
        if (error instanceof Refusal) return refuse(error.reason as UploadRejection, entry);
        throw error;
      }
      continue;
    }
    let verdict: UploadCheck;
    try {
      verdict = yield* checkEntry(bytes);
      // Even a file its check read only in part (a PDF's head and tail) is unpacked to its end, so its size and CRC are proven.
      yield* bytes.verify();
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.reason as UploadRejection, entry);
      throw error;
    }
    if (!verdict.ok) {
      const named = verdict.reason === 'zip-forbidden-entry' || verdict.reason === 'zip-nested-archive';
      return named ? refuse(verdict.reason, entry) : refuse('zip-unknown-entry', entry, verdict.reason);
    }
    held.push({ name: entry.name, kind: verdict.kind, size: entry.size });
  }
  return { ok: true, entries: held };
}
