import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEntities, excerptParts } from '../../src/features/shell/pagefind.ts';
import { searchKind, searchTerm } from '../../src/shared/search.ts';

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

describe('a page\'s kind in search', () => {
  it('is a service for every service template, an article for an article, a page otherwise', () => {
    expect(['category', 'detail', 'allon4'].map(searchKind)).toEqual(['service', 'service', 'service']);
    expect(searchKind('article')).toBe('article');
    expect(['home', 'blog', 'services', 'privacy', 'search'].map(searchKind)).toEqual(['page', 'page', 'page', 'page', 'page']);
  });
});
