import { Lines, startsWith, type Cursor, type Reading } from './reading.ts';

/** Coordinates beyond a metre and a half either way (in millimetres, as scans of teeth are) are no tooth's. */
export const maxCoordinate = 1e6;
/** The longest line a text format's check reads; a text file with a longer line is none of them. */
export const maxTextLine = 64 * 1024;

const recordsPerSlice = 20_000;

/**
 * An 80-byte header, a triangle count n >= 1, then exactly n records of 50 bytes, each a normal and three
 * vertices of finite, modest numbers: 'stl'; the right length but no geometry: 'not-geometry'; a header
 * and a count of none: 'empty'; else 'no'.
 */
export function* binaryStl(file: Cursor): Reading<'stl' | 'not-geometry' | 'empty' | 'no'> {
  const size = file.size;
  if (size < 84) return 'no';
  yield* file.load(80, 4, 0);
  const count = file.view(80, 4).getUint32(0, true);
  if (count === 0 && size === 84) return 'empty';
  if (count < 1 || size !== 84 + 50 * count) return 'no';
  for (let record = 84; record < size;) {
    const length = Math.min(size - record, 50 * recordsPerSlice);
    yield* file.load(record, length);
    const data = file.view(record, length);
    for (let at = 0; at < length; at += 50) {
      for (let value = at; value < at + 48; value += 4) {
        const number = data.getFloat32(value, true);
        if (!Number.isFinite(number) || Math.abs(number) > maxCoordinate) return 'not-geometry';
      }
    }
    record += length;
  }
  return 'stl';
}

/**
 * A binary STL whose length does not match its triangle count: the first triangle record must read
 * as geometry (finite, modest numbers, not all at one point), which text and most other formats do not.
 */
export function* looksLikeBinaryStl(file: Cursor): Reading<boolean> {
  if (file.size < 84 + 50) return false;
  yield* file.load(84, 48, 0);
  const data = file.view(84, 48);
  const floats = Array.from({ length: 12 }, (_, i) => data.getFloat32(4 * i, true));
  if (!floats.every((value) => Number.isFinite(value) && Math.abs(value) < 1e6)) return false;
  const [a, b, c] = [floats.slice(3, 6), floats.slice(6, 9), floats.slice(9, 12)].map((v) => v.join(' '));
  return !(a === b && b === c);
}

const whitespace = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c]);
const solid = [0x73, 0x6f, 0x6c, 0x69, 0x64];

/** Whether the text opens with "solid" after any whitespace. */
export function* startsWithSolid(file: Cursor): Reading<boolean> {
  let at = 0;
  for (;;) {
    if (!file.has(at, 1) && (yield* file.load(at, 1)) === 0) return false;
    if (!whitespace.has(file.byte(at))) break;
    at++;
  }
  const available = yield* file.load(at, solid.length);
  return startsWith(file.bytes(at, available), solid);
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
export function* asciiStl(file: Cursor): Reading<'stl' | 'truncated' | 'no'> {
  const lines = new Lines(file.source, 0, 'latin1', maxTextLine);
  let state = 'start';
  let vertices = 0;
  let facets = 0;
  for (;;) {
    const raw = yield* lines.next();
    if (raw === null) break;
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
  if (lines.failure) return 'no';
  if (state === 'endsolid') return 'stl';
  return state === 'start' ? 'no' : 'truncated';
}
