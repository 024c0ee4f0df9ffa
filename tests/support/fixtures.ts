import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(projectRoot, 'tests', 'fixtures');

/**
 * A copy of the valid fixture site in a temporary folder with one bad-content case laid over it
 * (tests/fixtures/bad/<name>/ holds only the files that differ) and the named files removed.
 */
export function fixtureSite(options: { bad?: string[]; remove?: string[] } = {}): { root: string; cleanup: () => void } {
  const scratch = join(projectRoot, 'tests', '.tmp');
  mkdirSync(scratch, { recursive: true });
  const root = mkdtempSync(join(scratch, 'site-'));
  cpSync(join(fixtures, 'valid'), root, { recursive: true });
  for (const name of options.bad ?? []) cpSync(join(fixtures, 'bad', name), root, { recursive: true });
  for (const file of options.remove ?? []) rmSync(join(root, file));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * The valid fixture site (every fact confirmed) built as `npm run build` builds it, in its own process with
 * production React: a release with `release: true`. Resolves with the build's folder.
 */
export function buildFixtureSite(options: { release: boolean }): { root: string; dist: string; cleanup: () => void } {
  const site = fixtureSite();
  const dist = join(site.root, 'dist');
  const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
  const args = ['scripts/build.ts', `--content-root=${site.root}`, `--manifest-dir=${join(site.root, 'generated')}`, `--dist=${dist}`, ...(options.release ? ['--release'] : [])];
  const result = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args], { cwd: projectRoot, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the fixture site did not build:\n${result.stdout}\n${result.stderr}`);
  return { root: site.root, dist, cleanup: site.cleanup };
}
