import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listItems, SourceFile, type PathSegment } from '../../scripts/content/source.ts';

const root = join(import.meta.dirname, '../..');

/** Every YAML file of the content and of the test fixtures. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? yamlFiles(path) : entry.name.endsWith('.yaml') ? [path] : [];
  });
}
const files = [...yamlFiles(join(root, 'content')), ...yamlFiles(join(root, 'tests/fixtures'))].map((abs) => ({ name: relative(root, abs), text: readFileSync(abs, 'utf8') }));

/** Every path of a value, with a key and an item past the end under each map and list (paths that do not exist point at their parent). */
function paths(value: unknown, at: PathSegment[] = [], found: PathSegment[][] = []): PathSegment[][] {
  found.push(at);
  if (Array.isArray(value)) {
    value.forEach((item, i) => paths(item, [...at, i], found));
    found.push([...at, value.length]);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths(item, [...at, key], found);
    found.push([...at, 'noSuchKey'], [...at, 'noSuchKey', 'deeper']);
  }
  return found;
}

/** What the check asks of a file's positions, for every path: as the file answers it, and as the whole file's parse does. */
function answers(text: string, whole: boolean): unknown[] {
  const source = new SourceFile('content/x.yaml', text);
  const data = source.data;
  // The root's path is answered from the whole file's parse, which every later answer then uses.
  if (whole) source.locate([]);
  // The root itself is left out: it is always answered from the whole file.
  return paths(data)
    .slice(1)
    .map((path) => [path.join('.'), source.locate(path), source.locate(path, 'key'), source.range(path) ?? null, source.keysAt(path)]);
}

