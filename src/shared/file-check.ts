import { strFromU8, unzipSync } from 'fflate';
import { maxUploadBytes } from './upload-limits.ts';

// Runs in the browser (a file is checked as soon as it is chosen) and on the server (checked again,
// since the browser's verdict can be skipped): plain Uint8Array code, no Node APIs.

export { maxUploadBytes };

/** The kinds of file accepted with an order (decision 27). */
export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'docx' | 'stl' | 'ply' | 'obj' | 'zip';

/** Why an upload was refused; each maps to its own message for the sender. */
export type UploadRejection =
  | 'empty'
  | 'too-large'
  | 'unknown-type'
  | 'macro-enabled'
  | 'docx-invalid'
  | 'docx-too-large'
  | 'stl-truncated';

/** The verdict on an upload: its kind with the extension and MIME type to store and serve it under, or why it was refused. */
export type UploadCheck = { ok: true; kind: UploadKind; extension: string; mime: string } | { ok: false; reason: UploadRejection };

export const uploadFormats: Record<UploadKind, { extension: string; mime: string }> = {
  pdf: { extension: 'pdf', mime: 'application/pdf' },
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
  png: { extension: 'png', mime: 'image/png' },
  docx: { extension: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  stl: { extension: 'stl', mime: 'model/stl' },
  ply: { extension: 'ply', mime: 'model/x-ply' },
  obj: { extension: 'obj', mime: 'model/obj' },
  zip: { extension: 'zip', mime: 'application/zip' },
};

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

/**
 * Decides what a file is from its bytes (see detectUpload), reading them from `source`.
 * TODO(checks): for now it reads the whole source; it is to read in bounded slices and know PLY, OBJ and ZIP.
 */
export async function checkUpload(source: ByteSource): Promise<UploadCheck> {
  return detectUpload(await source.read(0, source.size));
}

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d];
const jpegMagic = [0xff, 0xd8, 0xff];
const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const zipMagic = [0x50, 0x4b, 0x03, 0x04];
/** Other formats' openings: never an STL's header, whatever follows them (programs, scripts, pages). */
const otherSignatures = [
  [0x4d, 0x5a], // MZ: a Windows program
  [0x7f, 0x45, 0x4c, 0x46], // ELF: a Linux program
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O: a Mac program
  [0x23, 0x21], // #!: a script
  [0x3c], // <: HTML, XML, SVG
  [0xef, 0xbb, 0xbf, 0x3c], // the same after a byte order mark
];

const maxDocxUnpackedBytes = 50 * 1024 * 1024;
const maxDocxEntries = 1000;
// A real [Content_Types].xml is a few kilobytes; anything bigger is not worth inflating.
const maxContentTypesBytes = 64 * 1024;
const docxMainType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const vbaProjectType = 'application/vnd.ms-office.vbaproject';

/**
 * Decides what an uploaded file is from its bytes alone (never its name or the browser's MIME type):
 * a PDF, JPEG, PNG, Word document (.docx, macro-free) or STL (binary or ASCII) of at most
 * `maxUploadBytes`, or the reason it is refused.
 */
export function detectUpload(bytes: Uint8Array): UploadCheck {
  if (bytes.length === 0) return refuse('empty');
  if (bytes.length > maxUploadBytes) return refuse('too-large');
  // Each format is taken by its signature and then read by its own structure to its end: a signature
  // followed by something else (a page, a program) is not that format.
  if (startsWith(bytes, pdfMagic)) return isPdf(bytes) ? accept('pdf') : refuse('unknown-type');
  if (startsWith(bytes, jpegMagic)) return isJpeg(bytes) ? accept('jpeg') : refuse('unknown-type');
  if (startsWith(bytes, pngMagic)) return isPng(bytes) ? accept('png') : refuse('unknown-type');
  if (startsWith(bytes, zipMagic)) {
    const problem = docxProblem(bytes);
    return problem ? refuse(problem) : accept('docx');
  }
  if (otherSignatures.some((magic) => startsWith(bytes, magic))) return refuse('unknown-type');
  // Binary first: many binary exporters begin the 80-byte header with "solid" too.
  const binary = binaryStl(bytes);
  if (binary === 'stl') return accept('stl');
  if (binary === 'not-geometry') return refuse('unknown-type');
  const ascii = startsWithSolid(bytes) ? asciiStl(bytes) : 'no';
  if (ascii === 'stl') return accept('stl');
  if (ascii === 'truncated' || binary === 'empty' || looksLikeBinaryStl(bytes)) return refuse('stl-truncated');
  return refuse('unknown-type');
}

function accept(kind: UploadKind): UploadCheck {
  return { ok: true, kind, ...uploadFormats[kind] };
}

