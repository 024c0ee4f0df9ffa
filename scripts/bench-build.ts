/**
 * How the build's cost grows with the content: builds the site with 0, 100 and 1,000 synthetic articles
 * (copies of the real ones under slugs of their own, scripts/synthetic-site.ts) in a temporary folder,
 * each twice: cold (no page, compressed copy or social image from an earlier build) and warm (nothing
 * changed since). Prints, for each, the pages built, the build's time per page (its wall time over its
 * pages, and its page-by-page work alone: load, render, write, hash, precompress), the heaviest first-load
 * JavaScript of any page, and the content check's time per file.
 * Targets: first-load JavaScript flat, a warm build at most 20 ms a page, the check within its budget (1 ms a file).
 * Usage: npm run bench:build [-- --articles=0,100,1000]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkContent } from './content/check.ts';
import { kb, measureKinds } from './page-weight.ts';
import { syntheticSite } from './synthetic-site.ts';

const { values } = parseArgs({ options: { articles: { type: 'string', default: '0,100,1000' } } });
const counts = values.articles.split(',').map(Number);
const root = process.cwd();
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

interface Run {
  pages: number;
  seconds: number;
  /** The page-by-page stages' time per page, as the build prints it. */
  pageWork: number;
  rendered: number;
  /** The build's own account of its stages and of what came from its caches. */
  said: string;
}

/** One build in its own process, as `npm run build` runs it. */
function build(site: string, cacheDir: string): Run {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [tsx, 'scripts/build.ts', `--content-root=${site}`, `--manifest-dir=${join(site, 'generated')}`, `--dist=${join(site, 'dist')}`, `--cache-dir=${cacheDir}`],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  const built = /built a preview: (\d+) pages and (\d+) not-found pages into .*?\((\d+) rendered/.exec(result.stdout);
  const stages = /stages: (.*)/.exec(result.stdout)?.[1];
  if (!built || !stages) throw new Error(`the build said:\n${result.stdout}`);
  const pageWork = [...stages.matchAll(/\(([\d.]+) ms\/page\)/g)].reduce((n, m) => n + Number(m[1]), 0);
  const bundles = /; (both bundles [^)]*|the browser's bundle [^)]*)\)/.exec(result.stdout)?.[1] ?? '';
  return { pages: Number(built[1]) + Number(built[2]), seconds, pageWork, rendered: Number(built[3]), said: `${bundles}; ${stages}` };
}

/** The content check of the whole tree, its median time per file over three runs. */
function checkPerFile(site: string): number {
  const times: number[] = [];
  let files = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    files = checkContent({ root: site }).files;
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1]! / files;
}

const scratch = join(root, 'tests', '.tmp');
mkdirSync(scratch, { recursive: true });
const rows: string[] = [];
const warmStages: string[] = [];
let ok = true;
let flat: number | undefined;
console.log(
  `  load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const count of counts) {
  const site = syntheticSite(count, scratch);
  const cacheDir = mkdtempSync(join(scratch, 'bench-build-cache-'));
  try {
    const cold = build(site.root, cacheDir);
    const heaviest = Math.max(...measureKinds(join(site.root, 'dist')).map((w) => w.js));
    const warm = build(site.root, cacheDir);
    const check = checkPerFile(site.root);
    const perPage = (run: Run) => (run.seconds * 1000) / run.pages;
    flat ??= heaviest;
    ok &&= perPage(warm) <= 20 && check <= 1 && Math.abs(heaviest - flat) <= 0.1 * 1024;
    rows.push(
      `  ${String(count).padStart(8)} ${String(cold.pages).padStart(6)} ${`${cold.seconds.toFixed(1)} s`.padStart(8)} ${perPage(cold).toFixed(1).padStart(9)} ${cold.pageWork.toFixed(1).padStart(9)} ${`${warm.seconds.toFixed(1)} s`.padStart(8)} ${perPage(warm).toFixed(1).padStart(9)} ${warm.pageWork.toFixed(1).padStart(9)} ${String(warm.rendered).padStart(9)} ${kb(heaviest).padStart(10)} ${check.toFixed(3).padStart(9)}`,
    );
    console.log(rows.at(-1));
    warmStages.push(`  ${count} synthetic, warm: ${warm.said}`);
  } finally {
    site.cleanup();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
console.log(
  `\n  the machine: ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (a busy machine stretches every time here)`,
);
console.log(`\n  synthetic  pages   cold: time  ms/page  page work   warm: time  ms/page  page work  re-rendered  heaviest JS  check ms/file`);
console.log(rows.join('\n'));
console.log(`\n${warmStages.join('\n')}`);
console.log("\n  ms/page: the build's wall time over its pages; page work: its load, render, write, hash and precompress stages alone, per page");
console.log(`  targets: a warm build at most 20 ms a page, first-load JavaScript within 0.1 KB of the first row's, the check at most 1 ms a file: ${ok ? 'met' : 'NOT MET'}`);
process.exitCode = ok ? 0 : 1;
