import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { SourceFile } from '../../scripts/content/source.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

interface Mistake {
  mistake: string;
  at: string;
  says: string;
  text: string;
}

// Hand-made YAML mistakes (tests/fixtures/yaml-mistakes/corpus.yaml), each to be named at the line and
// column where it was made, in the words an author would use.
const corpus = load(readFileSync(join(projectRoot, 'tests', 'fixtures', 'yaml-mistakes', 'corpus.yaml'), 'utf8')) as Mistake[];
/** The parser's own words, which mean nothing to an author. */
const jargon = /scalar|implicit key|flow collection|alias|stream|mapping|document separator|can not read/i;

describe('YAML mistakes made by hand', () => {
  it('are at least forty, each a text of its own', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((c) => c.text)).size).toBe(corpus.length);
  });

  it.each(corpus.map((c) => [c.mistake, c] as const))('%s: named at its line and column, in plain words', (_name, { at, says, text }) => {
    const errors = new SourceFile('content/services/zirconia.yaml', text).syntaxErrors;
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(`${error!.line}:${error!.column} ${error!.message}`).toBe(`${at} ${says}`);
    expect(error!.rule).toBe('yaml/syntax');
    expect(`${error!.message} ${error!.hint}`).not.toMatch(jargon);
  });
});

describe('a key glued to its value in a { } ("nl:Kronen")', () => {
  it('is named as the missing space, at the key, not as an unknown key', () => {
    const site = fixtureSite();
    try {
      const file = join(site.root, 'content', 'services', 'zirconia.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('name: { en: Zirconia crowns, nl: Zirkonia kronen }', 'name: { en: Zirconia crowns, nl:Zirkonia kronen }'));
      const found = checkContent({ root: site.root }).diagnostics;
      expect(found.map((d) => `${d.line}:${d.column} ${d.rule} ${d.message}`)).toEqual([
        '3:33 schema/unknown-key a space is missing after "nl:": YAML reads "nl:Zirkonia kronen" as one key without a value',
      ]);
      expect(found[0]!.hint).toBe('write "nl: Zirkonia kronen"');
    } finally {
      site.cleanup();
    }
  });
});
