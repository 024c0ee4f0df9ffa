import { isJpeg, isPdf, isPng, pdfActiveContent } from './file-check/documents.ts';
import { readObj } from './file-check/obj.ts';
import { isPly } from './file-check/ply.ts';
import { Cursor, fileBytes, runFrom, runOver, startsWith, type Bytes, type Reading } from './file-check/reading.ts';
import { asciiStl, binaryStl, looksLikeBinaryStl, startsWithSolid } from './file-check/stl.ts';
import { uploadFormats, type UploadCheck, type UploadKind, type UploadRejection } from './file-check/types.ts';
import { checkArchive, docxProblem, isOfficePackage, readDirectory } from './file-check/zip.ts';
import { maxCheckSliceBytes, maxOrderFileBytes, maxUploadBytes, maxZipEntries, maxZipRatio, maxZipUnpackedBytes } from './upload-limits.ts';

// Runs in the browser (a file is checked as soon as it is chosen) and on the server (checked again,
// since the browser's verdict can be skipped): plain Uint8Array code, no Node APIs. The formats' readers
// are in file-check/, each reading a file a slice at a time (see file-check/reading.ts).

export { maxCheckSliceBytes, maxOrderFileBytes, maxUploadBytes, maxZipEntries, maxZipRatio, maxZipUnpackedBytes };
export { uploadFormats, type UploadCheck, type UploadKind, type UploadRejection, type ZipEntryInfo } from './file-check/types.ts';

/**
 * Random access to a file's bytes, a slice at a time: a file on the server's disk, a File in the browser,
 * bytes in memory. A check reads it in slices, so a 50 MB scan is never held whole.
 */
export interface ByteSource {
  readonly size: number;
  /** The bytes from `offset`, at most `length` of them (fewer only at the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Bytes already in memory as a ByteSource. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))) };
}

/** A File or Blob as a ByteSource: each slice read on its own (`blob.slice(a, b).arrayBuffer()`), never the whole file. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, Math.min(blob.size, offset + length)).arrayBuffer()),
  };
}

/**
 * Decides what an order's file is from its bytes alone (never its name or MIME type), read from `source`
 * in slices of at most maxCheckSliceBytes: a PDF, JPEG, PNG, Word document (.docx, macro-free), STL
 * (binary or ASCII), PLY (ASCII or binary), Wavefront OBJ, or a ZIP archive of those, of at most
 * maxOrderFileBytes; or the reason it is refused. Rejects only when the source itself fails.
 */
export function checkUpload(source: ByteSource): Promise<UploadCheck> {
  return runFrom(detect(fileBytes(source.size), false), source);
}

/** The same check as checkUpload over bytes already in memory, synchronously. */
export function detectUpload(bytes: Uint8Array): UploadCheck {
  return runOver(detect(fileBytes(bytes.length), false), bytes);
}

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d];
const jpegMagic = [0xff, 0xd8, 0xff];
const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const plyMagic = [
  [0x70, 0x6c, 0x79, 0x0a], // "ply" and a line end
  [0x70, 0x6c, 0x79, 0x0d, 0x0a],
];
/** Other formats' openings: never an STL's header, whatever follows them (programs, scripts, pages). */
const otherSignatures = [
  [0x4d, 0x5a], // MZ: a Windows program
  [0x7f, 0x45, 0x4c, 0x46], // ELF: a Linux program
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O: a Mac program
  [0x23, 0x21], // #!: a script
  [0x3c], // <: HTML, XML, SVG
  [0xef, 0xbb, 0xbf, 0x3c], // the same after a byte order mark
];
/** Archives of other kinds, named as such when found inside a zip. */
const archiveSignatures = [
  [0x50, 0x4b, 0x05, 0x06], // an empty zip
  [0x50, 0x4b, 0x07, 0x08], // a zip split over files
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7-Zip
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // RAR
];

