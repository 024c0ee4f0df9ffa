/** What a first visit to a page downloads: its JavaScript and CSS, gzipped, read from the build. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SiteIndex } from '../schemas/site-index.ts';

/** Per-page budget for first-load JavaScript and CSS, gzipped. */
export const budget = { js: 110 * 1024, css: 20 * 1024 };

/** The weight of one page. */
export interface PageWeight {
  path: string;
  kind: string;
  /** Gzipped bytes of the script files a first visit loads: the HTML's module scripts and preloads, what they import, and the app's files. */
  js: number;
  /**
   * Gzipped bytes of the HTML's inline scripts: the page's own data serialised for hydration.
   * Shown beside the budget, not in it: it is the page's content, and it arrives with the HTML.
   */
  inline: number;
  /**
   * Gzipped bytes of the data files the app hydrates from (`#app-data`, see src/app/router.tsx), fetched with its
   * scripts once the page has painted. Shown beside the budget, not in it: it is the page's content.
   */
  data: number;
  /** Gzipped bytes of the stylesheets the HTML names. */
  css: number;
  files: string[];
}

/** The gzipped size of a built file, as the server sends it. */
export const gzippedSize = (clientDir: string, url: string): number => {
  const file = join(clientDir, url.replace(/^\//, ''));
  // The build writes level-9 .gz copies; their size is what the server sends.
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
};

/** The files a script file imports statically (`import "./x.js"`, `from "./x.js"`), which the browser loads with it. */
function staticImports(clientDir: string, url: string): string[] {
  const code = readFileSync(join(clientDir, url.replace(/^\//, '')), 'utf8');
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => new URL(m[1]!, `http://x${base}`).pathname);
}

/** The scripts given and every script they import, each once. */
function withImports(clientDir: string, urls: string[]): Set<string> {
  const js = new Set<string>();
  const add = (url: string) => {
    if (js.has(url)) return;
    js.add(url);
    for (const imported of staticImports(clientDir, url)) add(imported);
  };
  for (const url of urls) add(url);
  return js;
}

/**
 * The first-load JavaScript, gzipped, of a page whose HTML names these scripts (its script and its app's
 * files, see client-files.ts): what pageWeight counts for a built page, without prerendering one.
 */
export function scriptsWeight(clientDir: string, urls: string[]): number {
  return [...withImports(clientDir, urls)].reduce((n, url) => n + gzippedSize(clientDir, url), 0);
}

/**
 * Measures one built page from its HTML file: its module scripts and module preloads with what they import,
 * and the app's files its script fetches once the page has painted (the build lists them in `#app-files`,
 * see src/app/boot.ts); all of them travel on a first visit.
 */
export function pageWeight(clientDir: string, path: string, htmlFile: string, kind: string): PageWeight {
  const html = readFileSync(join(clientDir, htmlFile), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const appFiles = /<script[^>]*\sid="app-files"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const app = appFiles ? (JSON.parse(appFiles) as string[]) : [];
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[1]!))
    .map((m) => m[2]!)
    .join('\n');
  const js = withImports(clientDir, [...scripts, ...preloads, ...app]);
  const folder = (JSON.parse(/<script[^>]*\sid="app-assets"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}') as { data?: string }).data ?? '/';
  const data = JSON.parse(/<script[^>]*\sid="app-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[];
  return {
    path,
    kind,
    js: [...js].reduce((n, url) => n + gzippedSize(clientDir, url), 0),
    inline: inline ? gzipSync(inline, { level: 9 }).length : 0,
    data: data.reduce((n, name) => n + gzippedSize(clientDir, `${folder}${name}`), 0),
    css: [...new Set(styles)].reduce((n, url) => n + gzippedSize(clientDir, url), 0),
    files: [...js, ...styles],
  };
}

/** One page of every kind in both languages, as the build lists them in site.json. */
export function measureKinds(distDir: string): PageWeight[] {
  const site = SiteIndex.parse(JSON.parse(readFileSync(join(distDir, 'site.json'), 'utf8')));
  return Object.entries(site.kinds).flatMap(([kind, paths]) => paths.map((path) => pageWeight(join(distDir, 'client'), path, site.pages[path]!, kind)));
}

/** The pages over budget, as sentences. */
export function overBudget(weights: PageWeight[], limits = budget): string[] {
  return weights.flatMap((w) => [
    ...(w.js > limits.js ? [`${w.path} (${w.kind}) loads ${kb(w.js)} of JavaScript; the budget is ${kb(limits.js)}`] : []),
    ...(w.css > limits.css ? [`${w.path} (${w.kind}) loads ${kb(w.css)} of CSS; the budget is ${kb(limits.css)}`] : []),
  ]);
}

/** Bytes as kilobytes with one decimal. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A printable table of page weights. */
export function weightTable(weights: PageWeight[]): string {
  const rows = weights.map(
    (w) => `  ${w.kind.padEnd(20)} ${w.path.padEnd(52)} ${kb(w.js).padStart(9)} ${kb(budget.js - w.js).padStart(10)} ${kb(w.css).padStart(9)} ${kb(w.inline).padStart(12)} ${kb(w.data).padStart(10)}`,
  );
  return [
    `  ${'kind'.padEnd(20)} ${'page'.padEnd(52)} ${'JS (gz)'.padStart(9)} ${'JS margin'.padStart(10)} ${'CSS (gz)'.padStart(9)} ${'inline (gz)'.padStart(12)} ${'data (gz)'.padStart(10)}`,
    ...rows,
  ].join('\n');
}
