import { expect, test } from '@playwright/test';

// Each page's status, h1, language, title and hydration, and the not-found pages' answers, are checked in
// pages.spec.ts, on the one visit each page gets there.

test.describe('pages that do not exist', () => {
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
  for (const [from, to] of [
    ['/services/orthodontics1', '/services/orthodontics'],
    ['/nl/services/dentures1', '/nl/services/dentures'],
    ['/about/', '/about'],
  ] as const) {
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