function accept(kind: UploadKind): UploadCheck {
  return { ok: true, kind, ...uploadFormats[kind] };
}

function refuse(reason: UploadRejection): UploadCheck {
  return { ok: false, reason };
}

/**
 * The check itself, over any bytes: a file, or (`nested`) a file inside a zip, where a program, a page
 * and an archive are named as such and a zip is only ever a Word document.
 */
function* detect(bytes: Bytes, nested: boolean): Reading<UploadCheck> {
  if (bytes.size === 0) return refuse('empty');
  if (bytes.size > maxOrderFileBytes) return refuse('too-large');
  const file = new Cursor(bytes);
  const head = file.bytes(0, yield* file.load(0, 16));
  // Each format is taken by its signature and then read by its own structure to its end: a signature
  // followed by something else (a page, a program) is not that format.
  if (startsWith(head, pdfMagic)) {
    if (!(yield* isPdf(file))) return refuse('unknown-type');
    return (yield* pdfActiveContent(file)) ? refuse('pdf-active-content') : accept('pdf');
  }
  if (startsWith(head, jpegMagic)) return (yield* isJpeg(file)) ? accept('jpeg') : refuse('unknown-type');
  if (startsWith(head, pngMagic)) return (yield* isPng(file)) ? accept('png') : refuse('unknown-type');
  if (startsWith(head, zipMagic)) return yield* zip(file, nested);
  if (nested && archiveSignatures.some((magic) => startsWith(head, magic))) return refuse('zip-nested-archive');
  if (otherSignatures.some((magic) => startsWith(head, magic))) return refuse(nested ? 'zip-forbidden-entry' : 'unknown-type');
  if (plyMagic.some((magic) => startsWith(head, magic))) return (yield* isPly(file)) ? accept('ply') : refuse('ply-invalid');
  // Binary first: many binary exporters begin the 80-byte header with "solid" too.
  const binary = yield* binaryStl(file);
  if (binary === 'stl') return accept('stl');
  if (binary === 'not-geometry') return refuse('unknown-type');
  const solid = yield* startsWithSolid(file);
  const ascii = solid ? yield* asciiStl(file) : 'no';
  if (ascii === 'stl') return accept('stl');
  if (ascii === 'truncated' || binary === 'empty') return refuse('stl-truncated');
  // OBJ before the guess at a cut binary STL, which the bytes of text pass (they read as small, finite floats).
  const obj = solid ? 'no' : yield* readObj(file);
  if (obj === 'obj') return accept('obj');
  if (obj === 'invalid') return refuse('obj-invalid');
  if (yield* looksLikeBinaryStl(file)) return refuse('stl-truncated');
  if (nested && (yield* isMarkup(file))) return refuse('zip-forbidden-entry');
  return refuse('unknown-type');
}

/** Text whose first character after any whitespace (and byte order mark) opens a tag: a page, XML or SVG. */
function* isMarkup(file: Cursor): Reading<boolean> {
  const available = yield* file.load(0, 4096, 0);
  return /^(?:\xef\xbb\xbf)?[ \t\r\n]*<[A-Za-z!?/]/.test(String.fromCharCode(...file.bytes(0, available)));
}

/** A file that opens as a zip: a Word document if it is an Office package, else an archive of an order's files (never inside another). */
function* zip(file: Cursor, nested: boolean): Reading<UploadCheck> {
  const directory = yield* readDirectory(file);
  if (typeof directory === 'string') return refuse(nested ? 'zip-nested-archive' : directory);
  if (isOfficePackage(directory)) {
    const problem = yield* docxProblem(file, directory);
    return problem ? refuse(problem) : accept('docx');
  }
  if (nested) return refuse('zip-nested-archive');
  const verdict = yield* checkArchive(file, directory, (entry) => detect(entry, true));
  return verdict.ok ? { ok: true, kind: 'zip', ...uploadFormats.zip, entries: verdict.entries } : verdict;
}
