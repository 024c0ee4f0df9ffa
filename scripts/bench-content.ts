/**
 * Benchmark of the content check: builds a synthetic tree of 5,000 services and articles (copies of
 * real ones under new slugs, beside the real site) in a temporary folder, then prints the full check's
 * time per file next to a bare YAML parse of the same files.
 * Usage: npm run bench:content [-- --count=5000 --runs=5]
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CORE_SCHEMA, load } from 'js-yaml';
import { parse } from 'yaml';
import { checkContent } from './content/check.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '5000' }, runs: { type: 'string', default: '5' } } });
const count = Number(values.count);
const runs = Number(values.runs);
const root = process.cwd();

const dir = mkdtempSync(join(tmpdir(), 'bench-content-'));
try {
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  const templates = {
    services: readdirSync(join(root, 'content', 'services'))
      .map((f) => readFileSync(join(root, 'content', 'services', f), 'utf8'))
      .filter((t) => /^kind: detail$/m.test(t)),
    articles: readdirSync(join(root, 'content', 'articles')).map((f) => readFileSync(join(root, 'content', 'articles', f), 'utf8')),
  };
  for (let i = 0; i < count; i++) {
    const kind = i % 2 === 0 ? 'services' : 'articles';
    const list = templates[kind];
    const text = list[i % list.length]!;
    const slug = `${/^slug: (.+)$/m.exec(text)![1]}-bench-${i}`;
    writeFileSync(join(dir, 'content', kind, `${slug}.yaml`), text.replace(/^slug: .+$/m, `slug: ${slug}`));
  }

  const files: string[] = [];
  const collect = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) collect(join(d, e.name));
      else if (e.name.endsWith('.yaml')) files.push(join(d, e.name));
    }
  };
  collect(join(dir, 'content'));
  const bytes = files.reduce((n, f) => n + readFileSync(f).length, 0);

  // The baseline is the parser the check reads data with; the `yaml` package is shown for reference.
  const bare = () => {
    for (const f of files) load(readFileSync(f, 'utf8'), { schema: CORE_SCHEMA });
  };
  const bareYaml = () => {
    for (const f of files) parse(readFileSync(f, 'utf8'));
  };
  const full = () => {
    const result = checkContent({ root: dir, imagesDir: join(root, 'src', 'assets', 'images') });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) throw new Error(`the synthetic tree should pass, but: ${errors[0]!.file}:${errors[0]!.line} ${errors[0]!.message}`);
    if (result.files !== files.length) throw new Error(`checked ${result.files} files, expected ${files.length}`);
  };
  const time = (fn: () => void) => {
    const samples: number[] = [];
    fn(); // warm-up: JIT and file cache
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      fn();
      samples.push(performance.now() - start);
    }
    return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  };

  const parseMs = time(bare);
  const checkMs = time(full);
  const yamlMs = time(bareYaml);
  const perFile = (ms: number) => (ms / files.length).toFixed(3);
  console.log(`content check benchmark: ${files.length} files (${count} synthetic services and articles), ${(bytes / 1024 / 1024).toFixed(1)} MB, median of ${runs} runs`);
  console.log(`  bare YAML parse   ${parseMs.toFixed(0).padStart(6)} ms   ${perFile(parseMs)} ms/file   (js-yaml, the parser the check uses)`);
  console.log(`  (yaml package     ${yamlMs.toFixed(0).padStart(6)} ms   ${perFile(yamlMs)} ms/file   for reference)`);
  console.log(`  full check        ${checkMs.toFixed(0).padStart(6)} ms   ${perFile(checkMs)} ms/file`);
  console.log(`  ratio             ${(checkMs / parseMs).toFixed(2)}x    check / bare js-yaml parse (target: at most 1 ms/file and 2x)`);
  const ok = checkMs / files.length <= 1 && checkMs / parseMs <= 2;
  console.log(ok ? '  within target' : '  OVER TARGET');
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
