import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPage } from './site.ts';

type Point = { x: number; y: number };

const centre = async (locator: Locator): Promise<Point> => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/**
 * Moves the pointer in a straight line, 10 px a frame (16 ms on the page's paused clock): about 0.6 px
 * per millisecond, the speed of a visitor's hand, so the menu's timers see the time the way takes.
 */
async function glide(page: Page, from: Point, to: Point): Promise<void> {
  const steps = Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 10);
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    await page.clock.runFor(16);
  }
}

test.describe('the services mega-menu on the way to its panel (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  /** Opens /about, pauses its clock and rests the pointer on Services, which opens the panel. */
  async function hoverServices(page: Page) {
    await page.clock.install();
    await openPage(page, '/about');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const start = await centre(nav.getByRole('link', { name: 'Services', exact: true }));
    await page.mouse.move(start.x, start.y);
    await expect(nav.getByRole('button', { name: 'Show the services menu' })).toHaveAttribute('aria-expanded', 'true');
    return { nav, start, first: nav.getByRole('link', { name: 'Crowns & bridges', exact: true }) };
  }

  test('stays open while the pointer crosses the header diagonally to the first column, whose link then works', async ({ page }) => {
    const { nav, start, first } = await hoverServices(page);
    const end = await centre(first);
    // The way passes over About us, which lies between Services and the first column: it enters About's box at
    // its right edge, some 10 px above its lower edge, and leaves it through that edge halfway along. (The check
    // once looked at About's middle, where the line grazes the edge, inside or a tenth of a pixel below it from
    // one run to the next.)
    const about = (await nav.getByRole('link', { name: 'About us', exact: true }).boundingBox())!;
    const yAtAboutsRight = start.y + ((end.y - start.y) * (about.x + about.width - start.x)) / (end.x - start.x);
    expect(yAtAboutsRight).toBeGreaterThan(about.y + 4);
    expect(yAtAboutsRight).toBeLessThan(about.y + about.height - 4);

    await glide(page, start, end);
    await expect(first).toBeVisible();
    // Resting on the link, the panel stays.
    await page.clock.runFor(1000);
    await expect(first).toBeVisible();
    await page.clock.resume();
    await first.click();
    await expect(page).toHaveURL(/\/services\/crowns-bridges$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('closes once the pointer, having reached the panel, moves away from it and from Services', async ({ page }) => {
    const { nav, start, first } = await hoverServices(page);
    const end = await centre(first);
    await glide(page, start, end);
    await expect(first).toBeVisible();
    await glide(page, end, { x: 720, y: 860 });
    await page.clock.runFor(250);
    await expect(first).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Show the services menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes on the way when the pointer moves along the header to another item instead of into the panel', async ({ page }) => {
    const { nav, start, first } = await hoverServices(page);
    // Some 300 px outside the item, about half a second: the panel has closed by the time the pointer arrives.
    await glide(page, start, await centre(nav.getByRole('link', { name: 'Contact', exact: true })));
    await expect(first).toBeHidden();
  });
});

test.describe('the mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  /** The look of a link, as far as it can mark the current page. */
  const look = (link: Locator) =>
    link.evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.color, s.fontWeight, s.textDecorationLine, s.borderInlineStartWidth, s.borderInlineStartColor, s.backgroundColor].join(' ');
    });

  test('offers the booking action, which leads to the appointment page', async ({ page }) => {
    await openPage(page, '/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Main menu' });
    const book = dialog.getByRole('link', { name: 'Book an appointment', exact: true });
    await expect(book).toBeVisible();
    await book.click();
    await expect(page).toHaveURL(/\/appointment$/);
    await expect(dialog).toBeHidden();
  });

  test("offers the lab's phone number as a link that calls it, in Dutch too", async ({ page }) => {
    await openPage(page, '/nl/blog');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    const phone = page.getByRole('dialog', { name: 'Hoofdmenu' }).getByRole('link', { name: '030 000 0000', exact: true });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', 'tel:+31300000000');
  });

  test('marks the current page, visibly and for screen readers', async ({ page }) => {
    await openPage(page, '/nl/contact');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hoofdmenu' });
    const current = dialog.getByRole('link', { name: 'Contact', exact: true });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(dialog.locator('[aria-current]')).toHaveCount(1);
    expect(await look(current)).not.toBe(await look(dialog.getByRole('link', { name: 'Blog', exact: true })));
  });

  test('marks the current service inside the services accordion, which opens on it', async ({ page }) => {
    await openPage(page, '/services/zirconia');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Main menu' });
    await expect(dialog.getByRole('button', { name: 'Show the services menu' })).toHaveAttribute('aria-expanded', 'true');
    const current = dialog.getByRole('link', { name: 'Zirconia crowns and bridges', exact: true });
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(dialog.locator('[aria-current]')).toHaveCount(1);
    expect(await look(current)).not.toBe(await look(dialog.getByRole('link', { name: 'Veneers', exact: true })));
  });
});

test.describe('the current page', () => {
  for (const path of ['/nl/contact', '/services/zirconia'] as const) {
    test(`on ${path}, only links to ${path} are marked as the current page`, async ({ page }) => {
      await openPage(page, path);
      const current = page.locator('[aria-current="page"]');
      await expect(current.first()).toBeAttached();
      expect(new Set(await current.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))).toEqual(new Set([path]));
    });
  }
});
