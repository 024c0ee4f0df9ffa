/** Rules of the interface strings (content/ui.yaml) against the code that uses them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentUiKeys, dialogUiGroups, shellUiGroups, type UiDictionary } from '../../../schemas/index.ts';
import { listFiles } from '../check/locate.ts';
import { isRecord, type Entry } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import { closest } from '../suggest.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'ui/missing-key': {
    severity: 'error',
    description:
      "The code uses an interface string that `ui.yaml` does not have: the page would show the key's name. Reported where its group is; a group whose name is a letter or two off (`footr`) is reported once, there.",
  },
  'ui/unused-key': { severity: 'warning', description: 'No code uses this interface string.' },
});

/** The groups every page needs and those the generate step writes into pages. */
const requiredUiGroups: readonly string[] = [...shellUiGroups, ...dialogUiGroups, ...Object.keys(contentUiKeys)];

/**
 * Groups the site reads that ui.yaml lacks, each with the group there, read by nothing, whose name is a
 * letter or two off ("footr" for "footer"): the one mistake is reported there, not as every key missing.
 */
function misspeltUiGroups(ui: Entry<UiDictionary>, wanted: Iterable<string>): Map<string, string> {
  const read = new Set(wanted);
  const strangers = Object.keys(ui.data).filter((group) => !read.has(group));
  const found = new Map<string, string>();
  for (const group of read) {
    const typo = group in ui.data ? undefined : closest(group, strangers);
    if (typo) found.set(group, typo);
  }
  return found;
}

function reportMisspeltUiGroup(run: CheckRun, ui: Entry<UiDictionary>, group: string, typo: string, needed: string): void {
  const { line, column } = ui.source.locate([typo], 'key');
  run.diagnostics.push({
    file: ui.source.file,
    line,
    column,
    severity: 'error',
    rule: 'ui/missing-key',
    message: `there is no group "${group}", which ${needed}; the site does not read the group "${typo}"`,
    hint: `rename "${typo}" to "${group}"`,
    path: typo,
  });
}

export function checkUiGroups(run: CheckRun, ui: Entry<UiDictionary> | undefined): void {
  if (!ui) return;
  const typos = misspeltUiGroups(ui, requiredUiGroups);
  for (const group of shellUiGroups) {
    const typo = typos.get(group);
    if (typo) reportMisspeltUiGroup(run, ui, group, typo, 'every page needs');
    else if (!(group in ui.data)) run.at(ui, [], 'schema/missing-key', `the group "${group}" is missing`, 'every page needs it (header, footer, hours, errors); add it back');
  }
  for (const group of dialogUiGroups) {
    const typo = typos.get(group);
    if (typo) reportMisspeltUiGroup(run, ui, group, typo, 'the search dialog loads');
    else if (!(group in ui.data)) run.at(ui, [], 'schema/missing-key', `the group "${group}" is missing`, 'the search dialog in the header loads it; add it back');
  }
  for (const [group, keys] of Object.entries(contentUiKeys)) {
    const typo = typos.get(group);
    if (typo) reportMisspeltUiGroup(run, ui, group, typo, 'the generate step writes into pages');
    // A group that is not a map has its schema error already.
    if (typo || (group in ui.data && !isRecord(ui.data[group]))) continue;
    for (const key of keys) {
      if (ui.data[group]?.[key] !== undefined) continue;
      run.at(
        ui,
        group in ui.data ? [group] : [],
        'ui/missing-key',
        `"${group}.${key}" is missing`,
        `the generate step writes it into the pages; add "${key}:" with its English and Dutch text under "${group}:"`,
      );
    }
  }
}

const codeFile = /\.(ts|tsx)$/;
/** `'group.key'` in code: a string that names an interface string. */
const quotedKey = /(['"`])([a-z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)\1/g;
/** `t('group.key')`: certainly an interface string, even of a group ui.yaml lacks. */
const calledKey = /\bt\(\s*(['"`])([a-z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)\1/g;
/** `` `group.${name}` ``: a group whose keys the code picks at run time. */
const dynamicKey = /`([a-z][A-Za-z0-9]*)\.\$\{/g;

/**
 * The interface strings the code uses must be in `ui.yaml`: a missing one would show its key's name on a
 * page. Reported where its group is (or at the top of the file when the group is gone); a string no code
 * uses is a warning.
 */
export function checkUiKeys(run: CheckRun, ui: Entry<UiDictionary> | undefined): void {
  if (!ui) return;
  const files = run.codeDirs.flatMap((dir) =>
    listFiles(dir)
      .filter((file) => codeFile.test(file) && !file.startsWith('generated/') && !file.includes('/generated/'))
      .map((file) => join(dir, file)),
  );
  if (!files.length) return;
  const used = new Map<string, string>();
  const dynamicGroups = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const [, , group, key] of code.matchAll(quotedKey)) if (group! in ui.data) used.set(`${group}.${key}`, run.rel(file));
    for (const [, , group, key] of code.matchAll(calledKey)) used.set(`${group}.${key}`, run.rel(file));
    for (const [, group] of code.matchAll(dynamicKey)) dynamicGroups.add(group!);
  }
  const groups = ui.source.keysAt([]);
  const typos = misspeltUiGroups(ui, [...requiredUiGroups, ...[...used.keys()].map((name) => name.split('.')[0]!), ...dynamicGroups]);
  for (const [group, typo] of typos) {
    // The groups every page needs are reported where they are checked, with or without code.
    if (!requiredUiGroups.includes(group)) reportMisspeltUiGroup(run, ui, group, typo, `${[...used].find(([name]) => name.startsWith(`${group}.`))?.[1] ?? 'the code'} uses`);
  }
  const misspelt = new Set(typos.values());
  for (const [name, file] of used) {
    const [group, key] = name.split('.') as [string, string];
    // A group that is not a map has its schema error already; a misspelt one is reported once, above.
    if (ui.data[group]?.[key] !== undefined || dynamicGroups.has(group) || typos.has(group) || (group in ui.data && !isRecord(ui.data[group]))) continue;
    const path = group in ui.data ? [group] : [];
    const suggestion = closest(key, Object.keys(ui.data[group] ?? {}));
    run.at(
      ui,
      path,
      'ui/missing-key',
      `"${name}" is used by ${file} but ${group in ui.data ? `the group "${group}" has no key "${key}"` : `there is no group "${group}"`}, so the page would show "${name}"`,
      suggestion ? `did you rename it? "${group}.${suggestion}" is there; the code and ui.yaml must use the same key` : `add "${key}:" with its English and Dutch text under "${group}:"`,
    );
  }
  for (const { key: group } of groups) {
    if (dynamicGroups.has(group) || misspelt.has(group)) continue;
    for (const { key } of ui.source.keysAt([group])) {
      // The strings the generate step writes into pages are used (and required where the groups are checked).
      if (used.has(`${group}.${key}`) || (contentUiKeys as Record<string, readonly string[]>)[group]?.includes(key)) continue;
      const { line, column } = ui.source.locate([group, key], 'key');
      run.diagnostics.push({
        file: ui.source.file,
        line,
        column,
        severity: 'warning',
        rule: 'ui/unused-key',
        message: `"${group}.${key}" is not used by any code`,
        hint: 'remove it, or keep it for code that will use it',
        path: `${group}.${key}`,
      });
    }
  }
}
