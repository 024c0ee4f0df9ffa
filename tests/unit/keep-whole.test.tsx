import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KeepWhole, unbreakable } from '../../src/components/keep-whole.tsx';

const units = ['MB', 'kB', 'KB', 'GB', 'MPa', 'mm', 'cm', '%'];
const word = fc.stringMatching(/^[a-zà-ÿ]{1,9}$/);
const number = fc.oneof(
  fc.nat(500).map(String),
  fc.tuple(fc.nat(99), fc.nat(9), fc.constantFrom('.', ',')).map(([a, b, mark]) => `${a}${mark}${b}`),
);
// A single number or a range ("1,0–1,5 mm", as the materials table writes them).
const amount = fc.oneof(
  number,
  fc.tuple(number, number).map(([a, b]) => `${a}–${b}`),
);
const measure = fc.tuple(amount, fc.constantFrom(' ', '\u00a0'), fc.constantFrom(...units)).map(([n, space, unit]) => `${n}${space}${unit}`);

const text = (markup: string) => markup.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
const kept = (markup: string) => [...markup.matchAll(/<span class="whitespace-nowrap">([^<]*)<\/span>/g)].map((m) => m[1]);

describe('KeepWhole', () => {
  it('keeps every number with its unit on one line in any sentence, and changes no character', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(word, measure), { minLength: 1, maxLength: 12 }), (pieces) => {
        const sentence = pieces.join(' ');
        const markup = renderToStaticMarkup(
          <p>
            <KeepWhole text={sentence} />
          </p>,
        );
        expect(text(markup)).toBe(`${sentence}`);
        const measures = pieces.filter((piece) => /\d/.test(piece));
        expect(kept(markup)).toEqual(measures);
      }),
      { numRuns: 500, seed: 25_05 },
    );
  });

  it('leaves a unit that is only the start of a word, and a number inside a word, free to break', () => {
    expect(unbreakable('50 MBit and 12 mmHg and v2 mm')).toEqual([]);
    expect(unbreakable('at most 50 MB each and 100 MB together')).toEqual([
      { at: 8, whole: '50 MB' },
      { at: 23, whole: '100 MB' },
    ]);
  });

  it('still keeps hyphenated terms whole, next to measures', () => {
    expect(unbreakable('All-on-4 on 1,5 mm of 3Y-zirconia').map((span) => span.whole)).toEqual(['All-on-4', '1,5 mm', '3Y-zirconia']);
    expect(unbreakable('3Y circa 1000–1200 MPa; occlusaal 1,0–1,5 mm').map((span) => span.whole)).toEqual(['1000–1200 MPa', '1,0–1,5 mm']);
  });
});
