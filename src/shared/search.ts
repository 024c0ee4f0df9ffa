/**
 * The site's search: what kind of page a result is (the dialog and the search page name it), from the
 * page's template. The build writes it into the index as each page's `kind`.
 */
export const searchKinds = ['service', 'article', 'page'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** A page's kind for search: a service's page (a category, a detail, All-on-4), a blog article, or any other page. */
export function searchKind(template: string): SearchKind {
  if (template === 'category' || template === 'detail' || template === 'allon4') return 'service';
  return template === 'article' ? 'article' : 'page';
}

/** The parts of the index's search a query is worth sending for: at least two characters, or nothing. */
export function searchTerm(query: string): string | null {
  const term = query.replace(/\s+/g, ' ').trim().slice(0, 100).trimEnd();
  return term.length >= 2 ? term : null;
}

/** How far a word may be from a word of the site to be read as it: none under five letters, one up to seven, two from eight. */
export function typosAllowed(word: string): number {
  return word.length < 5 ? 0 : word.length < 8 ? 1 : 2;
}

/**
 * The edits between two words (a letter added, left out, changed, or two neighbours swapped: the
 * optimal-string-alignment distance), or `most + 1` once it is certain to be more than `most`.
 */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > most) return most + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, most + 1);
}

/**
 * A query with each mistyped word read as the nearest word of the site (`words`, the most used first), for
 * a search that found nothing; undefined when no word needs it or none is near enough. A word of the site,
 * or the start of one (the word still being typed), stays as it is.
 */
export function correctedQuery(term: string, words: readonly string[]): string | undefined {
  let changed = false;
  const corrected = term.split(' ').map((typed) => {
    const word = typed.toLocaleLowerCase();
    const most = typosAllowed(word);
    if (most === 0 || words.some((known) => known.startsWith(word))) return typed;
    let nearest: string | undefined;
    let distance = most + 1;
    for (const known of words) {
      const d = editDistance(word, known, Math.min(most, distance - 1));
      if (d < distance) {
        nearest = known;
        distance = d;
        if (d === 1) break;
      }
    }
    if (nearest === undefined) return typed;
    changed = true;
    return nearest;
  });
  return changed ? corrected.join(' ') : undefined;
}
