/**
 * Builds the site into dist/: checks the content and writes the manifest, bundles the browser and
 * server code with Vite, prerenders every page in both languages (plus the not-found pages) to
 * static HTML, and writes sitemap.xml, robots.txt, the per-page CSP hashes, site.json and
 * precompressed .br and .gz copies of every text file.
 * Usage: npm run build
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, mergeConfig } from 'vite';
import { siteConfig } from '../vite.config.ts';
import type { Assets } from '../src/app/router.tsx';
import { languages, type Lang } from '../schemas/common.ts';
import type { SiteIndex } from '../schemas/site-index.ts';
import { langOfPath, localizePath } from '../src/shared/paths.ts';
import { formatReport, generate } from './content/index.ts';
import { listRoutes, type RouteRecord } from './content/emit.ts';
import { writeFeeds } from './feeds.ts';
import { formsSettings } from './content/forms-settings.ts';
import { measureKinds, overBudget } from './page-weight.ts';

const root = process.cwd();
const dist = join(root, 'dist');
const client = join(dist, 'client');

/** Pages rendered to files that no route owns: the not-found pages of each language. */
const extraPages: Record<'notFound' | 'articleNotFound', Record<Lang, readonly [path: string, file: string]>> = {
  notFound: { en: ['/__not-found__', '404.html'], nl: ['/nl/__not-found__', 'nl/404.html'] },
  articleNotFound: { en: ['/blog/__not-found__', 'blog/404.html'], nl: ['/nl/blog/__not-found__', 'nl/blog/404.html'] },
};

async function main() {
  const started = performance.now();
  const checked = generate({ root });
  if (checked.diagnostics.some((d) => d.severity === 'error')) {
    console.error(formatReport(checked.diagnostics.filter((d) => d.severity === 'error'), 'pretty', checked.files));
    process.exit(1);
  }
  rmSync(dist, { recursive: true, force: true });

  // The content was checked and the manifest written above: the bundles build from them as they are.
  const config = siteConfig({ contentChecked: true });
  await build(mergeConfig(config, { configFile: false, logLevel: 'warn', build: { outDir: client, manifest: true, rollupOptions: { input: join(root, 'src/app/entry-client.tsx') } } }));
  await build(mergeConfig(config, { configFile: false, logLevel: 'warn', build: { outDir: join(dist, 'server'), ssr: join(root, 'src/app/entry-server.tsx'), copyPublicDir: false } }));

  const assets = clientAssets();
  const { render } = (await import(pathToFileURL(join(dist, 'server', 'entry-server.js')).href)) as {
    render: (request: Request, assets: Assets) => Promise<Response>;
  };

  const routes = listRoutes(checked.model);
  const site: SiteIndex = {
    pages: {},
    notFound: { en: extraPages.notFound.en[1], nl: extraPages.notFound.nl[1] },
    articleNotFound: { en: extraPages.articleNotFound.en[1], nl: extraPages.articleNotFound.nl[1] },
    redirects: checked.model.redirects.flatMap((e) => e.data.redirects).flatMap((r) => languages.map((lang) => ({ from: localizePath(r.from, lang), to: localizePath(r.to, lang) }))),
    csp: {},
    kinds: {},
    forms: formsSettings(checked.model),
  };
  const origin = checked.model.site!.data.url;

  const renderTo = async (path: string, file: string, expected: number) => {
    const response = await render(new Request(`${origin}${path}`), assets);
    const html = await response.text();
    if (response.status !== expected) throw new Error(`${path} rendered with status ${response.status}, expected ${expected}`);
    const target = join(client, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, html.startsWith('<!DOCTYPE') ? html : `<!DOCTYPE html>${html}`);
    site.csp[file] = inlineScriptHashes(html);
  };

  for (const route of routes) {
    const file = route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`;
    await renderTo(route.path, file, 200);
    site.pages[route.path] = file;
    const kind = (site.kinds[route.template] ??= []);
    if (!kind.some((p) => langOfPath(p) === route.lang)) kind.push(route.path);
  }
  for (const group of Object.values(extraPages)) {
    for (const [path, file] of Object.values(group)) await renderTo(path, file, 404);
  }

  writeFileSync(join(client, 'sitemap.xml'), sitemap(routes, origin));
  writeFeeds(checked.model, client);
  writeFileSync(join(client, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
  writeFileSync(join(dist, 'site.json'), `${JSON.stringify(site, null, 2)}\n`);
  const compressed = precompress(client);

  // Sizes are deterministic, so a page over its budget fails the build.
  const over = overBudget(measureKinds(dist));
  if (over.length) {
    console.error(`over budget (npm run bench:size shows every page):\n  ${over.join('\n  ')}`);
    process.exit(1);
  }

  console.log(`built ${Object.keys(site.pages).length} pages and 4 not-found pages into dist/ (${compressed} files precompressed) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The entry script, the stylesheet and each template's chunks, from Vite's client manifest. */
function clientAssets(): Assets {
  type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
  const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entryChunks = closure(entryKey);
  const url = (file: string) => `/${file}`;
  const preloads: Assets['preloads'] = {
    shell: [...entryChunks].filter((k) => k !== entryKey).map((k) => url(manifest[k]!.file)),
  };
  for (const key of Object.keys(manifest)) {
    const match = /^src\/(?:templates\/([a-z0-9-]+)\.tsx|generated\/(shell)\.(en|nl)\.ts)$/.exec(key);
    if (!match?.[1]) continue;
    preloads[match[1] as keyof Assets['preloads']] = [...closure(key)].filter((k) => !entryChunks.has(k)).map((k) => url(manifest[k]!.file));
  }
  return {
    styles: [...entryChunks].flatMap((k) => manifest[k]!.css ?? []).map(url),
    scripts: [url(manifest[entryKey]!.file)],
    preloads,
  };
}

/** sha256 CSP sources of the inline scripts a page runs (JSON data blocks do not run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\stype="([^"]*)"/.exec(match[1]!)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(`sha256-${createHash('sha256').update(match[2]!).digest('base64')}`);
  }
  return [...new Set(hashes)];
}

function sitemap(routes: RouteRecord[], origin: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const entries = routes.map((r) => {
    const en = r.lang === 'en' ? r.path : r.alternate;
    const nl = r.lang === 'nl' ? r.path : r.alternate;
    return [
      '  <url>',
      `    <loc>${escape(origin + r.path)}</loc>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${escape(origin + en)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="nl" href="${escape(origin + nl)}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escape(origin + en)}"/>`,
      '  </url>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Writes .br and .gz beside every text file, so the server never compresses on the fly. */
function precompress(dir: string): number {
  let count = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) {
        if (name !== '.vite') walk(abs);
        continue;
      }
      if (!/\.(html|js|css|svg|xml|txt|json|webmanifest|atom)$/.test(name)) continue;
      const body = readFileSync(abs);
      writeFileSync(`${abs}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      writeFileSync(`${abs}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  };
  walk(dir);
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
