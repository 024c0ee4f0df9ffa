/**
 * What the main thread does in a page's long tasks, from the trace of a Lighthouse run (mobile, simulated
 * throttling) on the production build or, with --twin, on its no-script twin. Lighthouse's TBT scales each
 * task's wall time by 4; the trace also holds the thread's CPU time, so a task that only waited for a busy
 * machine shows as such. Prints each task of at least 12.5 ms (50 ms once scaled) with its largest items.
 * Usage: npx tsx scripts/trace-lighthouse.ts [--twin] [--runs=N] [--save=folder] / /blog/some-article
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createLogger } from '../src/server/log.ts';
import { startServer, stopServer } from '../src/server/server.ts';
import { makeNoScriptTwin } from './no-script-twin.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** CPU time of the thread during the event, when the trace recorded it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { beginData?: { url?: string }; frame?: string };
}

/** Lighthouse's simulated CPU is 4x slower than the one measured, and a task blocks for what exceeds 50 ms. */
const slowdown = 4;
const blocking = (ms: number) => Math.max(0, ms * slowdown - 50);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { twin: { type: 'boolean', default: false }, runs: { type: 'string', default: '1' }, save: { type: 'string' } },
});
const dist = join(process.cwd(), 'dist');
const served = values.twin ? makeNoScriptTwin(dist) : dist;
const dataDir = mkdtempSync(join(tmpdir(), 'trace-lighthouse-'));
const server = await startServer({ distDir: served, port: 0, host: '127.0.0.1', logger: createLogger({ level: 'silent' }), dataDir });
const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const ms = (us: number) => (us / 1000).toFixed(1);

try {
  for (const path of positionals.length ? positionals : ['/']) {
    for (let run = 1; run <= Number(values.runs); run++) {
      const url = `${origin}${path}`;
      const result = await lighthouse(url, { port: Number(chrome.port), output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) console.log(`\n${path}, run ${run}: Lighthouse met ${result.lhr.runtimeError.code}`);
      const events = result.artifacts.Trace.traceEvents as unknown as TraceEvent[];
      if (values.save) writeFileSync(join(values.save, `trace${path.replace(/\//g, '_')}${values.twin ? '-twin' : ''}-${run}.json`), JSON.stringify({ traceEvents: events }));
      // The page's main thread: the one that parsed its HTML.
      const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
      if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`);
      const thread = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined);
      const start = events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid)?.ts ?? parse.ts;
      const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid)?.ts ?? start;
      const tasks = thread.filter((e) => e.name === 'RunTask');
      const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
      console.log(
        `\n${path}${values.twin ? ' (no-script twin)' : ''}, run ${run}: TBT ${Math.round(audit('total-blocking-time'))} ms, LCP ${Math.round(audit('largest-contentful-paint'))} ms; ` +
          // Lighthouse counts only what its simulation puts after FCP, so these bound its TBT from above.
          `at most ${Math.round(tasks.reduce((n, t) => n + blocking(t.dur! / 1000), 0))} ms of blocking from the trace's wall time, ${Math.round(tasks.reduce((n, t) => n + blocking((t.tdur ?? t.dur!) / 1000), 0))} ms from its CPU time`,
      );
      const work = new Map<string, { wall: number; cpu: number }>();
      for (const task of tasks) {
        const inside = thread.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
        for (const e of inside) {
          const w = work.get(e.name) ?? { wall: 0, cpu: 0 };
          work.set(e.name, w);
          // Only items whose parent is the task itself, so nested items are not counted twice.
          if (!inside.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && p.dur! > e.dur!)) {
            w.wall += e.dur!;
            w.cpu += e.tdur ?? e.dur!;
          }
        }
        if (task.dur! < 12_500) continue;
        const items = inside
          .filter((e) => e.dur! >= 1000)
          .sort((a, b) => b.dur! - a.dur!)
          .slice(0, 6)
          .map((e) => `${e.name} ${ms(e.dur!)}/${ms(e.tdur ?? e.dur!)}`);
        console.log(
          `  task at ${ms(task.ts - start)} ms${task.ts < fcp ? ' (before FCP)' : ''}: wall ${ms(task.dur!)} ms, CPU ${ms(task.tdur ?? task.dur!)} ms; items wall/CPU ms: ${items.join(', ')}`,
        );
      }
      const top = [...work]
        .filter(([, w]) => w.wall > 0)
        .sort((a, b) => b[1].wall - a[1].wall)
        .slice(0, 8);
      console.log(`  all tasks, top-level items wall/CPU ms: ${top.map(([name, w]) => `${name} ${ms(w.wall)}/${ms(w.cpu)}`).join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  await stopServer(server, { graceMs: 1000 });
  rmSync(dataDir, { recursive: true, force: true });
  if (values.twin) rmSync(served, { recursive: true, force: true });
}
