/**
 * Lighthouse (mobile) on the production build: the home page, a service, an article and the
 * appointment page in both languages, three runs each, printing each page's median scores and its
 * LCP, TBT and CLS. Target: performance at least 95; accessibility, best practices and SEO 100.
 * Builds first when dist/ is missing. Chromium comes from CHROME_PATH (default /usr/bin/chromium).
 * Usage: npm run bench:lighthouse [-- --runs=3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createLogger } from '../src/server/log.ts';
import { startServer, stopServer } from '../src/server/server.ts';
import { localizePath } from '../src/shared/paths.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const dist = join(process.cwd(), 'dist');
if (!existsSync(join(dist, 'site.json'))) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const pages = ['/', '/services/zirconia', '/blog/cad-cam-techniques-in-dental-prosthetics', '/appointment'].flatMap((p) => [p, localizePath(p, 'nl')]);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets: Record<(typeof categories)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

// The forms API needs a data folder; nothing is submitted during the run.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const server = await startServer({ distDir: dist, port: 0, host: '127.0.0.1', logger: createLogger({ level: 'silent' }), dataDir });
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
let missed = 0;
console.log(`Lighthouse ${runs}x per page, mobile, median (target: performance >= 95, the rest 100)\n`);
console.log(`  ${'page'.padEnd(50)} perf  a11y  b.p.   seo     LCP     TBT    CLS`);
try {
  for (const path of pages) {
    const samples: { scores: Record<string, number>; lcp: number; tbt: number; cls: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${origin}${path}`, { port: Number(chrome.port), output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      const lhr = result!.lhr;
      samples.push({
        scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      });
    }
    const score = (c: (typeof categories)[number]) => median(samples.map((s) => s.scores[c]!));
    const below = categories.filter((c) => score(c) < targets[c]);
    missed += below.length;
    console.log(
      `  ${path.padEnd(50)} ${categories.map((c) => String(score(c)).padStart(4)).join('  ')}  ${`${(median(samples.map((s) => s.lcp)) / 1000).toFixed(2)} s`.padStart(7)}  ${`${Math.round(median(samples.map((s) => s.tbt)))} ms`.padStart(6)}  ${median(samples.map((s) => s.cls)).toFixed(3)}${below.length ? `   below target: ${below.join(', ')}` : ''}`,
    );
  }
} finally {
  chrome.kill();
  await stopServer(server, { graceMs: 1000 });
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(missed ? `\n  ${missed} score(s) below target` : '\n  every page meets its targets');
process.exitCode = missed ? 1 : 0;
