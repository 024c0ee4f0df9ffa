import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../scripts/dev.ts';
import { launchBrowser } from '../support/browser.ts';
import { fixtureSite } from '../support/fixtures.ts';

// The real content has no chat configured, so this runs the dev server over the fixture site with a
// widget id: the chat must cost nothing, and reach no one, until the visitor starts it.
describe('the chat on the contact page', () => {
  let site: ReturnType<typeof fixtureSite>;
  let vite: ViteDevServer;
  let server: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    site = fixtureSite();
    const settings = join(site.root, 'content', 'site.yaml');
    writeFileSync(settings, readFileSync(settings, 'utf8').replace('chatWidgetId: null', 'chatWidgetId: 64abc123/1hdef456'));
    ({ server, vite, url } = await startDevServer({ port: 0, contentRoot: site.root, outDir: join(site.root, 'generated') }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await vite?.close();
    site?.cleanup();
  });

  it('loads the provider script only after "Start a chat" is clicked, then opens the chat', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(url)) outside.push(request.url());
    });
    // A stand-in for the provider's script: it reports itself loaded, as the real one does.
    await page.route('https://embed.tawk.to/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.Tawk_API.maximize = () => { window.chatOpened = true; }; window.Tawk_API.onLoad();' }),
    );
    await page.goto(`${url}/contact`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    const start = page.getByRole('button', { name: 'Start a chat' });
    await start.waitFor({ timeout: 15_000 });
    expect(outside).toEqual([]);

    await start.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { chatOpened?: boolean }).chatOpened), { timeout: 15_000 }).toBe(true);
    expect(outside).toEqual(['https://embed.tawk.to/64abc123/1hdef456']);
    await page.close();
  });

  it('says so when the chat cannot be loaded', async () => {
    const page = await browser.newPage();
    await page.route('https://embed.tawk.to/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${url}/nl/contact`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Start een chat' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'De chat kon niet worden geladen' }).count(), { timeout: 15_000 }).toBe(1);
    await page.close();
  });
});