function refuse(reason: UploadRejection): UploadCheck {
  return { ok: false, reason };
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

/** Thrown from inside fflate's entry filter to stop reading the central directory at once. */
class ZipRefusal extends Error {
  readonly reason: UploadRejection;
  constructor(reason: UploadRejection) {
    super(reason);
    this.reason = reason;
  }
}

/** Why a zip is not an acceptable Word document, or null when it is one. */
function docxProblem(bytes: Uint8Array): UploadRejection | null {
  const names = new Set<string>();
  let unpacked = 0;
  let contentTypes: Uint8Array | undefined;
  try {
    const files = unzipSync(bytes, {
      // Sees each central directory entry before anything is inflated, so declared sizes can be vetted first.
      filter: (file) => {
        // Part names are case-insensitive in Office packages.
        const name = file.name.toLowerCase();
        if (names.has(name)) throw new ZipRefusal('docx-invalid');
        names.add(name);
        unpacked += file.originalSize;
        if (names.size > maxDocxEntries || unpacked > maxDocxUnpackedBytes) throw new ZipRefusal('docx-too-large');
        return name === '[content_types].xml' && file.originalSize <= maxContentTypesBytes;
      },
    });
    contentTypes = Object.values(files)[0];
  } catch (error) {
    return error instanceof ZipRefusal ? error.reason : 'docx-invalid';
  }
  if ([...names].some((name) => name === 'vbaproject.bin' || name.endsWith('/vbaproject.bin'))) return 'macro-enabled';
  if (!contentTypes) return 'docx-invalid';
  const types = [...strFromU8(contentTypes).matchAll(/\bContentType\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) =>
    (m[1] ?? m[2] ?? '').trim().toLowerCase(),
  );
  // Covers .docm and .dotm main parts and a declared VBA project part.
  if (types.some((type) => type.includes('macroenabled') || type === vbaProjectType)) return 'macro-enabled';
  if (!types.includes(docxMainType) || !names.has('word/document.xml')) return 'docx-invalid';
  return null;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Coordinates beyond a metre and a half either way (in millimetres, as STL files of teeth are) are no tooth's. */
const maxCoordinate = 1e6;

/**
 * An 80-byte header, a triangle count n >= 1, then exactly n records of 50 bytes, each a normal and three
 * vertices of finite, modest numbers: 'stl'; the right length but no geometry: 'not-geometry'; a header
 * and a count of none: 'empty'; else 'no'.
 */
function binaryStl(bytes: Uint8Array): 'stl' | 'not-geometry' | 'empty' | 'no' {
  if (bytes.length < 84) return 'no';
  const data = view(bytes);
  const count = data.getUint32(80, true);
  if (count === 0 && bytes.length === 84) return 'empty';
  if (count < 1 || bytes.length !== 84 + 50 * count) return 'no';
  for (let record = 84; record < bytes.length; record += 50) {
    for (let at = record; at < record + 48; at += 4) {
      const value = data.getFloat32(at, true);
      if (!Number.isFinite(value) || Math.abs(value) > maxCoordinate) return 'not-geometry';
    }
  }
  return 'stl';
}

/**
 * A binary STL whose length does not match its triangle count: the first triangle record must read
 * as geometry (finite, modest numbers, not all at one point), which text and most other formats do not.
 */
function looksLikeBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < 84 + 50) return false;
  const data = view(bytes);
  const floats = Array.from({ length: 12 }, (_, i) => data.getFloat32(84 + 4 * i, true));
  if (!floats.every((value) => Number.isFinite(value) && Math.abs(value) < 1e6)) return false;
  const [a, b, c] = [floats.slice(3, 6), floats.slice(6, 9), floats.slice(9, 12)].map((v) => v.join(' '));
  return !(a === b && b === c);
}

const whitespace = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c]);
const solid = [0x73, 0x6f, 0x6c, 0x69, 0x64];

function startsWithSolid(bytes: Uint8Array): boolean {
  let at = 0;
  while (at < bytes.length && whitespace.has(bytes[at] ?? 0)) at++;
  return startsWith(bytes.subarray(at), solid);
}

const number = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
const triple = new RegExp(String.raw`^(${number})[ \t]+(${number})[ \t]+(${number})$`);
/** Each line of an ASCII STL: a keyword, and for two of them three numbers. */
const stlLine = /^(solid|facet[ \t]+normal|outer[ \t]+loop|vertex|endloop|endfacet|endsolid)(?:[ \t]+(.*))?$/i;
/** What may follow each keyword, as a state machine over the file's lines. */
const stlNext: Record<string, readonly string[]> = {
  start: ['solid'],
  solid: ['facet normal', 'endsolid'],
  'facet normal': ['outer loop'],
  'outer loop': ['vertex'],
  vertex: ['vertex', 'endloop'],
  endloop: ['endfacet'],
  endfacet: ['facet normal', 'endsolid'],
  endsolid: ['solid'],
};

