/**
 * Load test of the forms API: starts the production server (startServer with the settings npm start
 * reads, in a child process; builds first when dist/ is missing) on a temporary DATA_DIR, with the rate
 * limit raised through FORM_RATE_LIMIT and mail written as .eml files by its running delivery loop;
 * drives POST /api/AppointmentBooking.php with valid, varied requests, then a static page, each for the
 * same time; prints requests per second, p50 and p99 latency, answers that were not 2xx, the server's CPU
 * time per request and event-loop delay, and checks the SQLite file request by request.
 * Target: at least 500 accepted submissions per second at p99 under 50 ms, none lost.
 * Ten connections by default: on two cores shared with the load generator, twenty only queue requests
 * (more throughput, p99 past 50 ms), while ten already carry well over 500 submissions per second.
 * With --proxy it runs both again through Caddy with deploy/Caddyfile (its internal CA, high ports on
 * 127.0.0.1; Debian's caddy must be installed) and prints the proxy's cost per request beside the server alone.
 * Usage: npm run bench:api [-- --duration=20 --connections=10 --proxy]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { appointmentServices, type AppointmentRequest } from '../src/server/forms.ts';
import { formEndpoints } from '../schemas/form-endpoints.ts';
import type { WeekHours } from '../schemas/opening-hours.ts';
import { todayInNetherlands } from '../src/shared/netherlands-clock.ts';
import { hoursOn, lastSlot } from '../src/shared/opening-hours.ts';
import { createLogger } from '../src/server/log.ts';
import { startServer, stopServer } from '../src/server/server.ts';
import { readApiSettings } from '../src/server/settings.ts';
import { loadSiteIndex } from '../src/server/site-index.ts';
import { siteHost, startLocalCaddy, type RunningCaddy } from './local-caddy.ts';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '20' }, connections: { type: 'string', default: '10' }, serve: { type: 'boolean', default: false }, proxy: { type: 'boolean', default: false } },
});
const root = process.cwd();
const dist = join(root, 'dist');

/** What the server reports about itself between two moments. */
interface Sample {
  cpu: NodeJS.CpuUsage;
  /** p99 of the event-loop delay since the last sample, in ms. */
  delayP99: number;
}

const firstNames = ['Anna', 'Daan', 'Sanne', 'Mohammed', 'Emma', 'Lucas', 'Fleur', 'Yusuf', 'Julia', 'Bram', 'Zoë', 'Sem'];
const lastNames = ['de Vries', 'Jansen', 'Bakker', 'El Amrani', 'Visser', 'Smit', 'van Dijk', 'Çelik', 'Mulder', 'de Boer'];
const phones = ['06-12345678', '0612345678', '+31 6 12345678', '0031 6 12345678', '020 123 4567', '+44 20 7946 0958', '030-2345678'];
const times = ['08:30', '09:00', '10:15', '11:45', '13:00', '14:30', '16:00', '17:45'];

/** The days of the next twelve weeks the lab is open (the build's hours), each with the times above that fall within its hours. */
function openSlots(week: WeekHours): { date: string; times: string[] }[] {
  const date = new Date(`${todayInNetherlands()}T12:00:00Z`);
  const slots: { date: string; times: string[] }[] = [];
  for (let day = 0; day < 84; day++) {
    date.setUTCDate(date.getUTCDate() + 1);
    const iso = date.toISOString().slice(0, 10);
    const { opens, closes } = hoursOn(iso, week);
    const open = opens && closes ? times.filter((time) => time >= opens && time <= lastSlot(closes)) : [];
    if (open.length > 0) slots.push({ date: iso, times: open });
  }
  return slots;
}

/** The n-th valid appointment request; its e-mail address carries n, so the database can be checked request by request. */
function appointment(n: number, slots: { date: string; times: string[] }[]): Record<keyof AppointmentRequest | '_hp' | '_elapsedMs', unknown> {
  const slot = slots[n % slots.length]!;
  const first = firstNames[n % firstNames.length]!;
  const last = lastNames[Math.floor(n / firstNames.length) % lastNames.length]!;
  return {
    FullName: `${first} ${last}`,
    EmailAddress: `${first
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}.${n}@example.nl`,
    PhoneNumber: phones[n % phones.length],
    Service: appointmentServices[n % appointmentServices.length],
    PreferredDate: slot.date,
    PreferredTime: slot.times[n % slot.times.length],
    AdditionalMessage: n % 3 === 0 ? '' : 'Graag een afspraak in de ochtend. '.repeat(1 + (n % 5)).trim(),
    _hp: '',
    _elapsedMs: 4_000 + (n % 50_000),
  };
}

