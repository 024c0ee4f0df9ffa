import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SourceFile, type PathSegment } from '../../scripts/content/source.ts';

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
