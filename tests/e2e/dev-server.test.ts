import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPlugin } from '../../scripts/content/vite-plugin.ts';
import { launchBrowser } from '../support/browser.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

describe('the dev server', () => {
  let site: ReturnType<typeof fixtureSite>;
  let server: ViteDevServer;
  let browser: Browser;
  let page: Page;
  let aboutFile: string;
  let original: string;

  beforeAll(async () => {
    site = fixtureSite();
    aboutFile = join(site.root, 'content', 'pages', 'about.yaml');
    original = readFileSync(aboutFile, 'utf8');
    server = await createServer({
      configFile: false,
      root: projectRoot,
      logLevel: 'silent',
      plugins: [contentPlugin({ root: projectRoot, contentRoot: site.root, outDir: join(site.root, 'generated') }), react()],
      server: { host: '127.0.0.1', port: 0 },
    });
    await server.listen();
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    site?.cleanup();
  });

  it('updates the open page after a content change, without a full reload', async () => {
    await page.goto(`${server.resolvedUrls!.local[0]}about`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('About us');
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

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
