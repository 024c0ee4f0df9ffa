import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// What the per-page checks measure, shared by pages.spec.ts (every page, visited once) and the specs that
// check one thing on a few pages.

/** The violations axe finds on the page as it is now (WCAG 2.2 AA), each with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// The widths a designer checks: small and common phones, a tablet, a small laptop, laptops and desktops.
export const widths = [320, 375, 768, 1024, 1280, 1440];

export type Box = { x: number; y: number; width: number; height: number };
export type Found = { name: string; box: Box };

/** The boxes of the hero's text (heading, lead, buttons) and of its artwork, where the artwork is shown. */
export function heroBoxes(page: Page) {
  return page.evaluate(async () => {
    // Measured in the site's typeface, as a visitor sees the page once it has loaded.
    await document.fonts.ready;
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    // A page's hero (on the home page, its h1 with the front doors).
    const hero = document.querySelector('main section[aria-labelledby="page-title"]');
    if (!hero) return null;
    const text = [...hero.querySelectorAll('h1, h2, p, a.btn, button.btn')].filter(shown).map((el) => ({ name: `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`, box: box(el) }));
    const art = [...hero.querySelectorAll('img, video')].filter(shown).map((el) => ({ name: el.tagName.toLowerCase(), box: box(el) }));
    return { text, art };
  });
}

export const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Text that runs out of its element's box (clipped or spilling), and whether the page scrolls sideways. */
export function overflows(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const problems: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide at ${window.innerWidth} px`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent!.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('.sr-only, script, style, noscript, [hidden], [aria-hidden="true"] svg')) continue;
      const own = parent.getBoundingClientRect();
      if (own.width === 0 || own.height === 0) continue;
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue;
        if (rect.right > own.right + 1 || rect.left < own.left - 1) {
          problems.push(`<${parent.tagName.toLowerCase()}> "${text.slice(0, 50)}" runs ${Math.round(Math.max(rect.right - own.right, own.left - rect.left))} px out of its box`);
          break;
        }
      }
      // A box that clips its own content (overflow hidden) hides whatever does not fit.
      const style = getComputedStyle(parent);
      if (/hidden|clip/.test(style.overflowX) && parent.scrollWidth > parent.clientWidth + 1) {
        problems.push(`<${parent.tagName.toLowerCase()}> "${text.slice(0, 50)}" is clipped: ${parent.scrollWidth} px in ${parent.clientWidth} px`);
      }
    }
    return [...new Set(problems)];
  });
}

/**
 * Every visible link and button (or what the selector picks) with visible text, with that text and the
 * accessible name Chromium gives it (what a screen reader or voice control gets), from its accessibility tree.
 */
export async function controlNames(page: Page, selector = 'a[href], button, [role="button"], [role="link"]'): Promise<{ text: string; name: string }[]> {
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
export const holds = (name: string, text: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${text
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s*')}(?![\\p{L}\\p{N}])`,
    'iu',
  ).test(name);

/** Every link and button of the header with visible text, and how many lines that text takes (distinct tops of its rectangles). */
export function headerLines(page: Page): Promise<{ text: string; lines: number }[]> {
  return page.getByRole('banner').evaluate(async (banner) => {
    await document.fonts.ready;
    const range = document.createRange();
    return [...banner.querySelectorAll('a, button')]
      .filter((el) => el.getBoundingClientRect().width > 0 && el.textContent.trim() && !el.closest('.sr-only'))
      .map((el) => {
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
}

/** Each card grid of the main content (a list laid out as a grid): its columns, the cards in its last row, and how far that row's middle is from the grid's. */
export function cardGrids(page: Page): Promise<{ label: string; columns: number; last: number; offset: number }[]> {
  return page.locator('main ul, main ol').evaluateAll((lists) =>
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
}
