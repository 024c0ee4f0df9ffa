import { distance } from 'fastest-levenshtein';

/**
 * The closest candidate to a misspelt word, or undefined when none is close enough
 * (at most two edits, or a third of the word's letters, ignoring case).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  // Two edits cover a swapped pair of letters ("titel" for "title").
  const limit = Math.max(2, Math.floor(w.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    // Words whose lengths differ by more than the limit are further apart than it: no need to measure.
    if (Math.abs(c.length - w.length) > Math.min(limit, bestScore)) continue;
    const score = distance(w, c.toLowerCase());
    if (score < bestScore && score <= limit) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** `did you mean "x"?` or an empty string. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : `did you mean "${match}"?`;
}

/**
 * The closest path to a mistyped link: among siblings (same folder) by the last segment,
 * otherwise among all paths.
 */
export function didYouMeanPath(path: string, candidates: Iterable<string>): string {
  const all = [...candidates];
  const cut = path.lastIndexOf('/');
  const folder = path.slice(0, cut + 1);
  const siblings = all.filter((c) => c.lastIndexOf('/') === cut && c.startsWith(folder) && c !== folder.replace(/\/$/, ''));
  const last = closest(
    path.slice(cut + 1),
    siblings.map((c) => c.slice(cut + 1)),
  );
  const match =
    last !== undefined
      ? folder + last
      : closest(
          path,
          all.filter((c) => !c.startsWith(folder) || c.lastIndexOf('/') !== cut),
        );
  return match === undefined ? '' : `did you mean "${match}"?`;
}
