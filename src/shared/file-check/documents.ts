import { maxCheckSliceBytes } from '../upload-limits.ts';
import { crc32, latin1, type Cursor, type Reading } from './reading.ts';

// PDF, JPEG and PNG, each read from its signature by its own structure to its end.

const pdfSpace = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0c, 0x00]);

/**
 * A PDF from its header to its end: a version line, then (after comment lines) a first object
 * `n g obj`, and at the end `startxref`, an offset into the file and `%%EOF` (readers look for it in
 * the last 1,024 bytes).
 */
export function* isPdf(file: Cursor): Reading<boolean> {
  const head = yield* file.load(0, 16, 0);
  if (!/^%PDF-\d\.\d[ \t]*[\r\n]/.test(latin1(file.bytes(0, head)))) return false;
  // Past the header line and any comment lines (writers put a line of binary bytes there), whatever their length.
  let at = 5;
  for (;;) {
    at = yield* file.find(at, 0x0a, 0x0d);
    while (at < file.size) {
      if (!file.has(at, 1)) yield* file.load(at, 1);
      if (!pdfSpace.has(file.byte(at))) break;
      at++;
    }
    if (at >= file.size || file.byte(at) !== 0x25) break;
  }
  const object = yield* file.load(at, 32);
  if (!/^\d+[ \t\r\n]+\d+[ \t\r\n]+obj\b/.test(latin1(file.bytes(at, object)))) return false;
  const tailStart = Math.max(0, file.size - 1024);
  const tail = latin1(file.bytes(tailStart, yield* file.load(tailStart, 1024, 0)));
  const end = /startxref[ \t\r\n]+(\d+)[ \t\r\n]+%%EOF[ \t\r\n\0]*$/.exec(tail);
  return end !== null && Number(end[1]) < file.size;
}

/** The names of a PDF's actions that run something: JavaScript, and launching a program or file. */
const activeNames = new Set(['JavaScript', 'JS', 'Launch']);
/** How far before a slice's end a token is left for the next slice, which starts there (a name is at most 127 bytes). */
const nameOverlap = 256;

/**
 * Whether a PDF carries JavaScript or a launch action: its whole text read in slices for the names
 * /JavaScript, /JS and /Launch, also written with #xx escapes (/J#61vaScript), outside streams and
 * comments (a stream's bytes, an image or compressed text, and a comment line may hold any bytes, "/JS"
 * among them). Names inside
 * compressed object streams are not inflated: a PDF can hide them there, which no check short of a PDF
 * reader finds.
 */
export function* pdfActiveContent(file: Cursor): Reading<boolean> {
  let inStream = false;
  let inComment = false;
  // Tokens before this offset have been read.
  let done = 0;
  for (let start = 0; start < file.size;) {
    const length = Math.min(maxCheckSliceBytes, file.size - start);
    const text = latin1(file.bytes(start, yield* file.load(start, length, 0)));
    const last = start + length >= file.size;
    let next = last ? file.size : start + length - nameOverlap;
    let from = Math.max(0, done - start);
    if (inComment) {
      // A comment (a line after %, which writers fill with binary bytes) runs to the end of its line.
      const end = text.slice(from).search(/[\r\n]/);
      if (end === -1) {
        done = start + length;
        start += length;
        continue;
      }
      inComment = false;
      from += end;
      done = start + from;
    }
    const tokens = /endstream|stream(?=\r?\n)|%|\/([^\s/<>[\](){}%]+)/g;
    tokens.lastIndex = from;
    for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
      const at = start + match.index;
      // A token near the slice's end may be cut off: the next slice starts at it.
      if (!last && at >= next) {
        next = at;
        break;
      }
      done = at + match[0].length;
      if (match[0] === 'endstream') inStream = false;
      else if (inStream) continue;
      else if (match[0] === 'stream') inStream = true;
      else if (match[0] === '%') {
        const end = text.slice(match.index).search(/[\r\n]/);
        if (end === -1) {
          inComment = true;
          done = start + length;
          next = start + length;
          break;
        }
        tokens.lastIndex = match.index + end;
        done = start + match.index + end;
      } else if (activeNames.has(match[1]!.replace(/#([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16))))) return true;
    }
    if (last) break;
    start = Math.max(next, start + 1);
  }
  return false;
}

/**
 * A JPEG read segment by segment from its start of image: markers with their lengths, a frame header
 * before the first scan, and an end-of-image marker after it.
 */
export function* isJpeg(file: Cursor): Reading<boolean> {
  const size = file.size;
  let at = 2;
  let frame = false;
  while (at + 4 <= size) {
    if (!file.has(at, 4)) yield* file.load(at, 4);
    if (file.byte(at) !== 0xff) return false;
    let marker = file.byte(at + 1);
    // Any number of 0xFF fill bytes may come before a marker.
    while (marker === 0xff && at + 2 < size) {
      at++;
      if (!file.has(at, 2)) yield* file.load(at, 2);
      marker = file.byte(at + 1);
    }
    // The fill may run to the end: a marker with no room for its length is a file cut short.
    if (at + 4 > size) return false;
    if (marker === 0xd9 || marker === 0xd8 || marker < 0xc0) return false;
    if (marker >= 0xd0 && marker <= 0xd7) {
      at += 2;
      continue;
    }
    if (!file.has(at, 4)) yield* file.load(at, 4);
    const length = file.view(at + 2, 2).getUint16(0);
    if (length < 2) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    if (marker === 0xda) {
      if (!frame) return false;
      // The entropy-coded data runs to an end-of-image marker. Phones may append data after it (a motion
      // photo's video), which a viewer ignores, so the marker need not end the file.
      for (let end = at + 2 + length; end + 1 < size; end++) {
        end = yield* file.find(end, 0xff);
        if (end + 1 >= size) return false;
        if (!file.has(end, 2)) yield* file.load(end, 2);
        if (file.byte(end + 1) === 0xd9) return true;
      }
      return false;
    }
    at += 2 + length;
  }
  return false;
}

/** A PNG read chunk by chunk: IHDR first, every chunk's type four letters and its CRC right, IEND last, nothing after it. */
export function* isPng(file: Cursor): Reading<boolean> {
  const size = file.size;
  let at = 8;
  let first = true;
  while (at + 12 <= size) {
    if (!file.has(at, 8)) yield* file.load(at, 8);
    const length = file.view(at, 4).getUint32(0);
    const type = latin1(file.bytes(at + 4, 4));
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > size) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    // The CRC covers the type and the data, read a slice at a time (a scan's IDAT may be one chunk of megabytes).
    let crc = 0;
    for (let from = at + 4; from < at + 8 + length;) {
      const available = yield* file.load(from, Math.min(maxCheckSliceBytes, at + 8 + length - from));
      const part = Math.min(available, at + 8 + length - from);
      crc = crc32(file.bytes(from, part), crc);
      from += part;
    }
    if (!file.has(at + 8 + length, 4)) yield* file.load(at + 8 + length, 4);
    if (crc !== file.view(at + 8 + length, 4).getUint32(0)) return false;
    if (type === 'IEND') return end === size;
    first = false;
    at = end;
  }
  return false;
}
