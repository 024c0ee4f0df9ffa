/**
 * The Vite bundles of an earlier build, kept with what they were made from, so a build whose code and
 * content did not change copies them instead of bundling again (a second or more on two cores, most of a
 * warm build's time at some hundred pages).
 *
 * A bundle's inputs are every file Vite read for it (recorded by a plugin as the bundle is made), the
 * names of the files beside each of them (a glob import meets a new file there), every file under the
 * source folders (Tailwind reads them all for class names, and a new file can be imported by a changed
 * one), the lock file for the packages, and the options it was built with. A file's bytes count, not its
 * time: a checkout that touches every file costs one hash of each, not a rebuild.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { Plugin } from 'vite';

/** What a cached bundle was made from: the files Vite read and the folders around them, by hash. */
interface Inputs {
  /** The hash of the fixed inputs: options, lock file, the source folders' files. */
  fixed: string;
  /** Each file Vite read outside node_modules, by the hash of its bytes. */
  files: { [file: string]: string };
  /** Each folder holding such a file, by the hash of the names in it. */
  folders: { [folder: string]: string };
  /** The folder in the slot that holds the bundle's copy. */
  copy: string;
}

/** Records the files a bundle reads: add `plugin` to the bundle's Vite config, read `files` once it is made. */
export class InputRecorder {
  readonly files = new Set<string>();
  readonly plugin: Plugin;

  /** `originals` names the file a plugin's own module is made from (a photograph's original for its `\0photo:` module). */
  constructor(originals: (id: string) => string | undefined = () => undefined) {
    const files = this.files;
    this.plugin = {
      name: 'bundle-cache:inputs',
      // Every module the bundle loaded, once it has them all; the packages count by the lock file.
      buildEnd() {
        for (const id of this.getModuleIds()) {
          const file = originals(id) ?? (id.startsWith('\0') ? undefined : id.split('?')[0]);
          if (!file || !isAbsolute(file) || /[\\/]node_modules[\\/]/.test(file) || !existsSync(file)) continue;
          files.add(file);
        }
      },
    };
  }
}

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url');

function fileHash(file: string): string | undefined {
  try {
    return sha(readFileSync(file));
  } catch {
    return undefined;
  }
}

function folderHash(folder: string): string | undefined {
  try {
    return sha(readdirSync(folder).sort().join('\0'));
  } catch {
    return undefined;
  }
}

/** Every file under these folders with its bytes, and every folder's names: a hash that changes with any file added, removed or edited. */
export function treeHash(folders: string[], skip: (path: string) => boolean = () => false): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch {
      hash.update(`${dir}\0missing\0`);
      return;
    }
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      if (skip(abs)) continue;
      if (entry.isDirectory()) walk(abs);
      else hash.update(`${abs}\0`).update(readFileSync(abs));
    }
  };
  for (const folder of folders) walk(folder);
  return hash.digest('base64url');
}

// `import ... from`, `export ... from`, `import(...)` and `import '...'` with a relative specifier.
const relativeImports = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

/**
 * The code a module runs and every module it imports by a relative path, by hash: for the configuration and
 * its plugins, which Vite runs rather than bundles (the packages they import count by the lock file).
 */
export function codeHash(entry: string): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    hash.update(`${file}\0`).update(code);
    for (const match of code.matchAll(relativeImports)) {
      const target = join(dirname(file), match[2]!);
      const found = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (found) visit(found);
    }
  };
  visit(entry);
  return hash.digest('base64url');
}

/**
 * A bundle made by `make` into `outDir`, or copied from the cache in `cacheDir` when every input is as it
 * was when the cached copy was made. `make` bundles with the recorder's plugin among its plugins. `slot`
 * names what is built (the bundle and the site it is built from): each slot keeps its last bundle, so the
 * test fixtures' builds and the site's do not push each other out. Builds running at once may share a slot:
 * a copy is written under a name of its own and named in the record in one step, and a copy that goes
 * while it is read is made again. Resolves to whether the bundle came from the cache, and a name for its inputs.
 */
export async function cachedBundle(options: {
  cacheDir: string;
  slot: string;
  outDir: string;
  fixed: string[];
  make: (recorder: InputRecorder) => Promise<void>;
  originals?: (id: string) => string | undefined;
}): Promise<{ cached: boolean; id: string }> {
  const { outDir } = options;
  const dir = join(options.cacheDir, sha(options.slot).slice(0, 16));
  const fixed = sha(options.fixed.join('\0'));
  const recordFile = join(dir, 'inputs.json');
  const record = readRecord(recordFile);
  if (record && record.fixed === fixed && unchanged(record)) {
    try {
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(dirname(outDir), { recursive: true });
      cpSync(join(dir, record.copy), outDir, { recursive: true });
      const now = new Date();
      utimesSync(dir, now, now);
      return { cached: true, id: idOf(record) };
    } catch {
      // Gone while it was read (another build replaced it): made below.
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  const recorder = new InputRecorder(options.originals);
  await options.make(recorder);
  const files: Inputs['files'] = {};
  const folders: Inputs['folders'] = {};
  for (const file of [...recorder.files].sort()) {
    files[file] = fileHash(file) ?? '';
    folders[dirname(file)] ??= folderHash(dirname(file)) ?? '';
  }
  const made: Omit<Inputs, 'copy'> = { fixed, files, folders };
  const copy = `bundle-${sha(`${process.pid}\0${performance.now()}\0${Math.random()}`).slice(0, 12)}`;
  mkdirSync(dir, { recursive: true });
  cpSync(outDir, join(dir, copy), { recursive: true });
  const temp = `${recordFile}.${copy}`;
  writeFileSync(temp, JSON.stringify({ ...made, copy } satisfies Inputs));
  renameSync(temp, recordFile);
  prune(options.cacheDir, dir, copy);
  return { cached: false, id: idOf(made) };
}

/**
 * Keeps the cache small: in this slot, the copies no record names that are older than a build (another
 * build may still read one); of the slots, the ten used last.
 */
function prune(cacheDir: string, slot: string, kept: string): void {
  const old = Date.now() - 10 * 60 * 1000;
  const stale = (path: string, before: number) => {
    try {
      return statSync(path).mtimeMs < before;
    } catch {
      return false;
    }
  };
  for (const name of readdirSync(slot)) {
    if (name.startsWith('bundle-') && name !== kept && stale(join(slot, name), old)) rmSync(join(slot, name), { recursive: true, force: true });
  }
  const slots = readdirSync(cacheDir)
    .map((name) => ({ name, used: statOrZero(join(cacheDir, name)) }))
    .sort((a, b) => b.used - a.used);
  for (const { name } of slots.slice(10)) rmSync(join(cacheDir, name), { recursive: true, force: true });
}

function statOrZero(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** A name for everything a bundle was made from: the same name, the same bundle. */
const idOf = ({ fixed, files, folders }: Omit<Inputs, 'copy'>) => sha(JSON.stringify({ fixed, files, folders }));

function readRecord(file: string): Inputs | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Inputs;
  } catch {
    return undefined;
  }
}

function unchanged(record: Inputs): boolean {
  for (const [file, hash] of Object.entries(record.files)) if (fileHash(file) !== hash) return false;
  for (const [folder, hash] of Object.entries(record.folders)) if (folderHash(folder) !== hash) return false;
  return true;
}
