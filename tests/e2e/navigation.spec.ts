import { expect, test, type Page } from '@playwright/test';
import { holdPageChunks, openPage, watch } from './site.ts';

// Issue 29: the browser carries no list of the site's pages. Going to another page fetches that page's data
// (the file the build wrote for it) and its template's code, nothing that lists every page.

/** The site's own files the page asks for from now on, as paths. */
function requested(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'fetch' || url.pathname.endsWith('.js')) paths.push(url.pathname);
  });
  return paths;
}

/** Every request the page makes from now on (whatever asks: a fetch, a preload), as paths. */
function everyRequest(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => void paths.push(new URL(request.url()).pathname));
  return paths;
}

const dataFile = /^\/assets\/data\/[\w-]+\/(.+)\.json$/;
/** The data files among the requests, by the page path they hold (`index` is the home page, `shell.<lang>` a language's shell). */
const dataOf = (paths: string[]) => paths.flatMap((p) => dataFile.exec(p)?.[1] ?? []);

test.describe('going from page to page', () => {
  test("an article opened from the blog fetches its own data and the article's code, and nothing listing the pages", async ({ page, baseURL }) => {
    const problems = watch(page, baseURL!);
    await openPage(page, '/blog');
    const paths = requested(page);
    await page
      .getByRole('main')
      .getByRole('link', { name: /CAD\/CAM/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/blog\/cad-cam-techniques-in-dental-prosthetics$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('CAD/CAM techniques in dental prosthetics');
    expect(dataOf(paths)).toEqual(['blog/cad-cam-techniques-in-dental-prosthetics']);
    // Code only: the template and the parts it is made of, none of them a table of content.
    const scripts = paths.filter((p) => p.endsWith('.js'));
    expect(scripts.some((p) => /\/article-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.filter((p) => /loaders|cad-cam|\.en-|\.nl-/.test(p))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("switching language fetches the other language's shell and the page's data in it", async ({ page, baseURL }) => {
    const problems = watch(page, baseURL!);
    await openPage(page, '/services/crowns-bridges');
    const paths = requested(page);
    await page.getByRole('link', { name: /^NL\b/ }).first().click();
    await expect(page).toHaveURL(/\/nl\/services\/crowns-bridges$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kronen, bruggen en facings uit ons laboratorium');
    expect(dataOf(paths).sort()).toEqual(['nl/services/crowns-bridges', 'shell.nl']);
    expect(problems).toEqual([]);
  });

  test("an unknown article hydrates as the not-found message it was sent as, fetching no page's data", async ({ page, baseURL }) => {
    const problems = watch(page, baseURL!);
    const paths = everyRequest(page);
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The article was not found');
    // Only its language's shell (the header, the footer and the not-found texts), which it hydrates from.
    expect(dataOf(paths)).toEqual(['shell.en']);
    // The document's own 404 is the one line in the console; React reports no mismatch.
    expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});

// A built page carries its data once: as HTML. The router's data for hydrating names the build's data files
// (the same the browser fetches to show a page after another), which the page asks for with its app's code.
test.describe('a first visit', () => {
  for (const [path, files] of [
    ['/for-doctors', ['for-doctors', 'shell.en']],
    ['/nl/testimonials', ['nl/testimonials', 'shell.nl']],
    ['/', ['index', 'shell.en']],
  ] as const) {
    test(`to ${path} hydrates from its data files, each asked for once, and its HTML does not repeat them`, async ({ page, baseURL, request }) => {
      const problems = watch(page, baseURL!);
      const paths = everyRequest(page);
      await openPage(page, path);
      expect(dataOf(paths).sort()).toEqual([...files].sort());
      // Live: the services menu's button opens it.
      const toggle = page.getByRole('navigation').locator('button[aria-controls]').first();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // A sentence of the page's content is in its HTML once, where it is shown; the router's data holds no copy of it.
      const html = await (await request.get(path)).text();
      const sentence = (await page.getByRole('main').locator('p').first().textContent())!.trim().slice(0, 60);
      expect(sentence.length).toBeGreaterThan(30);
      expect(html.split(sentence.replace(/&/g, '&amp;')).length - 1).toBe(1);
      expect(problems).toEqual([]);
    });
  }

  test('without its data the page stays as the server sent it, working without scripts, and says why in the console', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await page.route(/\/assets\/data\//, (route) => route.abort('connectionrefused'));
    await page.goto('/services/zirconia');
    await expect.poll(() => errors.some((e) => e.startsWith('Not hydrated:'))).toBe(true);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Its links are the browser's own: one leads to its page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe('coming alive', () => {
  for (const path of ['/services/zirconia', '/for-doctors#order']) {
    test(`leaves a visitor who scrolled on ${path} before it was live where they are`, async ({ page }) => {
      const release = await holdPageChunks(page);
      await page.goto(path);
      await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
      release();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      // The first render is no navigation: nothing sends the page back to the top or to its #hash.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => window.scrollY)).toBe(900);
      // A navigation afterwards still starts at the top of the next page.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).first().click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  }
});
