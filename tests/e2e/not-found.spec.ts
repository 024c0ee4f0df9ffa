import { expect, test, type Page } from '@playwright/test';
import { openPage, watch } from './site.ts';

const pages = {
  en: {
    path: '/nope',
    title: /^page not found$/i,
    heading: 'Oops! Page not found',
    picture: 'Illustration of a tooth beside a large magnifying glass',
    ways: [
      ['Services', '/services'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
      ['Back to home', '/'],
    ],
    switchTo: /^NL\b/,
  },
  nl: {
    path: '/nl/nope',
    title: /^pagina niet gevonden$/i,
    heading: 'Oeps! Pagina niet gevonden',
    picture: 'Illustratie van een tand naast een groot vergrootglas',
    ways: [
      ['Diensten', '/nl/services'],
      ['Blog', '/nl/blog'],
      ['Contact', '/nl/contact'],
      ['Terug naar de homepagina', '/nl'],
    ],
    switchTo: /^EN\b/,
  },
} as const;

/** The not-found page of a language as a visitor finds it: its title, heading, picture and ways on. */
async function expectNotFoundPage(page: Page, lang: keyof typeof pages) {
  const { title, heading, picture, ways } = pages[lang];
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page).toHaveTitle(title);
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
  const img = main.getByRole('img', { name: picture, exact: true });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  for (const [name, href] of ways) await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
}

test.describe('the not-found page', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`${pages[lang].path} answers 404 with a title, the picture and the ways on to services, blog, contact and home, in its language`, async ({ page, baseURL }) => {
      const problems = watch(page, baseURL!);
      const response = await page.goto(pages[lang].path);
      expect(response?.status()).toBe(404);
      await expectNotFoundPage(page, lang);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      // The browser reports the 404 document itself; nothing else may go wrong, hydration included.
      expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    });
  }

  test('a way on leads to its page, whose title then replaces the not-found one', async ({ page }) => {
    await openPage(page, '/nl/nope');
    await page.getByRole('main').getByRole('link', { name: 'Diensten', exact: true }).click();
    await expect(page).toHaveURL(/\/nl\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page).not.toHaveTitle(pages.nl.title);
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('is also what a visitor sees who reaches a missing page inside the site, with its own title', async ({ page }) => {
    await openPage(page, '/contact');
    await expect(page).not.toHaveTitle(pages.en.title);
    // Back into a missing page: the router, not the server, shows it.
    await page.evaluate(() => {
      history.pushState(null, '', '/nope');
      history.pushState(null, '', '/contact');
      history.back();
    });
    await expect(page).toHaveURL(/\/nope$/);
    await expectNotFoundPage(page, 'en');
  });
});

test.describe('the language switch on a not-found page', () => {
  test('leads to the same missing path in the other language and back, inside the site', async ({ page }) => {
    await openPage(page, '/nope');
    const toDutch = page.getByRole('banner').getByRole('link', { name: pages.en.switchTo });
    await expect(toDutch).toHaveAttribute('href', '/nl/nope');
    await toDutch.click();
    await expect(page).toHaveURL(/\/nl\/nope$/);
    await expectNotFoundPage(page, 'nl');
    const toEnglish = page.getByRole('banner').getByRole('link', { name: pages.nl.switchTo });
    await expect(toEnglish).toHaveAttribute('href', '/nope');
    await toEnglish.click();
    await expect(page).toHaveURL(/\/nope$/);
    await expectNotFoundPage(page, 'en');
  });

  test('keeps the path of a missing article too', async ({ page }) => {
    await openPage(page, '/nl/blog/geen-artikel');
    await expect(page).toHaveTitle(/^het artikel is niet gevonden$/i);
    await expect(page.getByRole('banner').getByRole('link', { name: pages.nl.switchTo })).toHaveAttribute('href', '/blog/geen-artikel');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('leads to the same missing path in the other language, as the server writes it into the page', async ({ page }) => {
      await page.goto('/nope');
      const toDutch = page.getByRole('banner').getByRole('link', { name: pages.en.switchTo });
      await expect(toDutch).toHaveAttribute('href', '/nl/nope');
      await toDutch.click();
      await expect(page).toHaveURL(/\/nl\/nope$/);
      await expect(page.getByRole('banner').getByRole('link', { name: pages.nl.switchTo })).toHaveAttribute('href', '/nope');
      await page.goto('/nl/blog/geen-artikel');
      await expect(page.getByRole('banner').getByRole('link', { name: pages.nl.switchTo })).toHaveAttribute('href', '/blog/geen-artikel');
    });
  });
});
