/**
 * What the client build made, read from Vite's client manifest: the page's one script, its stylesheet and
 * app entry, and the files of each kind of page's app. The build writes them into every page; the
 * first-load test and the benchmarks read them to weigh a kind of page without prerendering it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserConfig } from 'vite';
import type { Assets } from '../src/app/router.tsx';

const root = process.cwd();

/** Bundles the app for the browser into `outDir`, with the manifest the build reads the page's files from. */
export async function buildClient(config: UserConfig, outDir: string): Promise<void> {
  // Loaded here, so a build that takes its bundles from the cache never loads Vite.
  const { build, mergeConfig } = await import('vite');
  await build(
    mergeConfig(config, { configFile: false, logLevel: 'warn', build: { outDir, manifest: true, rollupOptions: { input: [join(root, 'src/app/boot.ts'), join(root, 'src/app/entry-client.tsx')] } } }),
  );
}

/** What the client build made: what every page names (its script, stylesheet and app), and the files of each kind of page's app. */
export interface ClientFiles {
  assets: Assets;
  /** The app's own files (`shell`) and each template's beside them, which boot.ts fetches once a page has painted. */
  app: Record<string, string[]>;
}

/**
 * The page's one script (boot.ts), the stylesheet and the app's entry, and the files of each kind of
 * page's app (the browser entry with its imports, and each template's own), from Vite's client manifest.
 */
export function clientFiles(client: string): ClientFiles {
  type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
  const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  // A chunk and every chunk it imports, each after the chunks it imports (the order boot.ts runs them in).
  const closure = (key: string): Set<string> => {
    const visited = new Set<string>();
    const ordered = new Set<string>();
    const visit = (k: string) => {
      if (visited.has(k)) return;
      visited.add(k);
      for (const next of manifest[k]?.imports ?? []) visit(next);
      ordered.add(k);
    };
    visit(key);
    return ordered;
  };
  const [bootKey, appKey] = ['src/app/boot.ts', 'src/app/entry-client.tsx'];
  for (const key of [bootKey, appKey]) if (!manifest[key]?.isEntry) throw new Error(`the client build has no entry ${key}`);
  // What the browser loads with boot.ts itself is never fetched twice.
  const withBoot = closure(bootKey);
  const shell = [...closure(appKey)].filter((k) => !withBoot.has(k));
  const url = (file: string) => `/${file}`;
  const app: ClientFiles['app'] = { shell: shell.map((k) => url(manifest[k]!.file)) };
  for (const key of Object.keys(manifest)) {
    const template = /^src\/templates\/([a-z0-9-]+)\.tsx$/.exec(key)?.[1];
    if (!template) continue;
    app[template] = [...closure(key)].filter((k) => !withBoot.has(k) && !shell.includes(k)).map((k) => url(manifest[k]!.file));
  }
  return {
    assets: { styles: [...withBoot].flatMap((k) => manifest[k]!.css ?? []).map(url), scripts: [url(manifest[bootKey]!.file)], app: url(manifest[appKey]!.file) },
    app,
  };
}

/** The element that lists a page's app files for boot.ts (a JSON block, which never runs). */
export function appFilesElement(files: ClientFiles['app'], template: string): string {
  const list = [...(files.shell ?? []), ...(files[template] ?? [])];
  return `<script type="application/json" id="app-files">${JSON.stringify(list).replace(/</g, '\\u003c')}</script>`;
}

/** The element that lists the data files (in the build's data folder) a page's app hydrates from, for boot.ts and the browser entry. */
export function dataFilesElement(files: string[]): string {
  return `<script type="application/json" id="app-data">${JSON.stringify(files).replace(/</g, '\\u003c')}</script>`;
}

/** The scripts a first visit to a page of this template fetches, before what they import: the page's script and its app's files. */
export function firstLoadScripts(files: ClientFiles, template: string): string[] {
  return [...files.assets.scripts, ...(files.app.shell ?? []), ...(files.app[template] ?? [])];
}
