import { isDecimal, Lines, type Cursor, type Reading } from './reading.ts';
import { maxCoordinate, maxTextLine } from './stl.ts';

// Wavefront OBJ: UTF-8 text of one statement a line. Only the statements of the format are taken, each
// with the arguments it has, so HTML, a script or prose named .obj is none.

const vertexReference = /^([-+]?\d+)(?:\/([-+]?\d*)(?:\/([-+]?\d+))?)?$/;
/**
 * Whether a line has what no OBJ has: a control character other than tab (a NUL, an escape), bytes that are
 * no UTF-8 (read as U+FFFD), or a markup tag's opening. A loop over the characters: a regular expression
 * of the same took several times as long on a large file.
 */
function forbidden(line: string): boolean {
  for (let at = 0; at < line.length; at++) {
    const code = line.charCodeAt(at);
    if ((code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f) || code === 0xfffd) return true;
    if (code === 0x3c && /[A-Za-z/!?]/.test(line.charAt(at + 1))) return true;
  }
  return false;
}

/** Statements of the format that draw or name nothing a check must follow; their arguments are names or numbers. */
const otherStatements = new Set([
  'g',
  's',
  'mg',
  'usemtl',
  'mtllib',
  'maplib',
  'usemap',
  'lod',
  'bevel',
  'c_interp',
  'd_interp',
  'shadow_obj',
  'trace_obj',
  'ctech',
  'stech',
  'cstype',
  'deg',
  'bmat',
  'step',
  'curv',
  'curv2',
  'surf',
  'parm',
  'trim',
  'hole',
  'scrv',
  'sp',
  'end',
  'con',
]);
// Left out on purpose: `call` (reads another file) and `csh` (runs a shell command).

/** What reading an OBJ found: one; text that began as one and then broke its rules; or text that never was one. */
export type ObjVerdict = 'obj' | 'invalid' | 'no';

/**
 * A Wavefront OBJ: every non-blank line a comment or a statement with its arguments (v of 3, 4 or 6 finite
 * numbers, faces of at least three references to vertices already given), at least one vertex and one face,
 * line or point.
 */
export function* readObj(file: Cursor): Reading<ObjVerdict> {
  const lines = new Lines(file.source, 0, 'utf-8', maxTextLine);
  const counts = { v: 0, vt: 0, vn: 0 };
  let statements = 0;
  let drawn = false;
  const refuse = () => (statements > 0 ? 'invalid' : 'no');
  for (;;) {
    const raw = yield* lines.next();
    if (raw === null) break;
    if (forbidden(raw)) return refuse();
    const line = raw.trim();
    if (line === '' || line.charCodeAt(0) === 0x23) continue;
    // The keyword and its arguments: words[0] and the words after it.
    const words = line.split(/[ \t]+/);
    const keyword = words[0]!;
    if (!statement(keyword, words, counts)) return refuse();
    if (keyword === 'f' || keyword === 'l' || keyword === 'p') drawn = true;
    statements++;
  }
  if (lines.failure) return refuse();
  return counts.v > 0 && drawn ? 'obj' : refuse();
}

/** Whether the arguments (the words after the keyword) are `min` to `max` finite numbers, each at most `limit` either way. */
function numbers(words: string[], min: number, max: number, limit = Number.POSITIVE_INFINITY): boolean {
  if (words.length - 1 < min || words.length - 1 > max) return false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (!isDecimal(word)) return false;
    const value = Number(word);
    if (!Number.isFinite(value) || Math.abs(value) > limit) return false;
  }
  return true;
}

/** Whether a reference (1-based, or negative counting back from the last) names one of `count` elements given so far. */
function refers(index: string | undefined, count: number): boolean {
  if (index === undefined || index === '') return false;
  const value = Number(index);
  return Number.isInteger(value) && value !== 0 && (value > 0 ? value <= count : -value <= count);
}

/** Whether a vertex reference of a face, line or point is well formed and names what has been given. */
function reference(keyword: string, word: string, counts: { v: number; vt: number; vn: number }): boolean {
  const match = vertexReference.exec(word);
  if (!match) return false;
  const [, vertex, texture, normal] = match;
  if (!refers(vertex, counts.v)) return false;
  // i/j (a texture coordinate), i//k (a normal), i/j/k (both); lines take i or i/j, points i.
  if (texture !== undefined && texture !== '' && !refers(texture, counts.vt)) return false;
  if (normal !== undefined && (keyword !== 'f' || !refers(normal, counts.vn))) return false;
  if (texture === '' && normal === undefined) return false;
  if (keyword === 'p' && texture !== undefined) return false;
  return true;
}

/** Whether one statement (its keyword in words[0]) is well formed, counting the vertices, texture coordinates and normals it gives. */
function statement(keyword: string, words: string[], counts: { v: number; vt: number; vn: number }): boolean {
  const given = words.length - 1;
  switch (keyword) {
    case 'v':
      // x y z, with w, or with a colour (r g b) as many scanners write it.
      if (given === 5 || !numbers(words, 3, 6, maxCoordinate)) return false;
      counts.v++;
      return true;
    case 'vt':
    case 'vp':
      if (!numbers(words, 1, 3)) return false;
      if (keyword === 'vt') counts.vt++;
      return true;
    case 'vn':
      if (!numbers(words, 3, 3)) return false;
      counts.vn++;
      return true;
    case 'f':
    case 'l':
    case 'p': {
      if (given < (keyword === 'f' ? 3 : keyword === 'l' ? 2 : 1)) return false;
      for (let i = 1; i < words.length; i++) if (!reference(keyword, words[i]!, counts)) return false;
      return true;
    }
    case 'o':
      return given >= 1;
    default:
      return otherStatements.has(keyword);
  }
}