/** Starts the server half of this script on `dataDir`; resolves once it listens. */
async function startBenchServer(dataDir: string): Promise<{ origin: string; sample: () => Promise<Sample>; stop: () => Promise<void> }> {
  // The rate limit is raised through its own setting; without SMTP_URL the delivery loop writes .eml files.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, FORM_RATE_LIMIT: '1000000000' };
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const reply = <T>() => new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  const { port } = await Promise.race([reply<{ port: number }>(), exited.then(() => Promise.reject(new Error('the server exited before it listened')))]);
  return {
    origin: `http://127.0.0.1:${port}`,
    sample: () => {
      const answer = reply<Sample>();
      child.send('sample');
      return answer;
    },
    stop: async () => {
      if (child.exitCode === null && child.connected) child.send('stop');
      await exited;
    },
  };
}

/** Where a run sends its requests: the server itself, or Caddy in front of it (over TLS, to the site's host name). */
interface Target {
  url: string;
  host?: string;
  tls?: { servername: string; tlsOptions: { ca: string[] } };
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The CPU time a process has used so far, in ms (Linux: /proc/<pid>/stat). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One line of the table: the load generator's figures beside the server's own CPU time and event-loop delay (and the proxy's CPU time). */
function row(name: string, result: autocannon.Result, before: Sample, after: Sample, proxyCpuMs?: number): string {
  const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
  const perRequest = (ms: number) => `${(ms / Math.max(1, result.requests.total)).toFixed(2)} ms`;
  const cells = [
    name.padEnd(40),
    result.requests.average.toFixed(0).padStart(7),
    `${result.latency.p50.toFixed(0)} ms`.padStart(7),
    `${result.latency.p99.toFixed(0)} ms`.padStart(7),
    String(result.non2xx + result.errors + result.timeouts).padStart(7),
    perRequest(cpuMs).padStart(10),
    `${after.delayP99.toFixed(0)} ms`.padStart(10),
    (proxyCpuMs === undefined ? '' : perRequest(proxyCpuMs)).padStart(10),
  ];
  return `  ${cells.join('  ')}`;
}

async function bench(): Promise<void> {
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  let week: WeekHours | undefined;
  try {
    week = loadSiteIndex(dist).forms.openingHours;
  } catch {
    console.log('no usable build in dist/: building');
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const server = await startBenchServer(dataDir);
  const slots = openSlots(week ?? loadSiteIndex(dist).forms.openingHours);
  const answered = new Set<number>();
  const statuses = new Map<number, number>();
  const refusals: string[] = [];
  let next = 0;
  let caddy: RunningCaddy | undefined;
  try {
    console.log(`forms API load test: ${connections} connections, ${duration} s per run; mail written as .eml files by the running delivery loop; FORM_RATE_LIMIT raised\n`);
    /** The two runs against `target`: the server itself, or Caddy in front of it. */
    const runs = async (target: Target, proxyPid?: number) => {
      const proxyCpu = () => (proxyPid === undefined ? 0 : processCpuMs(proxyPid));
      const cpuStart = proxyCpu();
      const before = await server.sample();
      const api = await postRun(target);
      const afterApi = await server.sample();
      const apiCpuMs = proxyCpu() - cpuStart;
      const page = await autocannon({ url: `${target.url}/`, connections, duration, ...(target.host ? { headers: { host: target.host } } : {}), ...target.tls });
      const afterPage = await server.sample();
      return { before, api, afterApi, page, afterPage, apiCpuMs, pageCpuMs: proxyCpu() - cpuStart - apiCpuMs };
    };
    const postRun = (target: Target) =>
      autocannon({
        url: target.url,
        connections,
        duration,
        ...target.tls,
        requests: [
          {
            method: 'POST',
            path: `${formEndpoints.appointment.path}?lang=nl`,
            headers: { 'content-type': 'application/json', origin: server.origin, ...(target.host ? { host: target.host } : {}) },
            setupRequest: (request, context) => {
              const n = next++;
              (context as { n?: number }).n = n;
              return { ...request, body: JSON.stringify(appointment(n, slots)) };
            },
            onResponse: (status, body, context) => {
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              if (status !== 200 && refusals.length < 3) refusals.push(`${status} ${body}`);
              // A success answers its reference too: {"success":true,"reference":"3F9A-1C07"}.
              if (status === 200 && /^\{"success":true(,"reference":"[0-9A-F]{4}-[0-9A-F]{4}")?\}$/.test(body)) answered.add((context as { n: number }).n);
            },
          },
        ],
      });
    const { before, api, afterApi, page, afterPage } = await runs({ url: server.origin });
    const answeredAlone = answered.size;
    let proxied: Awaited<ReturnType<typeof runs>> | undefined;
    if (values.proxy) {
      const ports = { http: await freePort(), https: await freePort(), admin: await freePort() };
      caddy = await startLocalCaddy('Caddyfile', ports, { UPSTREAM_PORT: new URL(server.origin).port });
      console.log(`and through Caddy (deploy/Caddyfile on https://${siteHost}:${ports.https}, its internal CA)\n`);
      const host = `${siteHost}:${ports.https}`;
      const target = { url: `https://127.0.0.1:${ports.https}`, host, tls: { servername: siteHost, tlsOptions: { ca: caddy.ca } } };
      proxied = await runs(target, caddy.pid);
      await caddy.stop();
      caddy = undefined;
    }
    await server.stop();

    const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    const emails = db.prepare("SELECT json_extract(data, '$.EmailAddress') AS email FROM submissions").all() as { email: string }[];
    const stored = new Set(emails.map((row) => Number(/\.(\d+)@/.exec(row.email)?.[1])));
    const outbox = db.prepare('SELECT status, count(*) AS count FROM outbox GROUP BY status ORDER BY status').all() as { status: string; count: number }[];
    db.close();
    const lost = [...answered].filter((n) => !stored.has(n));
    const unanswered = [...stored].filter((n) => !answered.has(n));
    let emls = 0;
    try {
      emls = readdirSync(join(dataDir, 'mail')).length;
    } catch {
      emls = 0;
    }

    const heads = [
      'run'.padEnd(40),
      'req/s'.padStart(7),
      'p50'.padStart(7),
      'p99'.padStart(7),
      'non-2xx'.padStart(7),
      'CPU/req'.padStart(10),
      'loop p99'.padStart(10),
      proxied ? 'Caddy/req'.padStart(10) : '',
    ];
    console.log(`  ${heads.join('  ')}`);
    console.log(row('POST /api/AppointmentBooking.php', api, before, afterApi));
    console.log(row('GET / (static page)', page, afterApi, afterPage));
    if (proxied) {
      console.log(row('POST /api/AppointmentBooking.php, Caddy', proxied.api, proxied.before, proxied.afterApi, proxied.apiCpuMs));
      console.log(row('GET / (static page), Caddy', proxied.page, proxied.afterApi, proxied.afterPage, proxied.pageCpuMs));
    }
    console.log(`  (CPU/req: the server's CPU time per request; loop p99: the server's event-loop delay, p99${proxied ? "; Caddy/req: the proxy's CPU time per request" : ''})`);
    if (proxied) {
      const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(1)} ms`;
      const cost = (alone: autocannon.Result, behind: autocannon.Result, cpuMs: number) =>
        `p50 ${signed(behind.latency.p50 - alone.latency.p50)}, p99 ${signed(behind.latency.p99 - alone.latency.p99)}, Caddy's CPU ${(cpuMs / Math.max(1, behind.requests.total)).toFixed(2)} ms a request, ${behind.requests.average.toFixed(0)} requests per second against ${alone.requests.average.toFixed(0)} alone`;
      console.log(`\n  the proxy's cost (TLS and HTTP/1.1 keep-alive, Caddy on the same cores as the server and the load):`);
      console.log(`    a submission: ${cost(api, proxied.api, proxied.apiCpuMs)}`);
      console.log(`    a page:       ${cost(page, proxied.page, proxied.pageCpuMs)}`);
    }
    const errors = api.errors + api.timeouts ? `; ${api.errors} connection errors, ${api.timeouts} timeouts` : '';
    console.log(`\n  POST answers by status: ${[...statuses].map(([status, count]) => `${count} x ${status}`).join(', ')}${errors}`);
    for (const refusal of refusals) console.log(`    e.g. ${refusal.slice(0, 200)}`);
    console.log(`  stored ${stored.size} / answered success ${answered.size}`);
    console.log(`  answered with success but not in the database: ${lost.length}${lost.length ? ` (e.g. ${lost.slice(0, 5).join(', ')})` : ''}`);
    console.log(`  in the database without an answer read: ${unanswered.length} (in flight when the load generator stopped; at most one per connection and run)`);
    console.log(`  outbox: ${outbox.map((o) => `${o.count} ${o.status}`).join(', ')}; ${emls} .eml files written during the run`);
    // The target is the server's own; through the proxy is for comparison.
    const accepted = answeredAlone / duration;
    const met = accepted >= 500 && api.latency.p99 < 50 && lost.length === 0 && unanswered.length <= connections * (proxied ? 2 : 1);
    console.log(`\n  ${accepted.toFixed(0)} accepted submissions per second, p99 ${api.latency.p99.toFixed(0)} ms: ${met ? 'target met' : 'TARGET MISSED'} (>= 500/s, p99 < 50 ms, none lost)`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await caddy?.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.serve) {
  // The server half, in its own process so the load generator does not share its event loop. It reads its
  // settings from the environment as npm start does, and answers the parent over the IPC channel.
  const server = await startServer({ ...readApiSettings(), distDir: dist, port: 0, host: '127.0.0.1', logger: createLogger({ level: 'silent' }) });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  process.on('message', (message) => {
    if (message === 'sample') {
      const sample: Sample = { cpu: process.cpuUsage(), delayP99: delay.percentile(99) / 1e6 };
      delay.reset();
      process.send!(sample);
    } else if (message === 'stop') {
      void stopServer(server, { graceMs: 1_000 }).then(() => process.exit(0));
    }
  });
  process.send!({ port: (server.address() as AddressInfo).port });
} else {
  await bench();
}
