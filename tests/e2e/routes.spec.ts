import { expect, test } from '@playwright/test';
import { pages, watch } from './site.ts';

test.describe('every page', () => {
  for (const path of pages) {
    test(`${path} loads with one h1, its language and a title, and nothing goes wrong`, async ({ page, baseURL }) => {
      const problems = watch(page, baseURL!);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('html')).toHaveAttribute('lang', path === '/nl' || path.startsWith('/nl/') ? 'nl' : 'en');
      expect((await page.title()).length).toBeGreaterThan(10);
      // Hydration finished: React took over the page (the mark its first effect sets) without complaint.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(problems).toEqual([]);
    });
  }
});

test.describe('pages that do not exist', () => {
  const cases = [
    { path: '/no-such-page', lang: 'en', heading: 'Oops! Page not found' },
    { path: '/nl/geen-pagina', lang: 'nl', heading: 'Oeps! Pagina niet gevonden' },
    { path: '/services/zirconiaa', lang: 'en', heading: 'Oops! Page not found' },
    { path: '/blog/no-such-article', lang: 'en', heading: 'The article was not found' },
    { path: '/nl/blog/geen-artikel', lang: 'nl', heading: 'Het artikel is niet gevonden' },
  ];
  for (const { path, lang, heading } of cases) {
    test(`${path} answers 404 with the not-found page in its language`, async ({ page, baseURL }) => {
      const problems = watch(page, baseURL!);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      // The browser reports the 404 document itself; nothing else may go wrong.
      expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    });
  }

  test('the not-found page links home and the article one back to the blog', async ({ page }) => {
    await page.goto('/nl/geen-pagina');
    await page.getByRole('main').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/nl$/);
    await page.goto('/blog/no-such-article');
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test('old addresses redirect permanently to their pages', async ({ request }) => {
  for (const [from, to] of [['/services/orthodontics1', '/services/orthodontics'], ['/nl/services/dentures1', '/nl/services/dentures'], ['/about/', '/about']] as const) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe(to);
  }
});

test('a service page offers to book an appointment in its language', async ({ page }) => {
  await page.goto('/nl/services/veneers');
  // The hero's button; the closing banner offers the same.
  const book = page.getByRole('main').getByRole('link', { name: 'Afspraak maken' });
  await expect(book).toHaveCount(2);
  await book.first().click();
  await expect(page).toHaveURL(/\/nl\/appointment$/);
  await page.goto('/services/dentures');
  await expect(page.getByRole('main').getByRole('link', { name: 'Book an appointment' }).first()).toHaveAttribute('href', '/appointment');
});
