import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../scripts/dev.ts';
import { launchBrowser } from '../support/browser.ts';
import { fixtureSite } from '../support/fixtures.ts';

describe('the dev server', () => {
  let site: ReturnType<typeof fixtureSite>;
  let vite: ViteDevServer;
  let server: Server;
  let url: string;
  let browser: Browser;
  let page: Page;
  let aboutFile: string;
  let original: string;

  beforeAll(async () => {
    site = fixtureSite();
    aboutFile = join(site.root, 'content', 'pages', 'about.yaml');
    original = readFileSync(aboutFile, 'utf8');
    ({ server, vite, url } = await startDevServer({ port: 0, contentRoot: site.root, outDir: join(site.root, 'generated') }));
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });
  const problems: string[] = [];

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await vite?.close();
    site?.cleanup();
  });

  it('updates the open page after a content change, without a full reload', async () => {
    await page.goto(`${url}/about`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('About us');
    // The app comes alive once the page has painted; from then on it follows the content.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    // React's development build reports any hydration mismatch as a console error.
    expect(problems).toEqual([]);

    writeFileSync(aboutFile, original.replace('  title: { en: About us,', '  title: { en: About our lab,'));

    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('About our lab');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('shows a content error in the overlay with its file, line and column', async () => {
    writeFileSync(aboutFile, original.replace('  title: { en: About us, nl: Over ons }', '  title: { en: About us }'));
    const overlay = page.locator('vite-error-overlay');
    await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(1);
    const text = await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '');
    expect(text).toContain('content/pages/about.yaml:10:10 i18n/missing-nl hero.title: the Dutch text is missing');
  });
});
