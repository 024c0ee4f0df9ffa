/**
 * Benchmark of the content check: builds a synthetic tree of 5,000 services and articles (copies of
 * real ones under new slugs, beside the real site) in a temporary folder, then prints the full check's
 * time per file next to a bare YAML parse of the same files: once for a clean tree, and once with a
 * fault in every tenth file (a misspelt key, a broken link, a missing Dutch text, in turn), where the
 * check also locates and words every problem. Every Dutch text is confirmed in the translation lock, as in
 * the real content, so the check also compares each English text with the one its Dutch was confirmed against.
 * The budget holds on the median of five runs (each printed), timed in turns with the bare parse so both meet
 * the same load, and by the CPU time each takes, which other programs on a busy machine do not add to. Three runs
 * of each come first, as warm-up (printed, not in the medians): V8 goes on compiling the check's code for a few runs.
 * One more run of the check, not timed, is sampled by V8's profiler to print where its time goes, per rule
 * family and per stage (`--no-profile` leaves it out).
 * Each tree is timed in a process of its own, as `npm run check` runs in one (`--tree=clean` or `--tree=faulty` times
 * one alone): timed one after the other in one process, the tree timed second came out 0.02-0.07x worse than when it
 * was timed first, whichever it was (the first one's heap and the code V8 had compiled for it).
 * Usage: npm run bench:content [-- --count=5000 --runs=5 --warmups=3 --no-profile --tree=clean|faulty]
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CORE_SCHEMA, load } from 'js-yaml';
import { checkContent } from './content/check.ts';
import { run as translations } from './translations.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
    warmups: { type: 'string', default: '3' },
    'no-profile': { type: 'boolean', default: false },
    tree: { type: 'string' },
  },
});
const count = Number(values.count);
const runs = Number(values.runs);
const warmups = Number(values.warmups);
const root = process.cwd();

/** The faults put in every tenth file of the second tree, each reported once as an error. */
const faults: [string, (text: string) => string][] = [
  ['schema/unknown-key', (text) => text.replace(/^hero:$/m, 'heroo:')],
  // The same target in both languages, as an author who mistypes a page's address in a text does.
  [
    'link/broken',
    (text) => {
      const target = /\]\((\/(?:services|blog|contact|appointment)[^)]*)\)/.exec(text)![1]!;
      return text.replaceAll(`](${target})`, '](/no-such-page)');
    },
  ],
  ['i18n/missing-nl', (text) => text.replace(/^(\s+)nl: .+\n/m, '')],
];

/** Writes the real content plus `count` synthetic services and articles into `dir`; returns the faults made. */
function makeTree(dir: string, faulty: boolean): number {
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  const templates = {
    services: readdirSync(join(root, 'content', 'services'))
      .map((f) => readFileSync(join(root, 'content', 'services', f), 'utf8'))
      .filter((t) => /^kind: detail$/m.test(t) && /\]\(\/(services|blog|contact|appointment)/.test(t)),
    articles: readdirSync(join(root, 'content', 'articles'))
      .map((f) => readFileSync(join(root, 'content', 'articles', f), 'utf8'))
      .filter((t) => /\]\(\/(services|blog|contact|appointment)/.test(t)),
  };
  let made = 0;
  for (let i = 0; i < count; i++) {
    const kind = i % 2 === 0 ? 'services' : 'articles';
    const list = templates[kind];
    let text = list[i % list.length]!;
    const slug = `${/^slug: (.+)$/m.exec(text)![1]}-bench-${i}`;
    text = text.replace(/^slug: .+$/m, `slug: ${slug}`);
    if (faulty && i % 10 === 0) {
      const [, fault] = faults[(i / 10) % faults.length]!;
      const changed = fault(text);
      if (changed === text) throw new Error(`fault ${(i / 10) % faults.length} changed nothing in ${slug}`);
      text = changed;
      made++;
    }
    writeFileSync(join(dir, 'content', kind, `${slug}.yaml`), text);
  }
  // Every Dutch text confirmed against its English, as in the real content: the check compares each with its lock.
  if (translations(['--confirm', 'content', `--root=${dir}`], { log: () => undefined, error: (text) => console.error(text) }) !== 0) throw new Error('could not confirm the translations');
  return made;
}

