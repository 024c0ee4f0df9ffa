/**
 * Lighthouse (mobile, simulated throttling) on the production build: one page of every kind in both
 * languages, each beside its no-script twin (the same HTML, CSS and images without scripts and module
 * preloads, served by a second server of the project's own), runs of page and twin taken in turns.
 * Prints median and spread (min-max) of performance, LCP, Speed Index, TBT and CLS for both, LCP and Speed
 * Index over the twin's, and the goals: LCP at most 1.2x the twin's, Speed Index at most 1.1x the twin's
 * (what paints after the twin would, a change at hydration, shows there), TBT under 50 ms, CLS 0, performance at least 98;
 * accessibility, best practices and SEO 100. A benchmark: it exits non-zero only when it fails to run.
 * Builds first when dist/ is missing. Chromium comes from CHROME_PATH (default /usr/bin/chromium).
 * --dist measures another build (e.g. the photographs fixture: npx tsx tests/fixtures/photos/make-photo-site.ts
 * <folder> --every-kind, then npm run build -- --content-root=<folder> --manifest-dir=<folder>/generated --dist=<folder>/dist).
 * Usage: npm run bench:lighthouse [-- --runs=5] [--kinds=home,article] [--pages=/,/nl/blog] [--breakdown] [--dist=DIR]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { SiteIndex } from '../schemas/site-index.ts';
import { createLogger } from '../src/server/log.ts';
import { startServer, stopServer } from '../src/server/server.ts';
import { makeNoScriptTwin } from './no-script-twin.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    kinds: { type: 'string' },
    pages: { type: 'string' },
    breakdown: { type: 'boolean', default: false },
    dist: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1, not ${values.runs}`);
const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const dist = values.dist ? resolve(values.dist) : join(process.cwd(), 'dist');
if (!existsSync(join(dist, 'site.json'))) {
  if (values.dist) throw new Error(`no build in ${dist}: build it first (npm run build -- --dist=${values.dist} ...)`);
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const site = SiteIndex.parse(JSON.parse(readFileSync(join(dist, 'site.json'), 'utf8')));

// Every kind the build lists, so a new template is measured too; --kinds and --pages narrow it.
const kindOf = new Map(Object.entries(site.kinds).flatMap(([kind, paths]) => paths.map((path) => [path, kind] as const)));
const wantedKinds = list(values.kinds);
const unknownKinds = wantedKinds?.filter((k) => !(k in site.kinds)) ?? [];
if (unknownKinds.length) throw new Error(`no page kind ${unknownKinds.join(', ')}; the build has ${Object.keys(site.kinds).join(', ')}`);
const pages = list(values.pages) ?? [...kindOf.keys()].filter((path) => !wantedKinds || wantedKinds.includes(kindOf.get(path)!));
const unknownPages = pages.filter((p) => !(p in site.pages));
if (unknownPages.length) throw new Error(`not a page of the build: ${unknownPages.join(', ')}`);

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
const goals = { performance: 98, others: 100, tbtMs: 50, lcpRatio: 1.2, siRatio: 1.1 };

interface Sample {
  scores: Record<Category, number>;
  lcp: number;
  /** Speed Index, in ms. */
  si: number;
  tbt: number;
  cls: number;
  /** Main-thread time by Lighthouse's group (style and layout, paint, script evaluation...), in ms. */
  work: Record<string, number>;
}

