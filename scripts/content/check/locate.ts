/** Helpers the rules share that read no state of a run: where a snippet of a text stands in its file, and the files of a folder. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PathSegment, SourceFile } from '../source.ts';

/**
 * Where `snippet`, found at `at` in a text's value, stands in the YAML source: the value and its source
 * differ when YAML folds lines or unescapes, so the snippet is searched for in the node's own range.
 */
export function offsetInSource(source: SourceFile, path: readonly PathSegment[], value: string, snippet: string, at: number): number | undefined {
  const range = source.range(path);
  if (!range) return undefined;
  const raw = source.text;
  // The same snippet may come more than once in the value: take the occurrence of the same rank.
  let rank = 0;
  for (let i = value.indexOf(snippet); i !== -1 && i < at; i = value.indexOf(snippet, i + 1)) rank++;
  let found = raw.indexOf(snippet, range[0]);
  for (let n = 0; n < rank && found !== -1; n++) found = raw.indexOf(snippet, found + 1);
  return found !== -1 && found < range[1] ? found : undefined;
}

/** Every file under a folder, by its path inside it (none when the folder is missing). */
export function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? listFiles(join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`]));
}
