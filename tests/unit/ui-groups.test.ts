import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { contentUiGroups, serverOnlyUiGroups, shellUiGroups } from '../../schemas/ui.ts';
import { templateUi, type RoutedTemplate } from '../../src/app/templates.ts';
import { projectRoot } from '../support/fixtures.ts';

// A page loads the interface strings of its template's groups (templateUi) besides the shell's; a key of
// a group it did not load would show its own name. These tests read what each template's code uses.

const ui = load(readFileSync(join(projectRoot, 'content', 'ui.yaml'), 'utf8')) as Record<string, Record<string, unknown>>;
const shell = new Set<string>(shellUiGroups);
const notOnPages = new Set<string>([...serverOnlyUiGroups, ...contentUiGroups]);
const pageGroups = Object.keys(ui).filter((group) => !shell.has(group) && !notOnPages.has(group));

const imports = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
const quotedKey = /(['"`])([a-z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)\1/g;

/** Every module a file loads (statically or on demand) inside the project, itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(imports)) {
    const target = resolve(dirname(file), match[2]!);
    if (/\.(ts|tsx)$/.test(target)) closure(target, seen);
  }
  return seen;
}

/**
 * The interface strings of page groups that the code of `files` names, with where; but for a group a file
 * imports itself (the search dialog, which loads with its own strings when it opens, on any page).
 */
function keysUsed(files: Iterable<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const [, , group, key] of code.matchAll(quotedKey)) {
      if (code.includes(`@generated/ui/${group}.`)) continue;
      if (pageGroups.includes(group!) && ui[group!]?.[key!] !== undefined) used.set(`${group}.${key}`, relative(projectRoot, file));
    }
  }
  return used;
}

const templatesDir = join(projectRoot, 'src', 'templates');
const templateNames = Object.keys(templateUi) as RoutedTemplate[];

describe('the interface strings a page loads', () => {
  it.each(templateNames)('cover every key the %s template and what it imports use', (template) => {
    const used = keysUsed(closure(join(templatesDir, `${template}.tsx`)));
    const listed: readonly string[] = templateUi[template];
    const missing = [...used].filter(([key]) => !listed.includes(key.split('.')[0]!)).map(([key, file]) => `${key} (${file})`);
    expect(missing, `add their groups to templateUi.${template} in src/app/templates.ts`).toEqual([]);
  });

  it.each(templateNames)('are only the groups the %s template uses', (template) => {
    const groups = new Set([...keysUsed(closure(join(templatesDir, `${template}.tsx`))).keys()].map((key) => key.split('.')[0]));
    expect(
      templateUi[template].filter((group) => !groups.has(group)),
      'these groups load with the page but nothing on it uses them',
    ).toEqual([]);
  });

  it("are the shell's alone in the layout and the not-found pages, which load no groups of their own", () => {
    const files = new Set([
      ...closure(join(projectRoot, 'src', 'app', 'root-document.tsx')),
      ...closure(join(templatesDir, 'not-found.tsx')),
      ...closure(join(projectRoot, 'src', 'app', 'error-screen.tsx')),
    ]);
    expect([...keysUsed(files).keys()]).toEqual([]);
  });

  it('finds a key of a group the page did not load', () => {
    // The check itself: a template that used a blog string would be caught.
    const used = keysUsed([join(templatesDir, 'article.tsx')]);
    expect([...used.keys()].some((key) => key.startsWith('blog.'))).toBe(true);
    expect(templateUi.detail.includes('blog')).toBe(false);
  });
});
