import { expect, test, type Page } from '@playwright/test';
import { openPage, watch } from './site.ts';

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

const dataFile = /^\/assets\/data\/[\w-]+\/(.+)\.json$/;
/** The data files among the requests, by the page path they hold (`index` is the home page, `shell.<lang>` a language's shell). */
const dataOf = (paths: string[]) => paths.flatMap((p) => dataFile.exec(p)?.[1] ?? []);

test.describe('going from page to page', () => {
  test('an article opened from the blog fetches its own data and the article\'s code, and nothing listing the pages', async ({ page, baseURL }) => {
    const problems = watch(page, baseURL!);
    await openPage(page, '/blog');
    const paths = requested(page);
    await page.getByRole('main').getByRole('link', { name: /CAD\/CAM/ }).first().click();
    await expect(page).toHaveURL(/\/blog\/cad-cam-techniques-in-dental-prosthetics$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('CAD/CAM techniques in dental prosthetics');
    expect(dataOf(paths)).toEqual(['blog/cad-cam-techniques-in-dental-prosthetics']);
    // Code only: the template and the parts it is made of, none of them a table of content.
    const scripts = paths.filter((p) => p.endsWith('.js'));
    expect(scripts.some((p) => /\/article-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.filter((p) => /loaders|cad-cam|\.en-|\.nl-/.test(p))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('switching language fetches the other language\'s shell and the page\'s data in it', async ({ page, baseURL }) => {
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

  test('an unknown article hydrates as the not-found message it was sent as, fetching no data', async ({ page, baseURL }) => {
    const problems = watch(page, baseURL!);
    const paths = requested(page);
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The article was not found');
    expect(dataOf(paths)).toEqual([]);
    // The document's own 404 is the one line in the console; React reports no mismatch.
    expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});
