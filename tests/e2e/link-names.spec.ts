import { expect, test, type Page } from '@playwright/test';
import { langOfPath } from '../../src/shared/paths.ts';
import { kinds, openPage, pages } from './site.ts';

/**
 * Every visible link and button (or what the selector picks) with visible text, with that text and the
 * accessible name Chromium gives it (what a screen reader or voice control gets), from its accessibility tree.
 */
async function controlNames(page: Page, selector = 'a[href], button, [role="button"], [role="link"]'): Promise<{ text: string; name: string }[]> {
  const texts = await page.evaluate((selector) => {
    const controls = [...document.querySelectorAll<HTMLElement>(selector)];
    return controls.map((el, i) => {
      el.dataset.nameProbe = String(i);
      if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[aria-hidden="true"], [inert]')) return '';
      let text = '';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        // Text only a screen reader gets is not visible text.
        if (parent.closest('.sr-only') || !parent.checkVisibility({ visibilityProperty: true })) continue;
        text += node.textContent;
      }
      return text.trim();
    });
  }, selector);
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const probeOf = new Map<number, number>();
  const visit = (node: typeof root) => {
    const at = node.attributes?.indexOf('data-name-probe') ?? -1;
    if (at >= 0) probeOf.set(node.backendNodeId, Number(node.attributes![at + 1]));
    node.children?.forEach(visit);
  };
  visit(root);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const names = new Map<number, string>();
  for (const node of nodes) {
    const probe = node.backendDOMNodeId === undefined ? undefined : probeOf.get(node.backendDOMNodeId);
    if (probe !== undefined && !node.ignored) names.set(probe, String(node.name?.value ?? ''));
  }
  await cdp.detach();
  return texts.flatMap((text, i) => (text && names.has(i) ? [{ text, name: names.get(i)! }] : []));
}

/** Whether the name holds the visible text: its words in order and whole, in any case and spacing ("EN" is not in "English"). */
const holds = (name: string, text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${text.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}(?![\\p{L}\\p{N}])`, 'iu').test(name);

test.describe('label in name (WCAG 2.5.3)', () => {
  for (const path of [...kinds, '/nope', '/nl/nope', '/blog/nope']) {
    test(`${path}: every link and button with visible text has that text in its accessible name`, async ({ page }) => {
      await openPage(page, path);
      const controls = await controlNames(page);
      // The header's items are among them: the check found the page's controls.
      expect(controls.length).toBeGreaterThan(10);
      const faults = controls.filter(({ text, name }) => !holds(name, text)).map(({ text, name }) => `"${text}" is named "${name}"`);
      expect(faults).toEqual([]);
    });
  }

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
