import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEntities, excerptParts } from '../../src/features/shell/pagefind.ts';
import { correctedQuery, editDistance, searchKind, searchTerm, typosAllowed } from '../../src/shared/search.ts';
import { vocabularies } from '../../scripts/search-index.ts';

/** A passage's text as Pagefind writes it into an excerpt: HTML's special characters escaped. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// Text of any kind, including markup, entities and the words of the mark itself.
const hostile = fc.string({ unit: fc.constantFrom('a', 'ë', ' ', '<', '>', '&', ';', '"', "'", '#', 'x', '1', 'mark', '/', '\u00a0', '😀', 'script') });

describe('the search dialog reads a result', () => {
  it('as text and marked words, whatever the page says: never markup of its own', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: hostile, marked: fc.boolean() }), { maxLength: 8 }), (parts) => {
        const excerpt = parts.map((p) => (p.marked ? `<mark>${escape(p.text)}</mark>` : escape(p.text))).join('');
        const read = excerptParts(excerpt);
        // The words come back exactly, the marked ones marked.
        expect(read.map((p) => p.text).join('')).toBe(parts.map((p) => p.text).join(''));
        expect(read.filter((p) => p.marked).map((p) => p.text)).toEqual(parts.filter((p) => p.marked).map((p) => p.text));
      }),
      { seed: 32_1, numRuns: 300 },
    );
  });

  it('reads back every character reference Pagefind may write, and leaves a lone ampersand as it is', () => {
    expect(decodeEntities('a &amp; b &lt;mark&gt; &quot;x&quot; &#39;y&#x27; caf&#233; &#x1F600;')).toBe('a & b <mark> "x" \'y\' café 😀');
    expect(decodeEntities('R&D &unknown; &#0; &#x110000;')).toBe('R&D &unknown; &#0; &#x110000;');
  });
});

describe('a query', () => {
  it('is sent trimmed, its spaces one, at most 100 characters, and only from two characters on', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, size: 'max' }), (query) => {
        const term = searchTerm(query);
        if (term === null) {
          expect(query.replace(/\s+/g, ' ').trim().slice(0, 100).trimEnd().length).toBeLessThan(2);
          return;
        }
        expect(term.length).toBeGreaterThanOrEqual(2);
        expect(term.length).toBeLessThanOrEqual(100);
        expect(term).toBe(term.trim());
        expect(term).not.toMatch(/\s{2}|[\t\n\r]/);
      }),
      { seed: 32_2, numRuns: 200 },
    );
  });
});

describe("a page's kind in search", () => {
  it('is a service for every service template, an article for an article, a page otherwise', () => {
    expect(['category', 'detail', 'allon4'].map(searchKind)).toEqual(['service', 'service', 'service']);
    expect(searchKind('article')).toBe('article');
    expect(['home', 'blog', 'services', 'privacy', 'search'].map(searchKind)).toEqual(['page', 'page', 'page', 'page', 'page']);
  });
});

/** The optimal-string-alignment distance, plainly: the reference the search's own is held to. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const letters = fc.string({ unit: fc.constantFrom('a', 'e', 'i', 'k', 'n', 'o', 'r', 's', 't', 'z', 'ë'), maxLength: 12 });

/** A word with one typing mistake: a letter added, left out, changed, or two neighbours swapped. */
const mistyped = (word: string, at: number, letter: string, how: number) => {
  const i = at % word.length;
  if (how === 0) return word.slice(0, i) + letter + word.slice(i);
  if (how === 1) return word.slice(0, i) + word.slice(i + 1);
  if (how === 2) return word.slice(0, i) + letter + word.slice(i + 1);
  const j = Math.min(i, word.length - 2);
  return word.slice(0, j) + word[j + 1]! + word[j]! + word.slice(j + 2);
};

describe('a mistyped query', () => {
  it('is measured in edits as the plain algorithm measures them, and said to be "more" once past the limit', () => {
    fc.assert(
      fc.property(letters, letters, fc.integer({ min: 0, max: 3 }), (a, b, most) => {
        const exact = reference(a, b);
        expect(editDistance(a, b, most)).toBe(exact <= most ? exact : most + 1);
      }),
      { seed: 32_3, numRuns: 2000 },
    );
  });

  it('is read as a word of the site one typing mistake away, and searched for that: never a word farther than its length allows', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          letters.filter((w) => w.length >= 5),
          { minLength: 1, maxLength: 30 },
        ),
        fc.nat(),
        fc.constantFrom('a', 'q', 'x', 'ë'),
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        (words, pick, letter, how, at) => {
          const word = words[pick % words.length]!;
          const typed = mistyped(word, at, letter, how);
          const corrected = correctedQuery(typed, words);
          if (words.some((known) => known.startsWith(typed)) || typosAllowed(typed) === 0) {
            // A word of the site, one begun, or too short to guess at: searched as typed.
            expect(corrected).toBeUndefined();
            return;
          }
          // Read as a word of the site within the mistakes its length allows (the typed word's own, if it is nearest, or another as near).
          expect(corrected).toBeDefined();
          expect(words).toContain(corrected);
          expect(reference(typed, corrected!)).toBeLessThanOrEqual(Math.min(typosAllowed(typed), reference(typed, word)));
        },
      ),
      { seed: 32_4, numRuns: 1000 },
    );
  });

  it('keeps the words that are right, corrects each wrong one, and leaves a query alone that no word is near', () => {
    const words = ['kronen', 'kroon', 'zirkonia', 'implantaat', 'reparatie', 'kunstgebit'];
    expect(correctedQuery('kunstgebit reparatei', words)).toBe('kunstgebit reparatie');
    expect(correctedQuery('kronne', words)).toBe('kronen');
    expect(correctedQuery('zirkonnia', words)).toBe('zirkonia');
    expect(correctedQuery('impla', words)).toBeUndefined();
    expect(correctedQuery('xylofoon', words)).toBeUndefined();
  });
});

describe("the site's words, which a mistyped query is read against", () => {
  it("are each language's words of the pages' main content, the most used first, without navigation or forms", () => {
    const page = (lang: string, main: string) => ({
      path: '/',
      template: 'detail',
      html: `<html lang="${lang}"><body><header>Kopwoord</header><main id="main" data-pagefind-body="">${main}</main></body></html>`,
    });
    const words = vocabularies([
      page('nl', '<h1>Kronen</h1><p>Kronen en bruggen, <a href="/x">zirkonia</a>.</p><nav>Kruimelpad</nav><form><label>Formulierwoord</label></form>'),
      page('en', '<h1>Crowns</h1><p>Crowns &amp; bridges</p>'),
    ]);
    expect(words.get('nl')).toEqual(['kronen', 'bruggen', 'zirkonia']);
    expect(words.get('en')).toEqual(['crowns', 'bridges']);
  });
});
