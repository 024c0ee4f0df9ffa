import { expect, test } from '@playwright/test';
import { openPage } from './site.ts';

// Label in name on a page of every kind and the not-found pages, and that every link opening a new tab on every
// page says so once in the page's language, run in pages.spec.ts, on the one visit each page gets there; here,
// the language switch's name.
test.describe('label in name (WCAG 2.5.3)', () => {
  test("the language switch shows NL or EN, is named with it and says what it does in the page's language", async ({ page }) => {
    await openPage(page, '/services/zirconia');
    await expect(page.getByRole('banner').getByRole('link', { name: 'NL, this page in Dutch', exact: true })).toHaveText('NL');
    await openPage(page, '/nl/services/zirconia');
    await expect(page.getByRole('banner').getByRole('link', { name: 'EN, deze pagina in het Engels', exact: true })).toHaveText('EN');
  });
});
