import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../support/fixtures.ts';

// A build does no work for what did not change since the last one (issue 29): its two bundles come from the
// cache when no file they are made from changed, and a page whose inputs are unchanged is neither loaded nor
// rendered again. What it writes is the same, byte for byte, as a build from nothing. Built from a copy of
// the fixture site with a cache of its own, as `npm run build` runs (its own process, production React).

let root: string;
const scratch = join(projectRoot, 'tests', '.tmp');

/** Builds the copy; resolves with what the build said. */
function build(): string {
  const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
  const args = ['scripts/build.ts', `--content-root=${root}`, `--manifest-dir=${join(root, 'generated')}`, `--dist=${join(root, 'dist')}`, `--cache-dir=${join(root, 'cache')}`];
  const result = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args], { cwd: projectRoot, env, encoding: 'utf8' });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Every file the build wrote, by its path under dist/, with a hash of its bytes. */
function written(): Map<string, string> {
  const dist = join(root, 'dist');
  return new Map(
    (readdirSync(dist, { recursive: true }) as string[])
      .filter((file) => statSync(join(dist, file)).isFile())
      .sort()
      .map((file) => [
        file,
        createHash('sha256')
          .update(readFileSync(join(dist, file)))
          .digest('hex'),
      ]),
  );
}

const rendered = (said: string) => Number(/\((\d+) rendered/.exec(said)?.[1]);

describe('a build after a build', () => {
  let cold: { said: string; files: Map<string, string> };
  let warm: { said: string; files: Map<string, string> };
  let edited: { said: string; files: Map<string, string> };

  beforeAll(() => {
    mkdirSync(scratch, { recursive: true });
    root = mkdtempSync(join(scratch, 'incremental-'));
    cpSync(join(projectRoot, 'tests', 'fixtures', 'valid'), root, { recursive: true });
    cold = { said: build(), files: written() };
    warm = { said: build(), files: written() };
    // One sentence of one page (the English about page) changes.
    const about = join(root, 'content', 'pages', 'about.yaml');
    writeFileSync(about, readFileSync(about, 'utf8').replace('text: { en: Good work., nl: Goed werk. }', 'text: { en: Careful work., nl: Goed werk. }'));
    edited = { said: build(), files: written() };
  }, 300_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('the first bundles and renders everything', () => {
    expect(cold.said).toContain('both bundles made');
    expect(rendered(cold.said)).toBeGreaterThan(20);
  });

  it('with nothing changed, takes both bundles from the cache, renders no page, and writes the same files, byte for byte', () => {
    expect(warm.said).toContain('both bundles from the cache');
    expect(rendered(warm.said)).toBe(0);
    expect(warm.said).toMatch(/a search index of \d+ pages in \d+ files, \d+ KB from the cache/);
    expect([...warm.files.keys()]).toEqual([...cold.files.keys()]);
    const differing = [...warm.files].filter(([file, hash]) => cold.files.get(file) !== hash).map(([file]) => file);
    expect(differing).toEqual([]);
  });

  it("with one page changed, makes the server bundle (it holds the content) but not the browser's, and renders that page alone", () => {
    expect(edited.said).toContain("the browser's bundle from the cache, the server's made");
    expect(rendered(edited.said)).toBe(1);
    // The search index is made again from the pages, the changed one among them.
    expect(edited.said).toMatch(/a search index of \d+ pages in \d+ files, \d+ KB;/);
    const about = readFileSync(join(root, 'dist', 'client', 'about', 'index.html'), 'utf8');
    expect(about).toContain('Careful work.');
    // Every other page is the one a build from nothing would write: the same but for the name of the folder of the pages' data.
    const folder = (files: Map<string, string>) => [...files.keys()].find((file) => file.startsWith('client/assets/data/'))!.split('/')[3]!;
    const [before, after] = [folder(warm.files), folder(edited.files)];
    expect(after).not.toBe(before);
    const home = readFileSync(join(root, 'dist', 'client', 'index.html'), 'utf8');
    expect(home).toContain(`/assets/data/${after}/`);
    expect(home).not.toContain('__this-build__');
  });
});
