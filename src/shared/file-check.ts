import { strFromU8, unzipSync } from 'fflate';
import { maxUploadBytes } from './upload-limits.ts';

// Runs in the browser (a file is checked as soon as it is chosen) and on the server (checked again,
// since the browser's verdict can be skipped): plain Uint8Array code, no Node APIs.

export { maxUploadBytes };

/** The kinds of file accepted with an order. */
export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'docx' | 'stl';

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
};

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d];
const jpegMagic = [0xff, 0xd8, 0xff];
const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const zipMagic = [0x50, 0x4b, 0x03, 0x04];

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
  if (startsWith(bytes, pdfMagic)) return accept('pdf');
  if (startsWith(bytes, jpegMagic)) return accept('jpeg');
  if (startsWith(bytes, pngMagic)) return accept('png');
  if (startsWith(bytes, zipMagic)) {
    const problem = docxProblem(bytes);
    return problem ? refuse(problem) : accept('docx');
  }
  // Binary first: many binary exporters begin the 80-byte header with "solid" too.
  if (isBinaryStl(bytes)) return accept('stl');
  if (startsWithSolid(bytes)) return isAsciiStl(bytes) ? accept('stl') : refuse('stl-truncated');
  if (looksLikeBinaryStl(bytes)) return refuse('stl-truncated');
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

/** An 80-byte header, a triangle count n >= 1, then exactly n records of 50 bytes. */
function isBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < 84) return false;
  const count = view(bytes).getUint32(80, true);
  return count >= 1 && bytes.length === 84 + 50 * count;
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

/** Text that (after optional whitespace) opens with "solid", has facets and vertices, and closes with an "endsolid" line. */
function isAsciiStl(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  // windows-1252 (what "latin1" means to TextDecoder) maps each byte to one character, so no byte is lost or merged.
  const text = new TextDecoder('latin1').decode(bytes).trimEnd();
  if (!/\bfacet[ \t]+normal\b/.test(text) || !/\bvertex\b/.test(text)) return false;
  const lastLine = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  return /^[ \t]*endsolid(?:[ \t].*)?$/.test(lastLine);
}
