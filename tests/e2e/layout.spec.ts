import { expect, test } from '@playwright/test';
import { openPage } from './site.ts';

// The hero's text clear of its artwork, nothing too wide at 320 and 375 px, the header's items each on one
// line at every width, and a short last row of cards in the middle, are checked in pages.spec.ts, on the one
// visit each page gets there.

test('a whole service card leads to its page, not only its "Read more" link', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, '/services');
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: /^crowns & bridges$/i }) });
  // A click on the card's picture (its top left corner), far from the link.
  await card.click({ position: { x: 24, y: 24 } });
  await expect(page).toHaveURL(/\/services\/crowns-bridges$/);
});
