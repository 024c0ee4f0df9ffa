import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SiteIndex } from '../../schemas/site-index.ts';

/** Reads and checks `<distDir>/site.json`; throws with the file and the first problems when it is wrong. */
export function loadSiteIndex(distDir: string): SiteIndex {
  const file = join(distDir, 'site.json');
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const result = SiteIndex.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`${file} does not match the build contract:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
