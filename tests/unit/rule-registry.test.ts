import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { allowedSeverities, plainDescription, registry, ruleIds, ruleTable, tableEnd, tableStart, withRuleTable } from '../../scripts/content/rules/registry.ts';
import { run as generateCommand } from '../../scripts/generate.ts';
import { cycles, type Edge } from '../../scripts/import-graph.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');

describe('the registry of rules', () => {
  it("is what the README's table of rules says, row for row (npm run check -- --write-readme writes it anew)", () => {
    const table = readme.slice(readme.indexOf(tableStart) + tableStart.length, readme.indexOf(tableEnd)).trim();
    expect(table).toBe(ruleTable());
    expect(withRuleTable(readme)).toBe(readme);
  });

  it('makes a table whose rows change with the registry, one per rule', () => {
    const rows = ruleTable().split('\n').slice(2);
    expect(rows).toHaveLength(ruleIds.length);
    expect(rows[0]).toBe(`| \`yaml/syntax\` | error | ${registry['yaml/syntax'].description} |`);
    expect(ruleIds.length).toBeGreaterThan(60);
  });

  it('gives each rule in plain text for SARIF and the terminal, code spans without their backticks', () => {
    expect(plainDescription('yaml/comment-in-text')).toMatch(/^ # in an unquoted text starts a comment, so the text stops there \(en: Ranked #1 lab shows "Ranked"\)/);
    expect(plainDescription('yaml/syntax')).toContain('(@, [, **, %, `, !)');
    for (const id of ruleIds) expect(plainDescription(id).replace(/\(@, \[, \*\*, %, `, !\)/, '')).not.toContain('`');
  });

  it('refuses a README without the markers, rather than writing the table somewhere else', () => {
    expect(() => withRuleTable('# A README without a table of rules\n')).toThrow(/no table of rules/);
  });

  it('lists every rule in --help, with its severity', () => {
    const out: string[] = [];
    expect(generateCommand(['--help'], { log: (text) => out.push(text), error: (text) => out.push(text) })).toBe(0);
    const help = out.join('\n');
    expect(help).toContain('--write-readme');
    for (const id of ruleIds) expect(help).toMatch(new RegExp(`^  ${id.replace('/', '\\/')} +${registry[id].severity} `, 'm'));
  });

  it('has no rule that no code reports', () => {
    // The code of every module, without the rules' own declarations (`defineRules({ ... })`).
    const code = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? code(join(dir, name)) : /\.ts$/.test(name) ? [readFileSync(join(dir, name), 'utf8').replace(/defineRules\(\{[\s\S]*?\n\}\);\n/, '')] : [],
      );
    const texts = [...code(join(projectRoot, 'scripts', 'content')), ...code(join(projectRoot, 'schemas'))].join('\n');
    // Rules whose id is built from the language: `i18n/empty-${lang}`.
    const reported = (id: string) => texts.includes(`'${id}'`) || texts.includes(`\`${id}\``) || texts.includes(`\`${id.replace(/-(en|nl)$/, '-${')}`);
    expect(ruleIds.filter((id) => !reported(id))).toEqual([]);
  });

  it('gives every finding of the bad fixtures a severity its rule allows', () => {
    const found = new Map<string, string>();
    for (const bad of readdirSync(join(projectRoot, 'tests', 'fixtures', 'bad'))) {
      const site = fixtureSite({ bad: [bad] });
      try {
        for (const release of [false, true]) {
          for (const d of checkContent({ root: site.root, release }).diagnostics) {
            if (!allowedSeverities(d.rule).includes(d.severity)) found.set(`${d.rule} ${d.severity}`, bad);
          }
        }
      } finally {
        site.cleanup();
      }
    }
    expect([...found]).toEqual([]);
  });

  it('is loaded without an import cycle: a family module imports the run only as a type', () => {
    const dir = join(projectRoot, 'scripts', 'content');
    const files = (sub: string): string[] =>
      readdirSync(join(dir, sub)).flatMap((name) => (statSync(join(dir, sub, name)).isDirectory() ? files(join(sub, name)) : name.endsWith('.ts') ? [join(sub, name)] : []));
    const edges: Edge[] = [];
    for (const file of files('')) {
      // Value imports only: `import type` and `export type` are gone when the code runs.
      for (const [, specifier] of readFileSync(join(dir, file), 'utf8').matchAll(/^(?:import|export) (?!type )[^;]*? from '(\.{1,2}\/[^']+)'/gms)) {
        const to = relative(dir, resolve(dir, dirname(file), specifier!));
        if (!to.startsWith('..')) edges.push({ from: file, to, count: 1, example: '' });
      }
    }
    expect(edges.some((e) => e.from === 'rules/registry.ts' && e.to === 'rules/links.ts')).toBe(true);
    expect(cycles(edges)).toEqual([]);
  });
});
