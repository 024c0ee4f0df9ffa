/** Rules about the files of content/: which are read, which are missing, and whether each is named after what it declares. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../check/locate.ts';
import { collections, requiredPages, singles, type CollectionName, type Scanned } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import type { SourceFile } from '../source.ts';
import { didYouMean } from '../suggest.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'content/empty-file': { severity: 'error', description: 'The file is empty.' },
  'content/missing-file': { severity: 'error', description: 'A file every site needs (`site.yaml`, `navigation.yaml`, `ui.yaml`) or the content folder itself is missing.' },
  'content/missing-page': { severity: 'error', description: 'A page every site needs (home, about, contact, ...) has no file in `content/pages/`.' },
  'content/unknown-file': {
    severity: 'error',
    also: { severity: 'warning', when: 'for a file that is not YAML, or a folder without YAML' },
    description:
      'A file is not where the site reads it: a YAML file anywhere else (the top of `content/`, a misspelt or nested folder) is an error, since nothing in it is published. System and editor files (`.DS_Store`, `*~`, `.swp`) are passed over.',
  },
  'content/file-name': {
    severity: 'error',
    description: 'A content file ends in `.yml` or `.YAML` (the site reads only `.yaml`), or has capitals in its name (`Zirconia.yaml`, reported once; its links still lead to its page).',
  },
  'file/name-mismatch': { severity: 'error', description: 'A slug or id differs from its file name.' },
  'slug/duplicate': { severity: 'error', description: 'Two pages share a path (reported on both files), or a page takes a path reserved for services and articles.' },
});

/** What an editor or an operating system leaves beside files, which the check passes over without a word. */
export const ignoredName = /^(\.DS_Store|Thumbs\.db|desktop\.ini|\.#.*|#.*#|.*~|.*\.sw[a-p]|\.gitkeep)$/i;

/** A name that is meant as YAML, in any case: `.yaml`, `.yml`, `.YAML`. */
export function isYamlName(name: string): boolean {
  return /\.ya?ml$/i.test(name);
}

/** A folder the site does not read: an error when it holds YAML (an author believes it is published). */
export function misplacedFolder(run: CheckRun, abs: string, name: string, folders: string[], parent?: string): void {
  const yaml = listFiles(abs).filter((file) => isYamlName(file) && !ignoredName.test(file.split('/').pop()!));
  const where = parent ? `content/${parent}/${name}/` : `content/${name}/`;
  const hint = parent ? `move its files into content/${parent}/ itself: the site does not read subfolders` : didYouMean(name, folders) || `content folders are: ${folders.join(', ')}`;
  if (yaml.length === 0) return run.fileProblem(run.rel(abs), 'content/unknown-file', `the folder ${where} is not read by the site`, hint, 'warning');
  for (const file of yaml) run.fileProblem(run.rel(join(abs, file)), 'content/unknown-file', `this file is not read by the site: ${where} is not a content folder`, hint);
}

/** A file at the top of content/ that the site does not read; true when it is one. */
export function unknownTopFile(run: CheckRun, abs: string, name: string): boolean {
  if (!isYamlName(name)) {
    run.fileProblem(run.rel(abs), 'content/unknown-file', `"${name}" is not read by the site`, 'content/ holds only YAML files; keep notes elsewhere', 'warning');
    return true;
  }
  if (name in singles) return false;
  const lower = name.replace(/\.ya?ml$/i, '.yaml');
  const suggestion =
    lower in singles
      ? `rename it to ${lower}`
      : didYouMean(lower, Object.keys(singles)) ||
        `the files read here are ${Object.keys(singles).join(', ')}; a service, article, page or testimonial goes in its folder (${Object.keys(collections).join(', ')})`;
  run.fileProblem(run.rel(abs), 'content/unknown-file', `"${name}" is not read by the site, so nothing in it is published`, suggestion);
  return true;
}

/** A file in a collection folder that is not `.yaml`; true when it is one. */
export function unknownEntryFile(run: CheckRun, abs: string, name: string, collection: CollectionName): boolean {
  if (name.endsWith('.yaml')) return false;
  if (isYamlName(name)) run.fileProblem(run.rel(abs), 'content/file-name', `"${name}" is not read: content files end in ".yaml", in lower case`, `rename it to ${name.replace(/\.ya?ml$/i, '.yaml')}`);
  else run.fileProblem(run.rel(abs), 'content/unknown-file', `"${name}" is not read by the site`, `content/${collection}/ holds only .yaml files`, 'warning');
  return true;
}

/** A file whose name has capitals: its entry is read as the lower-case name, and this is reported once. */
export function capitalsInName(run: CheckRun, abs: string, name: string, stem: string): void {
  run.fileProblem(run.rel(abs), 'content/file-name', `"${name}" has capitals in its name: content file names are in lower case, so it is read as "${stem}.yaml"`, `rename it to ${stem}.yaml`);
}

/** An entry whose slug or id is not its file's name. */
export function nameMismatch(run: CheckRun, source: SourceFile, key: string, stem: string, declared: string): void {
  run.at(
    { source },
    [key],
    'file/name-mismatch',
    `the file is named "${stem}" but declares ${key} "${declared}"`,
    `the ${key} and the file name must be the same: rename the file to ${declared}.yaml or change the ${key}`,
  );
}

/** Every site-wide file a site needs, and every page. */
export function checkRequiredFiles(run: CheckRun): void {
  for (const [name, { required }] of Object.entries(singles)) {
    if (required && !existsSync(join(run.contentDir, name))) {
      run.fileProblem(run.rel(join(run.contentDir, name)), 'content/missing-file', `content/${name} is missing`, 'every site needs this file; see the README');
    }
  }
}

/** Every page every site needs has its file (one that failed its schema counts). */
export function checkRequiredPages(run: CheckRun): void {
  for (const id of requiredPages) {
    if (!run.model.pages.has(id) && !run.brokenSlugs.pages.has(id)) {
      run.fileProblem(`${run.rel(run.contentDir)}/pages/${id}.yaml`, 'content/missing-page', `the page "${id}" has no file`, `create content/pages/${id}.yaml (see schemas/page.ts)`);
    }
  }
}

/** Every page has a path of its own, outside those of services and articles; adds each to the known paths. */
export function checkPagePaths(run: CheckRun, known: Set<string>): void {
  const byPath = new Map<string, Scanned>();
  for (const { entry, path } of run.facts.pagePaths) {
    known.add(path);
    const other = byPath.get(path);
    if (other) {
      // Either file may be the one that changed: both are named.
      run.at(entry, ['path'], 'slug/duplicate', `the path "${path}" is also used by ${other.source.file}`, 'give every page its own path');
      run.at(other, ['path'], 'slug/duplicate', `the path "${path}" is also used by ${entry.source.file}`, 'give every page its own path');
    } else if (/^\/(services|blog)\//.test(path)) run.at(entry, ['path'], 'slug/duplicate', `the path "${path}" is reserved for services and articles`, 'choose another path');
    byPath.set(path, entry);
  }
}
