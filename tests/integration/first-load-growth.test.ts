import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticSite } from '../../scripts/synthetic-site.ts';
import { projectRoot } from '../support/fixtures.ts';

// Issue 29: what a first visit fetches is not heavier for more content. The site's content with 1,000 more
// articles is bundled for the browser beside the content as it is, and every kind of page's first-load
// JavaScript (gzipped, counted as bench:size counts it) is held to within 0.1 KB of its twin's.

/** Bundles the app for a content folder and weighs each kind of page (scripts/client-weight.ts), in its own process with production React. */
function weigh(contentRoot: string): Promise<Record<string, number>> {
  const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
  const child = spawn(
    process.execPath,
    [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/client-weight.ts', `--content-root=${contentRoot}`, `--out=${join(contentRoot, 'out')}`],
    { cwd: projectRoot, env },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Record<string, number>);
      else reject(new Error(`the client bundle did not build (exit ${code}):\n${stdout}\n${stderr}`));
    });
  });
}

describe('first-load JavaScript as the blog grows', () => {
  it('is the same, within 0.1 KB, for every kind of page with 6 articles and with 1,006', { timeout: 600_000 }, async () => {
    const today = syntheticSite(0);
    const grown = syntheticSite(1000);
    try {
      const [small, large] = [await weigh(today.root), await weigh(grown.root)];
      expect(Object.keys(large).sort()).toEqual(Object.keys(small).sort());
      // Every kind of page is weighed, the not-found page too.
      expect(Object.keys(small)).toEqual(expect.arrayContaining(['home', 'blog', 'article', 'detail', 'category', 'for-doctors', 'not-found']));
      const grew = Object.entries(large)
        .filter(([template, bytes]) => Math.abs(bytes - small[template]!) > 0.1 * 1024)
        .map(([template, bytes]) => `${template}: ${(small[template]! / 1024).toFixed(2)} KB with 6 articles, ${(bytes / 1024).toFixed(2)} KB with 1,006`);
      expect(grew).toEqual([]);
    } finally {
      today.cleanup();
      grown.cleanup();
    }
  });
});
