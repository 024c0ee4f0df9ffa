import { expect, test } from '@playwright/test';
import { langOfPath } from '../../src/shared/paths.ts';
import { controlNames } from './checks.ts';
import { openPage, pages } from './site.ts';

// Label in name on a page of every kind and the not-found pages runs in pages.spec.ts, on the one visit each
// page gets there; here, the language switch's name and the links that open a new tab.
test.describe('label in name (WCAG 2.5.3)', () => {
  test('the language switch shows NL or EN, is named with it and says what it does in the page\'s language', async ({ page }) => {
    await openPage(page, '/services/zirconia');
    await expect(page.getByRole('banner').getByRole('link', { name: 'NL, this page in Dutch', exact: true })).toHaveText('NL');
    await openPage(page, '/nl/services/zirconia');
    await expect(page.getByRole('banner').getByRole('link', { name: 'EN, deze pagina in het Engels', exact: true })).toHaveText('EN');
  });
});

test.describe('links that open a new tab', () => {
  const newTab = { en: '(opens in a new tab)', nl: '(opent in een nieuw tabblad)' };

  for (const [path, name] of [
    ['/contact', 'View on OpenStreetMap (opens in a new tab)'],
    ['/nl/contact', 'Bekijk op OpenStreetMap (opent in een nieuw tabblad)'],
    ['/blog/cad-cam-techniques-in-dental-prosthetics', 'Share on LinkedIn (opens in a new tab)'],
    ['/nl/blog/cad-cam-techniques-in-dental-prosthetics', 'Delen op LinkedIn (opent in een nieuw tabblad)'],
  ] as const) {
    test(`${path}: "${name}" says once, in the page's language, that it opens a new tab`, async ({ page }) => {
      await openPage(page, path);
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('target', '_blank');
    });
  }

  test('every one on every page says it once, in the page\'s language', async ({ page, request }) => {
    const withNewTab: string[] = [];
    for (const path of pages) {
      if ((await (await request.get(path)).text()).includes('target="_blank"')) withNewTab.push(path);
    }
    expect(withNewTab).toEqual(expect.arrayContaining(['/contact', '/nl/contact', '/blog/cad-cam-techniques-in-dental-prosthetics']));
    const faults: string[] = [];
    for (const path of withNewTab) {
      await openPage(page, path);
      const notice = newTab[langOfPath(path)];
      const links = await controlNames(page, 'a[target="_blank"]');
      expect(links.length, path).toBeGreaterThan(0);
      for (const { name } of links) {
        if (name.split(notice).length !== 2 || name.includes(`(${notice})`)) faults.push(`${path}: "${name}"`);
      }
    }
    expect(faults).toEqual([]);
  });
});
