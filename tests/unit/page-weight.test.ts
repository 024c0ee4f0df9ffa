import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

  it("counts what the page's one script imports and the app files it fetches after the first paint, each once", () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-weight-'));
    try {
      const files: Record<string, string> = {
        'assets/boot-a.js': 'import{n as e}from"./early-b.js";e(()=>import(`./entry-c.js`));',
        'assets/early-b.js': 'export const n=(l)=>l();',
        'assets/entry-c.js': 'import{r}from"./router-d.js";import"./early-b.js";r();',
        'assets/router-d.js': `export const r=()=>${JSON.stringify('router '.repeat(50))};`,
        'assets/detail-e.js': 'import{h}from"./hero-f.js";import{r}from"./router-d.js";h(r);',
        'assets/hero-f.js': 'export const h=(x)=>x;',
        'assets/home-g.js': 'export default 1;',
        'assets/not-found-h.js': 'export default 2;',
        'assets/data/v1/shell.en.json': JSON.stringify({ shell: 'header and footer '.repeat(40) }),
        'assets/data/v1/services/x.json': JSON.stringify({ content: 'a service '.repeat(90) }),
      };
      const page = (app: string[], data: string[]) =>
        `<!DOCTYPE html><html lang="en"><head><script type="application/json" id="app-assets">${JSON.stringify({ styles: [], scripts: ['/assets/boot-a.js'], app: '/assets/entry-c.js', data: '/assets/data/v1/' })}</script>` +
        `<script type="application/json" id="app-files">${JSON.stringify(app)}</script><script type="application/json" id="app-data">${JSON.stringify(data)}</script></head><body><script type="module" src="/assets/boot-a.js"></script></body></html>`;
      files['detail.html'] = page(['/assets/entry-c.js', '/assets/router-d.js', '/assets/detail-e.js', '/assets/hero-f.js'], ['shell.en.json', 'services/x.json']);
      files['404.html'] = page(['/assets/entry-c.js', '/assets/router-d.js', '/assets/not-found-h.js'], ['shell.en.json']);
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(join(dir, name, '..'), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      const size = (name: string) => gzipSync(readFileSync(join(dir, name)), { level: 9 }).length;
      const detail = pageWeight(dir, '/services/x', 'detail.html', 'detail');
      expect(detail.files.sort()).toEqual(['/assets/boot-a.js', '/assets/detail-e.js', '/assets/early-b.js', '/assets/entry-c.js', '/assets/hero-f.js', '/assets/router-d.js']);
      expect(detail.js).toBe(['boot-a', 'early-b', 'entry-c', 'router-d', 'detail-e', 'hero-f'].reduce((n, f) => n + size(`assets/${f}.js`), 0));
      // The data files the app hydrates from, apart from the scripts.
      expect(detail.data).toBe(size('assets/data/v1/shell.en.json') + size('assets/data/v1/services/x.json'));
      expect(pageWeight(dir, '/nope', '404.html', 'not-found').data).toBe(size('assets/data/v1/shell.en.json'));
      expect(pageWeight(dir, '/nope', '404.html', 'not-found').files.sort()).toEqual([
        '/assets/boot-a.js',
        '/assets/early-b.js',
        '/assets/entry-c.js',
        '/assets/not-found-h.js',
        '/assets/router-d.js',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every page over its JavaScript or CSS budget', () => {
    const weights: PageWeight[] = [
      { path: '/', kind: 'home', js: 120 * 1024, inline: 0, data: 0, css: 10 * 1024, files: [] },
      { path: '/nl', kind: 'home', js: 90 * 1024, inline: 0, data: 0, css: 21 * 1024, files: [] },
      { path: '/about', kind: 'about', js: 110 * 1024, inline: 50 * 1024, data: 0, css: 20 * 1024, files: [] },
    ];
    expect(overBudget(weights)).toEqual(['/ (home) loads 120.0 KB of JavaScript; the budget is 110.0 KB', '/nl (home) loads 21.0 KB of CSS; the budget is 20.0 KB']);
  });
});
