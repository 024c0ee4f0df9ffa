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
