/** A content coding the server can send; `br` and `gzip` come from the build's precompressed siblings. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The codings to try, best first, for an Accept-Encoding header: br and gzip when their weight is above
 * zero (the client's higher weight first, br on a tie), then identity, which is always the last resort.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(\S+)$/.exec(param);
      // A weight we cannot read counts as a refusal: never send a coding the client may not decode.
      if (match) weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(match[1] ?? '') ? Number(match[1]) : 0;
    }
    weights.set(name, weight);
  }
  const weightOf = (coding: string, alias?: string): number =>
    weights.get(coding) ?? (alias === undefined ? undefined : weights.get(alias)) ?? weights.get('*') ?? 0;
  const offered = [
    { coding: 'br' as const, weight: weightOf('br') },
    { coding: 'gzip' as const, weight: weightOf('gzip', 'x-gzip') },
  ];
  // Array.prototype.sort is stable, so br stays first when both weigh the same.
  const accepted = offered.filter((o) => o.weight > 0).sort((a, b) => b.weight - a.weight);
  return [...accepted.map((o) => o.coding), 'identity'];
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for this header). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The inclusive byte range a Range header asks for. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The single byte range of a `Range: bytes=...` header for a file of `size` bytes; `undefined` means
 * "send the whole file" (no header, several ranges, or a malformed one, which RFC 9110 lets us ignore).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
