/**
 * A copy of the site's content with synthetic articles added, as an author adds them: each a copy of one of
 * the real articles under a slug of its own, its Dutch confirmed as the real ones are. The benchmarks and the
 * first-load test build it to show how the site's cost grows with the content.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run as translations } from './translations.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Makes a folder below `scratch` (which must be inside the project, so that built server code finds the
 * project's packages) holding the site's content/ and src/assets/ with `articles` synthetic articles added.
 */
export function syntheticSite(articles: number, scratch = join(root, 'tests', '.tmp')): { root: string; cleanup: () => void } {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, `synthetic-${articles}-`));
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  cpSync(join(root, 'src', 'assets'), join(dir, 'src', 'assets'), { recursive: true });
  if (articles > 0) {
    const folder = join(dir, 'content', 'articles');
    const originals = readdirSync(folder)
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => readFileSync(join(folder, f), 'utf8'));
    if (!originals.length) throw new Error('the site has no article to copy');
    for (let i = 0; i < articles; i++) {
      const text = originals[i % originals.length]!;
      const slug = `${/^slug: (.+)$/m.exec(text)![1]}-copy-${i + 1}`;
      writeFileSync(join(folder, `${slug}.yaml`), text.replace(/^slug: .+$/m, `slug: ${slug}`));
    }
    // Every Dutch text confirmed against its English, as in the real content.
    const silent = { log: () => undefined, error: (text: string) => console.error(text) };
    if (translations(['--confirm', 'content/articles', `--root=${dir}`], silent) !== 0) throw new Error("could not confirm the synthetic articles' translations");
  }
  return { root: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