function sample(lhr: Result): Sample {
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details;
  const items = breakdown?.type === 'table' ? (breakdown.items as { groupLabel?: string; duration?: number }[]) : [];
  const work: Record<string, number> = {};
  for (const item of items) work[item.groupLabel ?? 'other'] = (work[item.groupLabel ?? 'other'] ?? 0) + (item.duration ?? 0);
  return {
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    si: lhr.audits['speed-index']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    work,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** "median (min-max)", or the median alone for one run. */
const spread = (xs: number[], show: (x: number) => string) => (xs.length > 1 ? `${show(median(xs))} (${show(Math.min(...xs))}-${show(Math.max(...xs))})` : show(median(xs)));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const whole = (x: number) => String(Math.round(x));
const cls = (x: number) => x.toFixed(3);

// The forms API needs a data folder; nothing is submitted during the run.
const dataDirs = [mkdtempSync(join(tmpdir(), 'bench-lighthouse-')), mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))];
const twinDir = makeNoScriptTwin(dist);
const logger = createLogger({ level: 'silent' });
const servers = [
  await startServer({ distDir: dist, port: 0, host: '127.0.0.1', logger, dataDir: dataDirs[0]! }),
  await startServer({ distDir: twinDir, port: 0, host: '127.0.0.1', logger, dataDir: dataDirs[1]! }),
];
// localhost, not 127.0.0.1: Lighthouse counts it as a secure origin, as the site is served in production.
const [origin, twinOrigin] = servers.map((s) => `http://localhost:${(s.address() as AddressInfo).port}`) as [string, string];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** One Lighthouse run, or the error Lighthouse met (NO_LCP on a busy machine, say): one failed run is noted, not fatal. */
async function measure(url: string): Promise<Sample | string> {
  const result = await lighthouse(url, { port: Number(chrome.port), output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr.runtimeError ? result.lhr.runtimeError.code : sample(result.lhr);
}

const label = (path: string) => `${path} (${kindOf.get(path) ?? 'page'})`;
const columns: [string, number][] = [
  ['page', Math.max(...pages.map((p) => label(p).length))],
  ['perf', 13],
  ['LCP s', 18],
  ['SI s', 18],
  ['TBT ms', 15],
  ['CLS', 19],
  ['a11y', 5],
  ['b.p.', 5],
  ['seo', 5],
  ['LCP/twin', 9],
  ['SI/twin', 8],
];
const row = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(columns[i]![1]) : c.padStart(columns[i]![1]))).join(' ')}`;
const line = (label: string, samples: Sample[], ratios: string[] = []) =>
  row([
    label,
    spread(
      samples.map((s) => s.scores.performance),
      whole,
    ),
    spread(
      samples.map((s) => s.lcp),
      seconds,
    ),
    spread(
      samples.map((s) => s.si),
      seconds,
    ),
    spread(
      samples.map((s) => s.tbt),
      whole,
    ),
    spread(
      samples.map((s) => s.cls),
      cls,
    ),
    ...(['accessibility', 'best-practices', 'seo'] as const).map((c) => whole(median(samples.map((s) => s.scores[c])))),
    ...ratios,
  ]);
/** The median main-thread time of each group, largest first. */
const work = (samples: Sample[]) => {
  const groups = [...new Set(samples.flatMap((s) => Object.keys(s.work)))];
  return groups
    .map((g) => [g, median(samples.map((s) => s.work[g] ?? 0))] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([g, ms]) => `${g} ${Math.round(ms)}`)
    .join(', ');
};

// Lighthouse scales the trace's wall time by 4 to simulate a phone, so the machine's load shows in every figure.
const startLoad = loadavg()[0]!.toFixed(1);
console.log(`Lighthouse 12, mobile, simulated throttling: ${pages.length} pages, each beside its no-script twin, ${runs} run(s) of each taken in turns`);
console.log(
  `median (min-max). Goals: LCP <= ${goals.lcpRatio}x the twin's, Speed Index <= ${goals.siRatio}x the twin's, TBT < ${goals.tbtMs} ms, CLS 0, performance >= ${goals.performance}; a11y, best practices, SEO ${goals.others}\n`,
);
console.log(row(columns.map(([name]) => name)));
let met = 0;
try {
  for (const path of pages) {
    const page: Sample[] = [];
    const twin: Sample[] = [];
    const failed: string[] = [];
    for (let i = 0; i < runs; i++) {
      // Page and twin in turns, each first every other time, so both meet the same load on the machine.
      const order =
        i % 2
          ? ([
              [twin, twinOrigin, 'twin'],
              [page, origin, 'page'],
            ] as const)
          : ([
              [page, origin, 'page'],
              [twin, twinOrigin, 'twin'],
            ] as const);
      for (const [into, at, which] of order) {
        const measured = await measure(`${at}${path}`);
        if (typeof measured === 'string') failed.push(`${which} ${measured}`);
        else into.push(measured);
      }
    }
    const note = failed.length ? `   (failed runs: ${failed.join(', ')})` : '';
    if (!page.length || !twin.length) {
      console.log(`  ${label(path)}: no result${note}`);
      continue;
    }
    const lcpRatio = median(page.map((s) => s.lcp)) / median(twin.map((s) => s.lcp));
    const siRatio = median(page.map((s) => s.si)) / median(twin.map((s) => s.si));
    const m = (c: Category) => median(page.map((s) => s.scores[c]));
    const missed = [
      ...(lcpRatio > goals.lcpRatio ? ['LCP'] : []),
      ...(siRatio > goals.siRatio ? ['Speed Index'] : []),
      ...(median(page.map((s) => s.tbt)) >= goals.tbtMs ? ['TBT'] : []),
      ...(median(page.map((s) => s.cls)) > 0 ? ['CLS'] : []),
      ...(m('performance') < goals.performance ? ['performance'] : []),
      ...(['accessibility', 'best-practices', 'seo'] as const).filter((c) => m(c) < goals.others),
    ];
    if (!missed.length) met++;
    console.log(`${line(label(path), page, [`${lcpRatio.toFixed(2)}x`, `${siRatio.toFixed(2)}x`])}   ${missed.length ? `missed: ${missed.join(', ')}` : 'goals met'}${note}`);
    console.log(line('  no-script twin', twin));
    if (values.breakdown) {
      console.log(`      main thread, ms: ${work(page)}`);
      console.log(`      twin's main thread, ms: ${work(twin)}`);
    }
  }
} finally {
  chrome.kill();
  await Promise.all(servers.map((s) => stopServer(s, { graceMs: 1000 })));
  for (const dir of [...dataDirs, twinDir]) rmSync(dir, { recursive: true, force: true });
}
console.log(`\n  ${met} of ${pages.length} pages meet every goal`);
console.log(
  `  machine: ${availableParallelism()} cores, load average ${startLoad} at the start, ${loadavg()[0]!.toFixed(1)} at the end (simulated throttling scales wall time, so a busy machine inflates TBT)`,
);