function yamlFiles(dir: string): string[] {
  const files: string[] = [];
  const collect = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) collect(join(d, e.name));
      else if (e.name.endsWith('.yaml')) files.push(join(d, e.name));
    }
  };
  collect(join(dir, 'content'));
  return files;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The CPU time this process has spent (all its threads, the garbage collector's too), in ms. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The CPU time of this process's threads other than the main one (V8's compiler and garbage collector), in ms,
 * where Linux tells it per thread (/proc/self/task, in clock ticks of 10 ms); undefined elsewhere.
 */
function otherThreadsCpu(): number | undefined {
  try {
    let ms = 0;
    for (const task of readdirSync('/proc/self/task')) {
      if (task === String(process.pid)) continue;
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // After the command name in parentheses: utime and stime are the 12th and 13th fields.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    }
    return ms;
  } catch {
    return undefined;
  }
}

/**
 * Times the bare parse and the check in turns, so that both meet the same load on a shared machine, and
 * takes the median of each and of the ratios of the pairs. Each is timed by the CPU time it takes: on a busy
 * machine the wall-clock time also counts the other programs' turns (a parse of the same files took 0.8 s
 * in one run and 10 s in the next), the CPU time only this one's. The wall-clock time is printed beside it.
 */
function timePairs(
  bare: () => void,
  full: () => void,
): {
  parseMs: number;
  checkMs: number;
  ratio: number;
  warm: { parse: number; check: number }[];
  each: { parse: number; check: number; parseWall: number; checkWall: number; checkOthers?: number }[];
} {
  // Warm-up: the file cache, and V8's compiler, which goes on optimizing the check's code (far more of it than the
  // parser's) for a few runs: over the faulty tree (--trace-opt), 80-200 ms of CPU a run over the three runs after
  // the first, 10-90 ms over later ones. The warm-up runs are timed too, and printed, but left out of the medians.
  const warm: { parse: number; check: number }[] = [];
  for (let r = 0; r < warmups; r++) {
    let start = cpu();
    bare();
    const parse = cpu() - start;
    start = cpu();
    full();
    warm.push({ parse, check: cpu() - start });
  }
  const parses: number[] = [];
  const checks: number[] = [];
  const ratios: number[] = [];
  const walls: { parseWall: number; checkWall: number; checkOthers?: number }[] = [];
  for (let r = 0; r < runs; r++) {
    let wall = performance.now();
    let start = cpu();
    bare();
    const parse = cpu() - start;
    const parseWall = performance.now() - wall;
    wall = performance.now();
    const othersBefore = otherThreadsCpu();
    start = cpu();
    full();
    const check = cpu() - start;
    const othersAfter = otherThreadsCpu();
    const checkWall = performance.now() - wall;
    parses.push(parse);
    checks.push(check);
    ratios.push(check / parse);
    walls.push({ parseWall, checkWall, checkOthers: othersBefore === undefined || othersAfter === undefined ? undefined : othersAfter - othersBefore });
  }
  return { parseMs: median(parses), checkMs: median(checks), ratio: median(ratios), warm, each: parses.map((parse, i) => ({ parse, check: checks[i]!, ...walls[i]! })) };
}

/** A CPU profile's node, as V8's profiler gives it. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/**
 * Where a sample of the check's time goes: the innermost frame of the check's own code (scripts/content/)
 * names it, so the parser's time counts to the parse, zod's to the schema, and a rule's calls into shared
 * code (src/shared/) to its family.
 */
function stageOf(url: string): string | undefined {
  const own = /\/scripts\/content\/(.+)\.ts$/.exec(url)?.[1];
  if (own === undefined) return undefined;
  const family = /^rules\/(.+)$/.exec(own)?.[1];
  if (family) return `rules: ${family}`;
  const stages: Record<string, string> = {
    source: 'YAML parse (js-yaml) and positions',
    validate: 'schema (zod)',
    'check/scan': 'walk over every value',
    'check/discover': 'find and read files',
    'check/run': 'find and read files',
    // checkContent's own frames: its calls to the families, where V8 inlined them into it.
    check: 'the run itself (checkContent, with what V8 inlined into it)',
    'check/facts': 'facts for the cross-file rules',
    translations: 'translation lock (file hashes)',
    case: 'rules: style',
    'check/locate': 'locating findings',
    suggest: 'suggestions ("did you mean")',
    'fast-schema': 'schema (compiled from zod)',
  };
  return stages[own] ?? `other: ${own}`;
}

/** One run of `full`, sampled by V8's profiler: CPU ms per stage and rule family (the garbage collector's apart). */
async function profileStages(full: () => void): Promise<[string, number][]> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params: object = {}) => new Promise<T>((done, fail) => session.post(method, params, (error, result) => (error ? fail(error) : done(result as T))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  full();
  const { profile } = await post<{ profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } }>('Profiler.stop');
  session.disconnect();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stage = new Map<number, string>();
  const stageOfNode = (id: number): string => {
    const known = stage.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const up = parent.get(id);
    const found = node.callFrame.functionName === '(garbage collector)' ? 'garbage collector' : (stageOf(node.callFrame.url) ?? (up === undefined ? 'outside the check' : stageOfNode(up)));
    stage.set(id, found);
    return found;
  };
  const ms = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const name = stageOfNode(id);
    ms.set(name, (ms.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  ms.delete('outside the check');
  ms.delete('(idle)');
  return [...ms].sort((a, b) => b[1] - a[1]);
}

if (values.tree !== undefined && values.tree !== 'clean' && values.tree !== 'faulty') {
  console.error(`--tree is "clean" or "faulty", not "${values.tree}"`);
  process.exit(2);
}
/** Set for the child processes that time one tree each: the parent has said what is timed. */
const childVariable = 'BENCH_CONTENT_CHILD';
if (!process.env[childVariable]) {
  console.log('baseline ("bare YAML parse"): read each file and parse it with js-yaml (core schema), the parser the check reads every file with; nothing else.');
  console.log(
    "check: npm run check's checkContent over the same tree: read, parse, validate with the schemas (zod), every rule of the registry over every value, the cross-file rules, the translation lock; every finding located (file, line, column) and worded.\n",
  );
}

let ok = true;
// Without --tree, this script times each tree in a child process of its own (the same script, with --tree).
for (const faulty of values.tree === undefined ? [] : [values.tree === 'faulty']) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-content-'));
  try {
    const made = makeTree(dir, faulty);
    const files = yamlFiles(dir);
    const bytes = files.reduce((n, f) => n + readFileSync(f).length, 0);
    // The baseline: the parser the check reads every file with, and nothing else.
    const bare = () => {
      for (const f of files) load(readFileSync(f, 'utf8'), { schema: CORE_SCHEMA });
    };
    const full = () => {
      const result = checkContent({ root: dir, imagesDir: join(root, 'src', 'assets', 'images') });
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      // Each faulty file is reported, and nothing else: a fault may show at several places in its file.
      const reported = new Set(errors.map((e) => e.file));
      if (reported.size !== made) throw new Error(`expected errors in ${made} files, found them in ${reported.size}${errors[0] ? `: ${errors[0].file}:${errors[0].line} ${errors[0].message}` : ''}`);
      if (!faulty) return;
      for (const [rule] of faults) if (!errors.some((e) => e.rule === rule)) throw new Error(`no ${rule} reported`);
      if (errors.some((e) => e.line < 1 || e.column < 1)) throw new Error('an error without its position');
      if (result.files !== files.length) throw new Error(`checked ${result.files} files, expected ${files.length}`);
    };
    const { parseMs, checkMs, ratio, warm, each } = timePairs(bare, full);
    const perFile = (ms: number) => (ms / files.length).toFixed(3);
    const within = checkMs / files.length <= 1 && ratio <= 2;
    ok &&= within;
    console.log(
      `${faulty ? `with a fault in every tenth file (${made} files with errors, each located and worded)` : 'a clean tree'}: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, median of ${runs} runs, in CPU time (machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    console.log(`  warm-up (${warm.length} of each, not in the medians): ${warm.map(({ parse, check }) => `${(check / parse).toFixed(2)}x`).join(', ')}`);
    each.forEach(({ parse, check, parseWall, checkWall, checkOthers }, i) =>
      console.log(
        `  run ${i + 1}: parse ${parse.toFixed(0).padStart(5)} ms, check ${check.toFixed(0).padStart(5)} ms of CPU${checkOthers === undefined ? '' : ` (V8's other threads ${checkOthers.toFixed(0)} ms of it)`}, ${(check / parse).toFixed(2)}x, ${(check / files.length).toFixed(3)} ms/file (wall clock: parse ${parseWall.toFixed(0)} ms, check ${checkWall.toFixed(0)} ms)`,
      ),
    );
    console.log(`  bare YAML parse   ${parseMs.toFixed(0).padStart(6)} ms   ${perFile(parseMs)} ms/file   (js-yaml, the one parser the check uses)`);
    console.log(`  full check        ${checkMs.toFixed(0).padStart(6)} ms   ${perFile(checkMs)} ms/file`);
    console.log(`  ratio             ${ratio.toFixed(2)}x    check / bare parse, median of the runs' ratios (target: at most 1 ms/file and 2x): ${within ? 'within target' : 'OVER TARGET'}`);
    if (!values['no-profile']) {
      // Sampling slows the run a little and evenly: the shares tell where the time goes, the timed runs above how much there is.
      const stages = await profileStages(full);
      const total = stages.reduce((n, [, ms]) => n + ms, 0);
      console.log(`  where the check's time goes (one more run, sampled by V8's profiler, not one of the timed runs):`);
      for (const [name, ms] of stages) if (ms >= total / 200) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`);
    }
    console.log('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (values.tree === undefined) {
  for (const tree of ['clean', 'faulty']) {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...process.argv.slice(2), `--tree=${tree}`], {
      stdio: 'inherit',
      env: { ...process.env, [childVariable]: '1' },
    });
    ok &&= child.status === 0;
  }
  console.log(ok ? 'both trees within target' : 'OVER TARGET');
} else if (!process.env[childVariable]) console.log(ok ? 'within target' : 'OVER TARGET');
process.exitCode = ok ? 0 : 1;
