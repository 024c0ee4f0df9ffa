import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overBudget, pageWeight, type PageWeight } from '../../scripts/page-weight.ts';
import { projectRoot } from '../support/fixtures.ts';

const client = join(projectRoot, 'tests', 'fixtures', 'dist', 'client');
const gz = (url: string) => statSync(join(client, `${url}.gz`)).size;

describe('page weight', () => {
  it('counts the gzipped scripts and stylesheets a page names, and its inline scripts apart', () => {
    const weight = pageWeight(client, '/', 'index.html', 'home');
    const html = readFileSync(join(client, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    expect(weight.files).toEqual(['/assets/entry-client-BX3k9aQ1.js', '/assets/style-Dk2mQ8aZ.css']);
    expect(weight.js).toBe(gz('assets/entry-client-BX3k9aQ1.js'));
    expect(weight.inline).toBe(gzipSync(inline, { level: 9 }).length);
    expect(weight.css).toBe(gz('assets/style-Dk2mQ8aZ.css'));
  });

  it('names every page over its JavaScript or CSS budget', () => {
    const weights: PageWeight[] = [
      { path: '/', kind: 'home', js: 120 * 1024, inline: 0, css: 10 * 1024, files: [] },
      { path: '/nl', kind: 'home', js: 90 * 1024, inline: 0, css: 21 * 1024, files: [] },
      { path: '/about', kind: 'about', js: 110 * 1024, inline: 50 * 1024, css: 20 * 1024, files: [] },
    ];
    expect(overBudget(weights)).toEqual([
      '/ (home) loads 120.0 KB of JavaScript; the budget is 110.0 KB',
      '/nl (home) loads 21.0 KB of CSS; the budget is 20.0 KB',
    ]);
  });
});
