/**
 * The search's cost: the index's size per language (what only that language's visitors can fetch, and the
 * files both share), and, in headless Chromium against the production server on a throttled connection
 * (DevTools' "Fast 3G": 562.5 ms latency, 1.6 Mbit/s down, 0.75 Mbit/s up), what a first search downloads
 * and how long it takes, from a fresh visit of the home page in each language: the click on the search
 * button to the dialog, and the first key typed to the first result shown (the dialog waits 250 ms after
 * typing stops). Builds first when dist/ is missing. Chromium comes from CHROMIUM_PATH (default /usr/bin/chromium).
 * Usage: npm run bench:search [-- --runs=3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createLogger } from '../src/server/log.ts';
import { startServer, stopServer } from '../src/server/server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs) || 3);
const dist = join(process.cwd(), 'dist');
if (!existsSync(join(dist, 'site.json'))) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const searchRoot = join(dist, 'client', 'assets', 'search');
const folder = readdirSync(searchRoot)[0]!;
const indexDir = join(searchRoot, folder);

/** Every file of the index below its folder, with its size as sent (the .br copy where the build made one). */
function indexFiles(): { path: string; sent: number }[] {
  const files: { path: string; sent: number }[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs, `${prefix}${name}/`);
      else if (!/\.(br|gz)$/.test(name)) files.push({ path: `${prefix}${name}`, sent: existsSync(`${abs}.br`) ? statSync(`${abs}.br`).size : statSync(abs).size });
    }
  };
  walk(indexDir, '');
  return files;
}

const files = indexFiles();
const entry = JSON.parse(readFileSync(join(indexDir, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
const ofLang = (lang: string) => files.filter((f) => new RegExp(`(^|/)(wasm\\.${lang}\\.|pagefind\\.${lang}_|${lang}_)`).test(f.path));
const sum = (list: { sent: number }[]) => list.reduce((total, f) => total + f.sent, 0);
const shared = files.filter((f) => !Object.keys(entry.languages).some((lang) => ofLang(lang).includes(f)));

console.log(`search index (dist/client/assets/search/${folder}/), sizes as sent (brotli where the build compresses, Pagefind's own gzip otherwise):`);
console.log(`  shared by both languages: ${kb(sum(shared))} (${shared.map((f) => `${f.path} ${kb(f.sent)}`).join(', ')})`);
for (const [lang, { page_count }] of Object.entries(entry.languages)) {
  const own = ofLang(lang);
  const part = (re: RegExp) => sum(own.filter((f) => re.test(f.path)));
  console.log(
    `  ${lang}: ${page_count} pages, ${kb(sum(own))} in ${own.length} files (WebAssembly with its stemmer ${kb(part(/^wasm\./))}, metadata ${kb(part(/\.pf_meta$/))}, ` +
      `word index ${kb(part(/\.pf_index$/))} in ${own.filter((f) => f.path.endsWith('.pf_index')).length}, page fragments ${kb(part(/\.pf_fragment$/))} in ${own.filter((f) => f.path.endsWith('.pf_fragment')).length})`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-'));
const server = await startServer({ distDir: dist, port: 0, host: '127.0.0.1', logger: createLogger({ level: 'silent' }), dataDir });
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const queries = { en: 'crown', nl: 'kroon' } as const;
try {
  console.log(`\nfirst search on a fresh visit, Fast 3G, median of ${runs} (each run a new browser profile):`);
  for (const lang of ['en', 'nl'] as const) {
    const open: number[] = [];
    const first: number[] = [];
    let bytes: Map<string, number> = new Map();
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      // Pagefind fetches its index from a worker: the context's events see the worker's requests too.
      const sizes = new Map<string, number>();
      const pending: Promise<void>[] = [];
      context.on('requestfinished', (request) => {
        const path = new URL(request.url()).pathname;
        pending.push(request.sizes().then((s) => void sizes.set(path, (sizes.get(path) ?? 0) + s.responseBodySize + s.responseHeadersSize)));
      });
      await page.goto(`${origin}${lang === 'nl' ? '/nl' : '/'}`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      // Throttled from here: what the search itself fetches is measured on the slow line.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9, uploadThroughput: ((750 * 1024) / 8) * 0.9 });
      await Promise.all(pending);
      sizes.clear();
      const clicked = performance.now();
      await page
        .getByRole('banner')
        .getByRole('button', { name: lang === 'nl' ? 'Zoeken op de site' : 'Search the site' })
        .click();
      const box = page.getByRole('combobox');
      await box.waitFor();
      open.push(performance.now() - clicked);
      const typed = performance.now();
      await box.pressSequentially(queries[lang]);
      await page.getByRole('option').first().waitFor({ timeout: 120_000 });
      first.push(performance.now() - typed);
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      bytes = new Map(sizes);
      await context.close();
    }
    const total = [...bytes.values()].reduce((a, b) => a + b, 0);
    const group = (re: RegExp) => [...bytes].filter(([path]) => re.test(path)).reduce((a, [, n]) => a + n, 0);
    console.log(
      `  ${lang} ("${queries[lang]}"): dialog open ${median(open).toFixed(0)} ms after the click; first result ${median(first).toFixed(0)} ms after the first key; ` +
        `downloaded ${kb(total)} in ${bytes.size} requests (dialog code ${kb(group(/\/assets\/search-dialog-/))}, pagefind.js and its worker ${kb(group(/pagefind(-worker)?\.js$/))}, ` +
        `WebAssembly ${kb(group(/\.pagefind$/))}, metadata ${kb(group(/\.pf_meta$|entry\.json$/))}, index ${kb(group(/\.pf_index$/))}, fragments ${kb(group(/\.pf_fragment$/))})`,
    );
  }
} finally {
  await browser.close();
  await stopServer(server, { graceMs: 1000 });
  rmSync(dataDir, { recursive: true, force: true });
}
