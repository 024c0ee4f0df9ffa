/**
 * The state of the Dutch translation, file by file, and the confirmation that a file's Dutch matches its
 * English (scripts/content/translations.ts says how it is kept).
 * Usage: npm run translations                          each file: complete, stale, unconfirmed or missing
 *        npm run translations -- --confirm <path> ...  records each Dutch text of the files as matching its English
 *        [--root=DIR]                                  another project (a test's fixture site)
 * A path is a content file or a folder of them. Exits 2 on a wrong argument or a file that cannot be read.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CORE_SCHEMA, load } from 'js-yaml';
import { englishHash, fileHash, hasDutch, lockKey, readLock, textPairs, translationLockName, writeLock } from './content/translations.ts';

/** Where the command writes. */
export interface Output {
  log: (text: string) => void;
  error: (text: string) => void;
}

/** Every YAML file of a content folder or below a path in it, sorted. */
function yamlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((d) => (d.isDirectory() ? yamlFiles(join(path, d.name)) : d.name.endsWith('.yaml') ? [join(path, d.name)] : []));
}

type Status = 'complete' | 'stale' | 'unconfirmed' | 'missing';

/** Runs the command; returns its exit code. */
export function run(args: string[], output: Output = console): number {
  const usage = 'usage: npm run translations [-- --confirm <file or folder> ...]';
  let values: { confirm?: boolean; root?: string };
  let paths: string[];
  try {
    ({ values, positionals: paths } = parseArgs({ args, allowPositionals: true, options: { confirm: { type: 'boolean' }, root: { type: 'string' } } }));
  } catch (error) {
    output.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (Boolean(values.confirm) !== paths.length > 0) {
    output.error(`${values.confirm ? '--confirm needs the content files or folders to confirm' : `"${paths[0]}": to confirm a file, write --confirm before it`}\n${usage}`);
    return 2;
  }
  const root = resolve(values.root ?? process.cwd());
  const contentDir = join(root, 'content');
  if (!existsSync(contentDir)) {
    output.error(`no content folder at ${contentDir}: run the command from the project root`);
    return 2;
  }
  const lock = readLock(contentDir);
  const key = (abs: string) => relative(contentDir, abs).split(sep).join('/');
  const shown = (abs: string) => relative(root, abs).split(sep).join('/');
  const parse = (text: string, abs: string): unknown => load(text, { schema: CORE_SCHEMA, filename: abs });

  if (values.confirm) {
    for (const given of paths) {
      const path = resolve(root, given);
      if (!existsSync(path) || (path !== contentDir && !path.startsWith(contentDir + sep))) {
        output.error(`"${given}" is not a file or folder in ${shown(contentDir)}/`);
        return 2;
      }
      for (const abs of yamlFiles(path)) {
        let data: unknown;
        const text = readFileSync(abs, 'utf8');
        try {
          data = parse(text, abs);
        } catch (error) {
          output.error(`${shown(abs)} cannot be read (${(error as Error).message.split('\n')[0]}): fix it (npm run check), then confirm it`);
          return 2;
        }
        const pairs = textPairs(data);
        const confirmed = Object.fromEntries(pairs.filter((p) => hasDutch(p.nl)).map((p) => [lockKey(p.path), englishHash(p.en)]));
        const without = pairs.length - Object.keys(confirmed).length;
        lock[key(abs)] = { file: fileHash(text), en: confirmed };
        if (pairs.length) {
          output.log(
            `${shown(abs)}: confirmed ${Object.keys(confirmed).length} Dutch text${Object.keys(confirmed).length === 1 ? '' : 's'}${without ? `; ${without} without Dutch left unconfirmed (write the Dutch, then confirm again)` : ''}`,
          );
        }
      }
    }
    writeLock(contentDir, lock);
    output.log(`wrote ${shown(join(contentDir, translationLockName))}: commit it with the content`);
    return 0;
  }

  const counts: Record<Status, number> = { complete: 0, stale: 0, unconfirmed: 0, missing: 0 };
  for (const abs of yamlFiles(contentDir)) {
    let data: unknown;
    try {
      data = parse(readFileSync(abs, 'utf8'), abs);
    } catch {
      output.log(`${shown(abs).padEnd(64)} cannot be read (npm run check says why)`);
      continue;
    }
    const pairs = textPairs(data);
    if (!pairs.length) continue;
    const recorded = lock[key(abs)]?.en ?? {};
    // A text moved within its file (blocks reordered) keeps its confirmation: its English was confirmed there.
    const confirmedHere = new Set(Object.values(recorded));
    const of: Record<Exclude<Status, 'complete'>, string[]> = { stale: [], unconfirmed: [], missing: [] };
    for (const pair of pairs) {
      const name = lockKey(pair.path);
      if (!hasDutch(pair.nl)) of.missing.push(name);
      else if (confirmedHere.has(englishHash(pair.en))) continue;
      else if (recorded[name] === undefined) of.unconfirmed.push(name);
      else if (recorded[name] !== englishHash(pair.en)) of.stale.push(name);
    }
    const status: Status = of.missing.length ? 'missing' : of.stale.length ? 'stale' : of.unconfirmed.length ? 'unconfirmed' : 'complete';
    counts[status]++;
    const detail = (['missing', 'stale', 'unconfirmed'] as const)
      .filter((s) => of[s].length)
      .map((s) => `${of[s].length} ${s}: ${of[s].slice(0, 4).join(', ')}${of[s].length > 4 ? ', ...' : ''}`)
      .join('; ');
    output.log(`${shown(abs).padEnd(64)} ${status.padEnd(12)} ${pairs.length} text${pairs.length === 1 ? '' : 's'}${detail ? ` (${detail})` : ''}`);
  }
  output.log(
    `\n${counts.complete} complete, ${counts.stale} stale, ${counts.unconfirmed} with texts never confirmed, ${counts.missing} missing Dutch.` +
      (counts.stale || counts.unconfirmed ? ' After checking the Dutch of a file against its English: npm run translations -- --confirm <file>' : ''),
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exit(run(process.argv.slice(2)));
