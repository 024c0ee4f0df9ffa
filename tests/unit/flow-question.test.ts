import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noQuestionInFlow, SourceFile } from '../../scripts/content/source.ts';

const root = join(import.meta.dirname, '../..');

/** Every YAML file of the content and of the test fixtures. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? yamlFiles(path) : entry.name.endsWith('.yaml') ? [path] : [];
  });
}
const files = [...yamlFiles(join(root, 'content')), ...yamlFiles(join(root, 'tests/fixtures'))]
  .map((abs) => ({ name: relative(root, abs), text: readFileSync(abs, 'utf8') }))
  .filter(({ name, text }) => !new SourceFile(name, text).syntaxErrors.length);

/** The "?" in plain texts inside { } or [ ], as the parse that records every node finds them. */
const fromFrames = (text: string) => new SourceFile('content/x.yaml', text).questionsInFlowFromFrames();

describe('telling from the lines alone that no plain text inside { } or [ ] holds a "?"', () => {
  it('is certain only where the parse finds none, and spares the parse for most files with a "?" after a "{"', () => {
    let certain = 0;
    for (const { name, text } of files) {
      if (!/\{[^\n]*\?/.test(text)) continue;
      if (!noQuestionInFlow(text)) continue;
      certain++;
      expect(fromFrames(text), name).toEqual([]);
    }
    expect(certain).toBeGreaterThan(5);
  });

  it('is not certain where a plain text inside them holds a "?", however it is written', () => {
    for (const text of [
      'x: { en: Who do I go to?, nl: Bij wie? }\n',
      "x: { en: it's fine? }\n",
      'x: [a, b?]\n',
      'x: { url: http://a?b=c }\n',
      "x: { a: b:'c?' }\n",
      'x: { en: "a",\n  nl: b? }\n',
      'x: &shared { en: a? }\n',
      'x: !!map { en: a? }\n',
      'x: { ? complex : v }\n',
      'x: {"a":b?}\n',
      '- { en: x? }\n',
      'x:\n  - [a,\n    b?]\n',
      'x:\n  -\t|\n    text\n  - { b: c? }\n',
      'x: { a: [1, 2], b: c? }\n',
      'x: { a: { b: "c" }, d: e? }\n',
    ]) {
      expect(new SourceFile('content/x.yaml', text).syntaxErrors, text).toEqual([]);
      expect(noQuestionInFlow(text), text).toBe(false);
    }
  });

  it('is certain where every "?" inside them is quoted, or stands in a comment, a block text or a text outside them', () => {
    for (const text of [
      'x: { en: "Who do I go to?", nl: \'Bij wie?\' }\n',
      'x: ["a?", \'b?\', c]\n',
      'x: { "key?": v }\n',
      'x: { en: "It\'s {count}?" }\n',
      'x: { en: a, # why?\n  nl: b }\n',
      'x: |\n  { en: a? }\n',
      'x: >-\n  [a link](/x?y) in a text\n',
      'x: "quoted { with ? } in a block"\n',
      "x: 'single { ? }'\n",
      '# a comment with { and ? }\nx: y\n',
      'x: { en: "multi\n  line?" }\n',
    ]) {
      expect(new SourceFile('content/x.yaml', text).syntaxErrors, text).toEqual([]);
      expect(noQuestionInFlow(text), text).toBe(true);
      expect(fromFrames(text), text).toEqual([]);
    }
  });

  it('is never certain where the parse finds one, in files with odd lines put between their keys and items (seeded)', () => {
    // Lines an author may write: flow maps and lists with "?" in every way YAML allows, quoted or not.
    const lines = fc.constantFrom(
      'q: { en: Who?, nl: Wie? }',
      'q: { en: "Who?", nl: "Wie?" }',
      "q: { en: 'It''s who?', nl: wie }",
      "q: { en: it's who? }",
      'q: [a, b?, "c?"]',
      'q: { en: "a",\n  nl: b? }',
      'q: { en: "a?",\n  nl: "b?" }',
      'q: { en: "multi\n  line?", nl: x }',
      'q: &anchor { en: a? }',
      'q: !!map { en: a? }',
      'q: { ? key : v }',
      'q: {"a":"b?", "c":d?}',
      'q: { url: http://a?b=c }',
      'q: |\n  { en: a? }\n  [b?]',
      'q: >-\n  {x} and ? in a text',
      'q: plain {brace} and ? mark',
      'q: "quoted { ? }"',
      'q: { en: a, # a comment?\n  nl: b }',
      '# { a comment? }',
      '- { en: x? }',
      '- [ "y?" ]',
      'q: { a: [1, { b: "c?" }], d: e? }',
      'q: { a: [1, 2], d: "e?" }',
    );
    const parsed = files.filter(({ text }) => /^[a-z]\w*:/m.test(text));
    fc.assert(
      fc.property(fc.constantFrom(...parsed), fc.array(fc.tuple(fc.nat(), lines), { minLength: 1, maxLength: 3 }), ({ text }, inserts) => {
        const all = text.split('\n');
        const places = all.flatMap((line, i) => (/^( *)(- |[a-z]\w*:)/.test(line) ? [i] : []));
        for (const [at, insert] of inserts) {
          const i = places[at % places.length]!;
          const indent = /^ */.exec(all[i]!)![0];
          // Before a key: the line as a key of its own; before an item: as an item.
          const line = all[i]!.trimStart().startsWith('- ') && !insert.startsWith('- ') ? `- ${insert.replace(/\n/g, '\n  ')}` : insert;
          all[i] = `${line.replace(/^(?=.)/gm, indent)}\n${all[i]}`;
        }
        const changed = all.join('\n');
        const source = new SourceFile('content/x.yaml', changed);
        if (source.syntaxErrors.length) return;
        const found = source.questionsInFlowFromFrames();
        if (noQuestionInFlow(changed)) expect(found).toEqual([]);
        // The check looks only in files with a "?" after a "{" on one line (the rest are never parsed again for it).
        expect(new SourceFile('content/x.yaml', changed).plainQuestionsInFlow()).toEqual(/\{[^\n]*\?/.test(changed) ? found : []);
      }),
      { numRuns: 400, seed: 2912 },
    );
  });
});
