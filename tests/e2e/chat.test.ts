import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/log.ts';
import { startServer, stopServer } from '../../src/server/server.ts';
import { launchBrowser } from '../support/browser.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

// The real content has no chat configured, so this builds the fixture site with a widget id and serves
// it as production does (`npm start`'s server, with its Content-Security-Policy): the chat must cost
// nothing, and reach no one, until the visitor starts it, and then the page's policy must let it load.
// The network is closed, so the provider's script is answered by a stand-in; the browser still checks
// the policy before it asks for the script, so a policy that blocks it fails here.
describe('the chat on the contact page, served by the production server', () => {
  let site: ReturnType<typeof fixtureSite>;
  let server: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    site = fixtureSite();
    const settings = join(site.root, 'content', 'site.yaml');
    writeFileSync(settings, readFileSync(settings, 'utf8').replace('chatWidgetId: null', 'chatWidgetId: 64abc123/1hdef456'));
    // The server refuses a build that lacks a text its forms and mails use: the site's own interface texts are complete.
    copyFileSync(join(projectRoot, 'content', 'ui.yaml'), join(site.root, 'content', 'ui.yaml'));
    const dist = join(site.root, 'dist');
    // As `npm run build` runs it: its own process, with production React (a test's NODE_ENV would not be).
    const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
    const args = ['scripts/build.ts', `--content-root=${site.root}`, `--manifest-dir=${join(site.root, 'generated')}`, `--dist=${dist}`];
    const build = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args], { cwd: projectRoot, env, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const dataDir = mkdtempSync(join(site.root, 'data-'));
    server = await startServer({
      distDir: dist,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logger: createLogger({ level: 'silent' }),
    });
    url = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
    site?.cleanup();
  });

  it('allows the provider only on the page that offers the chat', async () => {
    const contact = (await fetch(`${url}/contact`)).headers.get('content-security-policy')!;
    expect(contact).toMatch(/script-src 'self'[^;]* https:\/\/\*\.tawk\.to/);
    expect(contact).toMatch(/connect-src 'self' https:\/\/\*\.tawk\.to wss:\/\/\*\.tawk\.to/);
    // The Dutch page's inline scripts differ, and so do their hashes; the chat's sources are the same.
    const withoutHashes = (policy: string | null) => policy?.replace(/ 'sha256-[^']+'/g, '');
    expect(withoutHashes((await fetch(`${url}/nl/contact`)).headers.get('content-security-policy'))).toBe(withoutHashes(contact));
    for (const path of ['/', '/about', '/nl/blog']) {
      expect((await fetch(`${url}${path}`)).headers.get('content-security-policy'), path).not.toContain('tawk');
    }
  });

  it('loads the provider script only after "Start a chat" is clicked, then opens the chat', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(url)) outside.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // A stand-in for the provider's script: it reports itself loaded, as the real one does.
    await page.route('https://embed.tawk.to/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.Tawk_API.maximize = () => { window.chatOpened = true; }; window.Tawk_API.onLoad();',
      }),
    );
    const response = await page.goto(`${url}/contact`);
    expect(response?.headers()['content-security-policy']).toContain('https://*.tawk.to');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    const start = page.getByRole('button', { name: 'Start a chat' });
    await start.waitFor({ timeout: 15_000 });
    expect(outside).toEqual([]);

    await start.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { chatOpened?: boolean }).chatOpened), { timeout: 15_000 }).toBe(true);
    expect(outside).toEqual(['https://embed.tawk.to/64abc123/1hdef456']);
    expect(refused).toEqual([]);
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