/**
 * Reads text that opens with "solid" by the ASCII STL grammar: solid, then facets of a normal and a loop
 * of three vertices (finite numbers), then endsolid, once or several times. 'truncated' when every line
 * is right but the text stops before its end; 'no' at the first line that is not STL.
 */
function asciiStl(bytes: Uint8Array): 'stl' | 'truncated' | 'no' {
  // windows-1252 (what "latin1" means to TextDecoder) maps each byte to one character, so no byte is lost or merged.
  const lines = new TextDecoder('latin1').decode(bytes).split(/\r\n|\r|\n/);
  let state = 'start';
  let vertices = 0;
  let facets = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    const match = stlLine.exec(line);
    if (!match) return 'no';
    const keyword = match[1]!.toLowerCase().replace(/[ \t]+/, ' ');
    const rest = match[2] ?? '';
    if (!stlNext[state]!.includes(keyword)) return 'no';
    if (keyword === 'facet normal' || keyword === 'vertex') {
      const numbers = triple.exec(rest.trim());
      if (!numbers || numbers.slice(1).some((value) => !Number.isFinite(Number(value)) || Math.abs(Number(value)) > maxCoordinate)) return 'no';
    } else if (keyword === 'solid' || keyword === 'endsolid') {
      // The solid's name: any text, but no control characters (a NUL or an escape is no name).
      if (/(?!\t)\p{Cc}/u.test(rest)) return 'no';
    } else if (rest.trim() !== '') return 'no';
    if (keyword === 'vertex' && ++vertices > 3) return 'no';
    if (keyword === 'endloop' && vertices !== 3) return 'no';
    if (keyword === 'outer loop') vertices = 0;
    if (keyword === 'endfacet') facets++;
    if (keyword === 'endsolid' && facets === 0) return 'no';
    state = keyword;
  }
  if (state === 'endsolid') return 'stl';
  return state === 'start' ? 'no' : 'truncated';
}

/** The bytes as latin1 text, one character a byte. */
function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

/**
 * A PDF from its header to its end: a version line, then (after comment lines) a first object
 * `n g obj`, and at the end `startxref`, an offset into the file and `%%EOF` (readers look for it in
 * the last 1,024 bytes).
 */
function isPdf(bytes: Uint8Array): boolean {
  if (!/^%PDF-\d\.\d[ \t]*[\r\n]/.test(latin1(bytes.subarray(0, 16)))) return false;
  // Past the header line and any comment lines (writers put a line of binary bytes there), whatever their length.
  let at = 5;
  for (;;) {
    while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    while (at < bytes.length && pdfSpace.has(bytes[at]!)) at++;
    if (bytes[at] !== 0x25) break;
  }
  if (!/^\d+[ \t\r\n]+\d+[ \t\r\n]+obj\b/.test(latin1(bytes.subarray(at, at + 32)))) return false;
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 1024)));
  const end = /startxref[ \t\r\n]+(\d+)[ \t\r\n]+%%EOF[ \t\r\n\0]*$/.exec(tail);
  return end !== null && Number(end[1]) < bytes.length;
}

/**
 * A JPEG read segment by segment from its start of image: markers with their lengths, a frame header
 * before the first scan, and an end-of-image marker after it.
 */
function isJpeg(bytes: Uint8Array): boolean {
  const data = view(bytes);
  let at = 2;
  let frame = false;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return false;
    let marker = bytes[at + 1]!;
    // Any number of 0xFF fill bytes may come before a marker.
    while (marker === 0xff && at + 2 < bytes.length) marker = bytes[++at + 1]!;
    // The fill may run to the end: a marker with no room for its length is a file cut short.
    if (at + 4 > bytes.length) return false;
    if (marker === 0xd9 || marker === 0xd8 || marker < 0xc0) return false;
    if (marker >= 0xd0 && marker <= 0xd7) {
      at += 2;
      continue;
    }
    const length = data.getUint16(at + 2);
    if (length < 2) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    if (marker === 0xda) {
      if (!frame) return false;
      // The entropy-coded data runs to an end-of-image marker. Phones may append data after it (a motion
      // photo's video), which a viewer ignores, so the marker need not end the file.
      for (let end = at + 2 + length; end + 1 < bytes.length; end++) if (bytes[end] === 0xff && bytes[end + 1] === 0xd9) return true;
      return false;
    }
    at += 2 + length;
  }
  return false;
}

const pdfSpace = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0c, 0x00]);

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG read chunk by chunk: IHDR first, every chunk's type four letters and its CRC right, IEND last, nothing after it. */
function isPng(bytes: Uint8Array): boolean {
  const data = view(bytes);
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = data.getUint32(at);
    const type = latin1(bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== data.getUint32(at + 8 + length)) return false;
    if (type === 'IEND') return end === bytes.length;
    first = false;
    at = end;
  }
  return false;
}
