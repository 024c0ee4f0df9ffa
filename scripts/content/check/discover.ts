/**
 * Finding and reading the files of content/: the site-wide files at its top, then one file per entry in each
 * collection folder (the file name is the slug or id), each parsed and validated, what is not read reported.
 */
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, sep } from 'node:path';
import type { z } from 'zod';
import type { Glossary, Navigation, Redirects, SiteSettings, UiDictionary } from '../../../schemas/index.ts';
import { capitalsInName, ignoredName, misplacedFolder, nameMismatch, unknownEntryFile, unknownTopFile } from '../rules/files.ts';
import { validRedirects } from '../rules/redirects.ts';
import { glossaryAsRead } from '../rules/style.ts';
import { validate } from '../validate.ts';
import { collections, isRecord, ownPath, singles, type CollectionName, type Entry, type Scanned, type SingleName } from './model.ts';
import { publishedListName } from '../published.ts';
import { translationLockName } from '../translations.ts';
import type { CheckRun } from './run.ts';

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The top-level key of a diagnostic's YAML path (`phone` of `phone.display`, `hours` of `hours[2].opens`). */
const topKey = (path = '') => /^[^.[]*/.exec(path)![0];

/**
 * The site-wide files at the top of content/, and anything there the site does not read. A valid file goes
 * into the model (the glossary into the run); one that failed its schema waits in `run.invalidSingles`, as it
 * was read, and gives the run what can be read of it.
 */
export function readSingles(run: CheckRun): void {
  const { contentDir, model } = run;
  for (const dirent of readdirSync(contentDir, { withFileTypes: true }).sort(byName)) {
    const name = dirent.name;
    const abs = join(contentDir, name);
    if (ignoredName.test(name)) continue;
    if (dirent.isDirectory()) {
      if (!(name in collections)) misplacedFolder(run, abs, name, Object.keys(collections));
      continue;
    }
    // The URLs a release published (published.ts), checked once every page is known.
    if (name === publishedListName || name === translationLockName) continue;
    if (unknownTopFile(run, abs, name)) continue;
    const source = run.read(abs);
    if (!source) continue;
    const key = name as SingleName;
    const result = validate(source, singles[key].schema as z.ZodType);
    run.diagnostics.push(...result.diagnostics);
    const scanned: Scanned = { source, data: result.data ?? source.data, valid: result.data !== undefined, collection: 'singles' };
    source.data = undefined;
    if (!scanned.valid) {
      // Scanned with the others at the end, when every page a link may name is known.
      run.invalidSingles.push(scanned);
      // What can be read of it still serves the other files' rules.
      if (key === 'redirects.yaml') run.redirects.push(validRedirects(source, scanned.data));
      if (key === 'glossary.yaml') run.glossary = glossaryAsRead(scanned.data);
      if (key === 'site.yaml' && isRecord(scanned.data)) run.siteAsRead = { data: scanned.data, broken: new Set(result.diagnostics.map((d) => topKey(d.path))) };
      continue;
    }
    const entry = { source, data: result.data };
    if (key === 'glossary.yaml') run.glossary = result.data as Glossary;
    else if (key === 'site.yaml') model.site = entry as Entry<SiteSettings>;
    else if (key === 'navigation.yaml') model.navigation = entry as Entry<Navigation>;
    else if (key === 'ui.yaml') model.ui = entry as Entry<UiDictionary>;
    else {
      model.redirects.push(entry as Entry<Redirects>);
      run.redirects.push(entry as Entry<Redirects>);
    }
  }
}

/**
 * The files of each collection folder, read, validated and (all but pages) scanned as they come, so a large
 * site is checked without holding all of it. Gives the pages, which are scanned last, when every page is known.
 */
export function readCollections(run: CheckRun, scan: (entry: Scanned) => void): Scanned[] {
  const { contentDir, model, routes } = run;
  const pages: Scanned[] = [];
  // Each folder is listed once: the services' and articles' names give their routes before any file is read.
  const listed = new Map<string, Dirent[]>();
  const list = (collection: string) => {
    let entries = listed.get(collection);
    if (!entries) {
      const dir = join(contentDir, collection);
      entries = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
      listed.set(collection, entries);
    }
    return entries;
  };
  for (const [collection, prefix] of [
    ['services', '/services/'],
    ['articles', '/blog/'],
  ] as const) {
    for (const { name } of list(collection)) if (name.endsWith('.yaml')) routes.add(`${prefix}${name.slice(0, -'.yaml'.length).toLowerCase()}`);
  }
  for (const [collection, { schema, key }] of Object.entries(collections) as [CollectionName, (typeof collections)[CollectionName]][]) {
    const dir = join(contentDir, collection);
    const entries = [...list(collection)].sort(byName);
    for (const dirent of entries) {
      const name = dirent.name;
      // As join() gives it: a folder's entry names hold no separator and are never "." or "..".
      const abs = `${dir}${sep}${name}`;
      if (ignoredName.test(name)) continue;
      if (dirent.isDirectory()) {
        misplacedFolder(run, abs, name, [], collection);
        continue;
      }
      if (unknownEntryFile(run, abs, name, collection)) continue;
      // A name with capitals (a file renamed in case only) is reported once; the entry is read as its lower-case name.
      const stem = name.slice(0, -'.yaml'.length).toLowerCase();
      if (stem !== name.slice(0, -'.yaml'.length)) capitalsInName(run, abs, name, stem);
      const source = run.read(abs);
      if (!source) {
        run.brokenSlugs[collection].add(stem);
        // A page that cannot be parsed still says its path on a line of its own: links to it are not
        // reported as broken beside the file's own error, which is the one to fix.
        const path = collection === 'pages' ? /^path:[ \t]*(['"]?)(\/[^\s'"#]*)\1[ \t]*(?:#.*)?$/m.exec(readFileSync(abs, 'utf8'))?.[2] : undefined;
        if (path) {
          run.unreadablePages.add(path);
          routes.add(path);
        }
        continue;
      }
      const result = validate(source, schema as z.ZodType);
      run.diagnostics.push(...result.diagnostics);
      const declared = (source.data as Record<string, unknown> | null)?.[key];
      const scanned: Scanned = { source, data: result.data ?? source.data, valid: result.data !== undefined, collection };
      // The validated copy replaces the parsed data; holding both would double the memory of a large site.
      source.data = undefined;
      if (typeof declared === 'string' && declared !== stem) nameMismatch(run, source, key, stem, declared);
      if (!scanned.valid || declared !== stem) {
        run.brokenSlugs[collection].add(stem);
        if (typeof declared === 'string') run.brokenSlugs[collection].add(declared);
      } else (model[collection] as Map<string, Entry<unknown>>).set(stem, { source, data: scanned.data });
      if (collection === 'pages') {
        const path = ownPath(scanned.data, 'pages');
        if (path) routes.add(path);
        pages.push(scanned);
        continue;
      }
      scan(scanned);
      // The facts hold on to the scanned file: its data, once checked, would otherwise stay in memory to the end.
      scanned.data = undefined;
      if (!scanned.valid) source.release();
      else if (!run.retain) {
        const entry = (model[collection] as Map<string, Entry<unknown>>).get(stem);
        if (entry) entry.data = undefined;
        source.release();
      }
    }
  }
  return pages;
}
