import { expect, test } from '@playwright/test';
import { widths } from './checks.ts';
import { openPage } from './site.ts';

// The hero's text clear of its artwork, and nothing too wide at 320 and 375 px, are checked on every page
// in pages.spec.ts, on the one visit each page gets there.

test.describe('the header', () => {
  for (const path of ['/', '/nl', '/nl/services/pediatric-dentistry']) {
    test(`${path}: every item of the header stays on one line at ${widths.join(', ')} px (it turns compact before it would wrap)`, async ({ page }) => {
      await openPage(page, path);
      const wrapped: string[] = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForFunction((w) => window.innerWidth === w, width);
        const lines = await page.getByRole('banner').evaluate(async (banner) => {
          await document.fonts.ready;
          const range = document.createRange();
          return [...banner.querySelectorAll('a, button')]
            .filter((el) => el.getBoundingClientRect().width > 0 && el.textContent.trim() && !el.closest('.sr-only'))
            .map((el) => {
              // Lines of text: distinct tops of the rectangles of its visible text.
              const tops = new Set<number>();
              const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (!node.textContent!.trim() || node.parentElement?.closest('.sr-only')) continue;
                range.selectNodeContents(node);
                for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
              }
              return { text: el.textContent.trim(), lines: tops.size };
            });
        });
        for (const l of lines) if (l.lines > 1) wrapped.push(`${width} px: "${l.text}" takes ${l.lines} lines`);
      }
      expect(wrapped).toEqual([]);
    });
  }
});

test.describe('card grids', () => {
  for (const path of ['/', '/services', '/services/crowns-bridges', '/services/zirconia', '/nl/services/dentures', '/blog', '/testimonials', '/for-doctors']) {
    test(`${path}: a short last row of cards sits in the middle, at 768 and 1440 px`, async ({ page }) => {
      await openPage(page, path);
      const offCentre: string[] = [];
      let shortRows = 0;
      for (const width of [768, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForFunction((w) => window.innerWidth === w, width);
        const grids = await page.locator('main ul, main ol').evaluateAll((lists) =>
          lists
            .filter((list) => getComputedStyle(list).display === 'grid' && list.children.length > 1)
            .map((list) => {
              const box = list.getBoundingClientRect();
              const items = [...list.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0);
              const rows = new Map<number, DOMRect[]>();
              for (const r of items) rows.set(Math.round(r.top), [...(rows.get(Math.round(r.top)) ?? []), r]);
              const all = [...rows.values()];
              const last = all.at(-1)!;
              const centre = (last[0]!.left + last.at(-1)!.right) / 2;
              return { label: list.getAttribute('aria-label') ?? list.getAttribute('class') ?? '', columns: all[0]!.length, last: last.length, offset: Math.round(centre - (box.left + box.width / 2)) };
            }),
        );
        for (const g of grids) {
          if (g.columns < 2 || g.last === g.columns) continue;
          shortRows += 1;
          if (Math.abs(g.offset) > 2) offCentre.push(`${width} px: the last row of "${g.label}" (${g.last} of ${g.columns}) is ${g.offset} px off the middle`);
        }
      }
      expect(offCentre).toEqual([]);
      // Keeps the test honest: these pages do have a short last row at one of the widths.
      if (['/', '/services', '/services/crowns-bridges'].includes(path)) expect(shortRows).toBeGreaterThan(0);
    });
  }

  test('a whole service card leads to its page, not only its "Read more" link', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page, '/services');
    const card = page.getByRole('main').getByRole('article').filter({ has: page.getByRole('heading', { name: /^crowns & bridges$/i }) });
    // A click on the card's picture (its top left corner), far from the link.
    await card.click({ position: { x: 24, y: 24 } });
    await expect(page).toHaveURL(/\/services\/crowns-bridges$/);
  });
});
