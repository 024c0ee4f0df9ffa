import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { inCaseOf } from '../../scripts/content/rules/style.ts';
import { run as generateCommand } from '../../scripts/generate.ts';
import { fixtureSite } from '../support/fixtures.ts';

// npm run check -- --fix applies the fixes the check is certain of, editing only their characters.
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

function site() {
  const fixture = fixtureSite({ bad: ['glossary'] });
  cleanups.push(fixture.cleanup);
  const file = join(fixture.root, 'content', 'services', 'zirconia.yaml');
  // A comment and a quoted text with a planted term, which must stay as they are written.
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace('testimonials: [jansen]', '# Reviewed by the lab, November.\ntestimonials: [jansen]')
      .replace('{ en: We mill it., nl: Wij frezen hem. }', '{ en: We mill it., nl: "Wij frezen hem, ook voor een PASSTUK." }'),
  );
  const command = (...args: string[]) => {
    const out: string[] = [];
    const code = generateCommand(['--check', ...args, `--root=${fixture.root}`], { log: (t) => out.push(t), error: (t) => out.push(t) });
    return { code, out: out.join('\n') };
  };
  return { root: fixture.root, file, command };
}

describe('npm run check -- --fix', () => {
  it('shows the fixes as a diff with --dry-run and writes nothing', () => {
    const s = site();
    const before = readFileSync(s.file, 'utf8');
    const { code, out } = s.command('--fix', '--dry-run');
    expect(code).toBe(0);
    expect(readFileSync(s.file, 'utf8')).toBe(before);
    expect(out).toContain(
      [
        '--- a/content/services/zirconia.yaml',
        '+++ b/content/services/zirconia.yaml',
        '@@ -3 +3 @@',
        '-name: { en: Zirconia crowns, nl: Zirkonia kronen }',
        '+name: { en: Zirconia crowns, nl: Zirkoniakroon }',
      ].join('\n'),
    );
    expect(out).toContain(
      '-  - { title: { en: Mill, nl: Frezen }, description: { en: We mill it., nl: "Wij frezen hem, ook voor een PASSTUK." } }\n+  - { title: { en: Mill, nl: Frezen }, description: { en: We mill it., nl: "Wij frezen hem, ook voor een PASBEURT." } }',
    );
  });

  it("replaces each term by the glossary's word in its case, changes nothing else of the file, and prints each fix at its place", () => {
    const s = site();
    const before = readFileSync(s.file, 'utf8');
    const { out } = s.command('--fix');
    const after = readFileSync(s.file, 'utf8');
    // Line for line, the only differences are the fixes; the comment and the quoting stay.
    const a = before.split('\n');
    const b = after.split('\n');
    expect(b).toHaveLength(a.length);
    const fixes: [string, string][] = [
      ['Zirkonia kronen', 'Zirkoniakroon'],
      ['Zirkonia Kroon', 'Zirkoniakroon'],
      ['placement key', 'positioning jig'],
      ['Eén passtuk', 'Eén pasbeurt'],
      ['PASSTUK', 'PASBEURT'],
    ];
    const changed = a.flatMap((line, i) => (line === b[i] ? [] : [i]));
    expect(changed).toHaveLength(7);
    for (const i of changed)
      expect(
        fixes.some(([from, to]) => a[i]!.replace(from, to) === b[i]),
        `line ${i + 1}: ${a[i]} => ${b[i]}`,
      ).toBe(true);
    expect(after).toContain('# Reviewed by the lab, November.\n');
    expect(after).toContain('nl: "Wij frezen hem, ook voor een PASBEURT." }');
    expect(out).toMatch(/^content\/services\/zirconia\.yaml:3:34 style\/term "Zirkonia kronen" -> "Zirkoniakroon"$/m);
    expect(out).toMatch(/^content\/services\/zirconia\.yaml:27:\d+ style\/term "PASSTUK" -> "PASBEURT"$/m);
    // What the check cannot fix (a forbidden word to remove) is left, and reported.
    const left = checkContent({ root: s.root }).diagnostics.map((d) => `${d.rule} ${d.severity}`);
    expect(left).toEqual(['style/term error']);
  });

  it("writes the glossary's word in the case of the word it replaces", () => {
    expect(inCaseOf('passtuk', 'pasbeurt')).toBe('pasbeurt');
    expect(inCaseOf('Passtuk', 'pasbeurt')).toBe('Pasbeurt');
    expect(inCaseOf('PASSTUK', 'pasbeurt')).toBe('PASBEURT');
    expect(inCaseOf('Kobalt-Chroom', 'kobaltchroom')).toBe('Kobaltchroom');
  });
});