describe("pointing at a node from a parse of its top-level key's section", () => {
  it("points where the whole file's parse points, for every path of every content and fixture file", () => {
    let compared = 0;
    for (const { name, text } of files) {
      if (new SourceFile(name, text).syntaxErrors.length) continue;
      expect(answers(text, false), name).toEqual(answers(text, true));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('points the same in files with comments, blank lines, anchors and odd lines at the left margin between their keys (seeded)', () => {
    const parsed = files.filter(({ name, text }) => !new SourceFile(name, text).syntaxErrors.length && /^[a-z]\w*:/m.test(text));
    // Lines put before a top-level key: what an author writes between sections, and what a section must not be cut at.
    const between = fc.constantFrom(
      '# a comment\n',
      '\n',
      '\n\n',
      '#\n',
      '  # indented comment\n',
      '   \n',
      'anchored: &shared { en: Shared, nl: Gedeeld }\n',
      'aliased: *shared\n',
      '? complex\n: key\n',
      '"quoted": key\n',
      '---\n',
    );
    fc.assert(
      fc.property(fc.constantFrom(...parsed), fc.array(fc.tuple(fc.nat(), between), { maxLength: 4 }), ({ text }, inserts) => {
        const lines = text.split('\n');
        const keyLines = lines.flatMap((line, i) => (/^[a-z]\w*:/.test(line) ? [i] : []));
        for (const [at, insert] of inserts) lines[keyLines[at % keyLines.length]!] = insert + lines[keyLines[at % keyLines.length]!];
        const changed = lines.join('\n');
        if (new SourceFile('content/x.yaml', changed).syntaxErrors.length) return;
        expect(answers(changed, false)).toEqual(answers(changed, true));
      }),
      { numRuns: 300 },
    );
  });
});

/** Each item of each list at the top of a text: what the check asks of its positions, asked first (so from the item's own parse), and as the whole file's parse answers. */
function itemAnswers(text: string): { asked: unknown[]; whole: unknown[]; alone: number } {
  const data = new SourceFile('content/x.yaml', text).data as Record<string, unknown>;
  const asked: unknown[] = [];
  const whole: unknown[] = [];
  let alone = 0;
  const ask = (source: SourceFile, path: PathSegment[]) => [path.join('.'), source.locate(path), source.locate(path, 'key'), source.range(path) ?? null, source.keysAt(path)];
  const wholeFile = new SourceFile('content/x.yaml', text);
  wholeFile.locate([]);
  for (const [key, value] of Object.entries(data ?? {})) {
    if (!Array.isArray(value)) continue;
    value.forEach((item, i) => {
      // A new file for each item: its first question is about the item, as a problem reported in it asks.
      const source = new SourceFile('content/x.yaml', text);
      for (const path of paths(item, [key, i])) {
        asked.push(ask(source, path));
        whole.push(ask(wholeFile, path));
      }
      if ((source as unknown as { itemSections?: Map<string, unknown> }).itemSections?.get(`${key}\n${i}`)) alone++;
    });
  }
  return { asked, whole, alone };
}

describe('pointing at an item of a top-level list from a parse of its lines alone', () => {
  it("points where the whole file's parse points, for every path into every item of every content and fixture file", () => {
    let alone = 0;
    for (const { name, text } of files) {
      if (new SourceFile(name, text).syntaxErrors.length) continue;
      const found = itemAnswers(text);
      expect(found.asked, name).toEqual(found.whole);
      alone += found.alone;
    }
    // The lists whose lines tell their items apart, such as the articles' bodies, are answered from an item's parse.
    expect(alone).toBeGreaterThan(500);
  });

  it('tells the items apart only where the lines are certain', () => {
    const items = (text: string) => {
      const start = text.indexOf('list:');
      return listItems(text, start, text.length)?.map(([from, to]) => text.slice(from, to));
    };
    expect(items('list:\n  - a\n  - b: 1\n    c: |\n      - not an item\n      "open\n  - [x, "y]"]\n')).toEqual([
      '  - a\n  -',
      '  - b: 1\n    c: |\n      - not an item\n      "open\n  -',
      '  - [x, "y]"]\n',
    ]);
    // A text quoted over two lines, or in brackets over two, may hold a line that looks like an item.
    expect(items('list:\n  - "a\n  - b"\n')).toBeUndefined();
    expect(items("list:\n  - 'a\n  - b'\n")).toBeUndefined();
    expect(items('list:\n  - [a,\n  - b]\n')).toBeUndefined();
    expect(items('list:\n  - { a: 1,\n  - b: 2 }\n')).toBeUndefined();
    // A line at the list's indent that is no item, a line less deep, a tab, a list at the margin, a value on the key's line.
    expect(items('list:\n  - a\n  b: 1\n')).toBeUndefined();
    expect(items('list:\n    - a\n  - b\n')).toBeUndefined();
    expect(items('list:\n\t- a\n')).toBeUndefined();
    expect(items('list:\n- a\n- b\n')).toBeUndefined();
    expect(items('list: &anchor\n  - a\n')).toBeUndefined();
    // A tab after a "-" that opens a block text leaves the column its lines must pass in doubt.
    expect(items('list:\n  -\t|\n    text\n  - b\n')).toBeUndefined();
    // Comments and blank lines belong to the item they stand in.
    expect(items('list:\n  # first\n  - a\n\n# between\n  - b\n')).toEqual(['  - a\n\n# between\n  -', '  - b\n']);
  });

  it('points the same when lists hold comments, blank lines, block texts, brackets and texts quoted over lines (seeded)', () => {
    const parsed = files.filter(({ name, text }) => !new SourceFile(name, text).syntaxErrors.length && /^ +- /m.test(text));
    // Lines put before an item's line, at its indent (or another): what an author writes, and what must not be taken for an item.
    const before = fc.constantFrom(
      '# a comment\n',
      '\n',
      '    # deeper comment\n',
      '#\n',
      '   \n',
      '- extra: "quoted over\n  - two lines"\n',
      '- extra: "quoted over\n- looks: like an item"\n',
      '- extra: [one,\n  - two]\n',
      '- extra: [one,\n- two]\n',
      "- extra: 'single\n  - quoted'\n",
      "- 'single\n- quoted: over lines'\n",
      '- extra: |\n    - looks like an item\n    "unclosed\n',
      '- extra: >-\n    [a link](/x) begins a line\n',
      '- - nested\n  - list\n',
      '- plain text over\n  two lines\n',
      '- &anchor { en: A, nl: B }\n',
      '- *anchor\n',
    );
    fc.assert(
      fc.property(fc.constantFrom(...parsed), fc.array(fc.tuple(fc.nat(), before), { minLength: 1, maxLength: 3 }), ({ text }, inserts) => {
        const lines = text.split('\n');
        const itemLines = lines.flatMap((line, i) => (/^ +- /.test(line) ? [i] : []));
        for (const [at, insert] of inserts) {
          const i = itemLines[at % itemLines.length]!;
          const indent = /^ */.exec(lines[i]!)![0];
          lines[i] = insert.replace(/^(?=.)/gm, indent) + lines[i];
        }
        const changed = lines.join('\n');
        if (new SourceFile('content/x.yaml', changed).syntaxErrors.length) return;
        const found = itemAnswers(changed);
        expect(found.asked).toEqual(found.whole);
      }),
      { numRuns: 200, seed: 2911 },
    );
  });
});
