// The teeth of an order in FDI (ISO 3950) notation: two digits, the quadrant then the tooth from the midline.
// Permanent teeth are 11-18, 21-28, 31-38 and 41-48; deciduous (milk) teeth 51-55, 61-65, 71-75 and 81-85,
// which a lab also makes crowns and space maintainers for. The browser's tooth chart and the server read
// a typed list with this same parser, so "11, 21-23" means the same on both sides.

/** The permanent teeth, quadrant by quadrant (upper right, upper left, lower left, lower right). */
export const permanentQuadrants = [1, 2, 3, 4].map((quadrant) => Array.from({ length: 8 }, (_, index) => quadrant * 10 + index + 1));
/** The deciduous teeth, quadrant by quadrant. */
export const deciduousQuadrants = [5, 6, 7, 8].map((quadrant) => Array.from({ length: 5 }, (_, index) => quadrant * 10 + index + 1));

/** Whether a number is a tooth in FDI notation. */
export function isTooth(value: number): boolean {
  const quadrant = Math.floor(value / 10);
  const unit = value % 10;
  return Number.isInteger(value) && unit >= 1 && ((quadrant >= 1 && quadrant <= 4 && unit <= 8) || (quadrant >= 5 && quadrant <= 8 && unit <= 5));
}

/**
 * The arch a tooth sits in, as a row from the patient's right to left, and its place in that row: a range
 * such as 13-23 runs along the arch across the midline (13, 12, 11, 21, 22, 23), as a bridge does.
 */
function place(tooth: number): { arch: string; at: number } {
  const quadrant = Math.floor(tooth / 10);
  const unit = tooth % 10;
  const permanent = quadrant <= 4;
  const upper = quadrant === 1 || quadrant === 2 || quadrant === 5 || quadrant === 6;
  const rightSide = quadrant === 1 || quadrant === 4 || quadrant === 5 || quadrant === 8;
  const size = permanent ? 8 : 5;
  return { arch: `${permanent ? 'permanent' : 'deciduous'}-${upper ? 'upper' : 'lower'}`, at: rightSide ? size - unit : size - 1 + unit };
}

/** The tooth at a place in an arch (the inverse of `place`). */
function toothAt(arch: string, at: number): number {
  const permanent = arch.startsWith('permanent');
  const upper = arch.endsWith('upper');
  const size = permanent ? 8 : 5;
  const base = permanent ? 0 : 4;
  if (at < size) return ((upper ? 1 : 4) + base) * 10 + (size - at);
  return ((upper ? 2 : 3) + base) * 10 + (at - size + 1);
}

/** What a typed list of teeth is: the teeth, sorted and each once, or the first part that is not a tooth or a range of them. */
export type TeethReading = { ok: true; teeth: number[] } | { ok: false; part: string };

/** At most this many characters are read: every tooth once, written out, fits many times over. */
export const maxTeethText = 300;

/**
 * Reads a typed list of teeth: numbers and ranges separated by commas, semicolons or spaces ("11, 21-23",
 * "13-23", "36 46"). A range runs along one arch, across the midline if it must; one between the upper and
 * the lower arch, or between a milk tooth and a permanent one, is no range.
 */
export function readTeeth(text: string): TeethReading {
  const found = new Set<number>();
  const normal = text.slice(0, maxTeethText).replace(/\s*[-–—]\s*/g, '-');
  for (const part of normal.split(/[\s,;]+/).filter(Boolean)) {
    const range = /^(\d{2})(?:-(\d{2}))?$/.exec(part);
    if (!range) return { ok: false, part };
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (!isTooth(first) || !isTooth(last)) return { ok: false, part };
    const from = place(first);
    const to = place(last);
    if (from.arch !== to.arch) return { ok: false, part };
    for (let at = Math.min(from.at, to.at); at <= Math.max(from.at, to.at); at += 1) found.add(toothAt(from.arch, at));
  }
  return { ok: true, teeth: [...found].sort((a, b) => a - b) };
}

/** Teeth as a short list in FDI order, neighbours in one quadrant joined into a range: [11, 21, 22, 23] is "11, 21-23". */
export function writeTeeth(teeth: readonly number[]): string {
  const sorted = [...new Set(teeth.filter(isTooth))].sort((a, b) => a - b);
  const parts: string[] = [];
  let start: number | undefined;
  sorted.forEach((tooth, index) => {
    start ??= tooth;
    const next = sorted[index + 1];
    if (next === tooth + 1 && Math.floor(next / 10) === Math.floor(tooth / 10)) return;
    parts.push(start === tooth ? String(tooth) : `${start}-${tooth}`);
    start = undefined;
  });
  return parts.join(', ');
}
