import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../scripts/dev.ts';
import { launchBrowser } from '../support/browser.ts';
import { projectRoot } from '../support/fixtures.ts';

// What an author sees in `npm run dev`, with Tailwind and the rest of the project's dev server, on a copy
// of the project's own content/ and images: the test edits the copy, so a run cut short changes nothing.
// The copy lies in tests/.tmp/, which Tailwind never scans (git-ignored); that content/ itself stays out
// of Tailwind's sources is tested by telling the dev server that a file there changed.

describe("the dev server on the project's own content", () => {
  let copy: string;
  let contactFile: string;
  let original: string;
  let vite: ViteDevServer;
  let server: Server;
  let url: string;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    const scratch = join(projectRoot, 'tests', '.tmp');
    mkdirSync(scratch, { recursive: true });
    copy = mkdtempSync(join(scratch, 'dev-content-'));
    cpSync(join(projectRoot, 'content'), join(copy, 'content'), { recursive: true });
    cpSync(join(projectRoot, 'src', 'assets', 'images'), join(copy, 'src', 'assets', 'images'), { recursive: true });
    contactFile = join(copy, 'content', 'pages', 'contact.yaml');
    original = readFileSync(contactFile, 'utf8');
    ({ server, vite, url } = await startDevServer({ port: 0, contentRoot: copy, outDir: join(copy, 'generated') }));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await vite?.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  const marked = () => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
  const overlay = () => page.locator('vite-error-overlay');

  it('updates the open page after a valid edit without a reload: what was typed and the scroll position stay', async () => {
    await page.goto(`${url}/contact`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Contact us');
    const name = page.getByLabel('Full name');
    await name.fill('Dr. A. de Vries');
    await page.evaluate(() => {
      window.scrollTo(0, 400);
      Object.assign(window, { notReloaded: true });
    });

    // A save in the project's content/, as Vite's watcher reports it: were content/ among Tailwind's
    // sources (src/styles.css), Tailwind would answer with a full reload before the check's update came.
    vite.watcher.emit('change', join(projectRoot, 'content', 'pages', 'contact.yaml'));
    writeFileSync(contactFile, original.replace('    en: Contact us\n', '    en: Contact our lab\n'));

    await expect.poll(() => page.locator('h1').textContent(), { timeout: 20_000 }).toBe('Contact our lab');
    expect(await marked()).toBe(true);
    expect(await name.inputValue()).toBe('Dr. A. de Vries');
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    expect(problems).toEqual([]);
  });

  it('shows a broken edit in the overlay with its file:line:col, keeps it until the file is fixed, then updates the page', async () => {
    writeFileSync(contactFile, original.replace('    en: Contact us\n', ''));
    await expect.poll(() => overlay().count(), { timeout: 20_000 }).toBe(1);
    const text = await overlay().evaluate((el) => el.shadowRoot?.textContent ?? '');
    expect(text).toContain('content/pages/contact.yaml:19:5 i18n/missing-en hero.title: the English text is missing');

    // Another broken save: the overlay is still there (a reload would have removed it with the page's state).
    writeFileSync(contactFile, original.replace('    en: Contact us\n', '    en:\n'));
    await expect.poll(async () => (await overlay().evaluate((el) => el.shadowRoot?.textContent ?? '')).includes('content/pages/contact.yaml:19:5 i18n/empty-en'), { timeout: 20_000 }).toBe(true);
    expect(await overlay().count()).toBe(1);
    expect(await marked()).toBe(true);

    writeFileSync(contactFile, original.replace('    en: Contact us\n', '    en: Contact the lab\n'));
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 20_000 }).toBe('Contact the lab');
    await expect.poll(() => overlay().count(), { timeout: 20_000 }).toBe(0);
    expect(await marked()).toBe(true);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Dr. A. de Vries');
  });
});
