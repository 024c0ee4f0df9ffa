import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import yaml from 'js-yaml';
import { holdPageChunks, openPage } from './site.ts';

// Pages that differ in what they hold differ in how they are laid out: documents and lists start with their
// text, a detail page is short on a phone, a process reads as steps and materials as a table.

type Text = { en: string; nl: string };
const read = <T>(file: string) => yaml.load(readFileSync(join(process.cwd(), file), 'utf8')) as T;
const ui = read<Record<string, Record<string, Text>>>('content/ui.yaml');
const fill = (text: string, name: string) => text.replace('{name}', name);

const phone = { width: 375, height: 812 };
const desktop = { width: 1440, height: 900 };

/** The top of the page: the section its h1 names. */
const pageTop = (page: Page) => page.locator('main section[aria-labelledby="page-title"]');

test.describe('documents and lists start with their text, not a hero', () => {
  for (const lang of ['en', 'nl'] as const) {
    const prefix = lang === 'nl' ? '/nl' : '';
    const privacy = read<{ hero: { title: Text } }>('content/pages/privacy.yaml');
    for (const viewport of [phone, desktop]) {
      test(`${prefix}/privacy at ${viewport.width} px: a title, its lead and date, no artwork, and the statement begins in the first screen`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await openPage(page, `${prefix}/privacy`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacy.hero.title[lang]);
        await expect(pageTop(page).locator('img, picture')).toHaveCount(0);
        await expect(pageTop(page).getByRole('link')).toHaveCount(0);
        await expect(pageTop(page).locator('time')).toBeVisible();
        const box = (await pageTop(page).boundingBox())!;
        expect(box.height).toBeLessThan(viewport.width < 640 ? 300 : 280);
        const first = page.getByRole('main').getByRole('heading', { level: 2 }).first();
        expect((await first.boundingBox())!.y).toBeLessThan(viewport.height);
      });

      test(`${prefix}/blog at ${viewport.width} px: no hero; the filter, the search and the first article's title are in the first screen`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await openPage(page, `${prefix}/blog`);
        await expect(pageTop(page).locator('img, picture')).toHaveCount(0);
        const cards = page.getByRole('main').getByRole('article');
        const title = cards.first().getByRole('heading', { level: 3 });
        const box = (await title.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect((await page.getByRole('searchbox').boundingBox())!.y).toBeLessThan(viewport.height);
        // The filter still works: a category leaves its own articles, the first of them leading.
        await page.getByRole('group').getByRole('button').nth(1).click();
        await expect(page).toHaveURL(/category=/);
        await expect.poll(() => cards.count()).toBeLessThan(6);
        await expect(cards.first()).toHaveClass(/blog-card-lead/);
      });
    }
  }
});

test.describe('a service detail page', () => {
  const service = read<{
    name: Text;
    nameInText: Text;
    hero: { title: Text };
    moreInfo: { title: Text; text: Text }[];
    process: { title: Text }[];
  }>('content/services/full-dentures.yaml');

  for (const lang of ['en', 'nl'] as const) {
    const path = `${lang === 'nl' ? '/nl' : ''}/services/full-dentures`;
    const name = service.nameInText[lang];
    const moreInfo = (page: Page) =>
      page.getByRole('region', {
        name: fill(ui.services!.moreInfoTitle![lang], name),
      });

    test(`${path}: a short header with the title and lead, no 550 px hero with artwork`, async ({ page }) => {
      for (const viewport of [phone, desktop]) {
        await page.setViewportSize(viewport);
        await openPage(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.hero.title[lang]);
        await expect(pageTop(page).locator('img, picture')).toHaveCount(0);
        expect((await pageTop(page).boundingBox())!.height, `at ${viewport.width} px`).toBeLessThan(viewport.width < 640 ? 460 : 320);
      }
    });

    test(`${path}: the process is an ordered list of numbered steps, each a heading`, async ({ page }) => {
      await openPage(page, path);
      const process = page.getByRole('region', {
        name: fill(ui.services!.processTitle![lang], name),
      });
      const steps = process.getByRole('list').getByRole('listitem');
      await expect(steps).toHaveCount(service.process.length);
      expect(await process.getByRole('list').evaluate((list) => list.tagName)).toBe('OL');
      await expect(steps.getByRole('heading', { level: 3 })).toHaveText(service.process.map((step) => step.title[lang]));
      // The number each step shows is its place in the list.
      const numbers = await steps.evaluateAll((items) => items.map((item) => getComputedStyle(item, '::before').content));
      expect(numbers.every((content) => content !== 'none' && content !== '')).toBe(true);
      expect(await steps.evaluateAll((items) => items.map((item) => getComputedStyle(item).counterIncrement))).toEqual(service.process.map(() => 'step 1'));
    });

    test(`${path} on a phone: the long sections are closed, each opens from the keyboard, and the page is shorter than 7,500 px`, async ({ page }) => {
      await page.setViewportSize(phone);
      await openPage(page, path);
      const sections = moreInfo(page).locator('details');
      await expect(sections).toHaveCount(service.moreInfo.length);
      for (const [index, block] of service.moreInfo.entries()) {
        const section = sections.nth(index);
        await expect(section.getByRole('heading', { level: 3 })).toHaveText(block.title[lang]);
        await expect(section).not.toHaveAttribute('open');
        await expect(section.locator('.collapsible-body')).toBeHidden();
      }
      // 8,699 px before the sections folded; the "Who do I go to?" block for patients came after this limit was set.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(7500);
      const second = sections.nth(1);
      await second.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(second).toHaveAttribute('open');
      await expect(second.locator('.collapsible-body')).toBeVisible();
      await expect(sections.nth(0).locator('.collapsible-body')).toBeHidden();
      await page.keyboard.press('Space');
      await expect(second.locator('.collapsible-body')).toBeHidden();
    });

    test(`${path} on a desktop: every section is open, before the scripts run and after`, async ({ page }) => {
      await page.setViewportSize(desktop);
      const release = await holdPageChunks(page);
      await page.goto(path);
      const sections = moreInfo(page).locator('details');
      await expect(sections).toHaveCount(service.moreInfo.length);
      for (let i = 0; i < service.moreInfo.length; i++) await expect(sections.nth(i).locator('.collapsible-body')).toBeVisible();
      release();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      for (let i = 0; i < service.moreInfo.length; i++) {
        await expect(sections.nth(i)).toHaveAttribute('open');
        await expect(sections.nth(i).locator('.collapsible-body')).toBeVisible();
      }
    });
  }

  test('a link to text inside a closed section opens it, as find-in-page does', async ({ page }) => {
    await page.setViewportSize(phone);
    await openPage(page, '/services/full-dentures');
    const section = page.locator('details').filter({ hasText: 'Care and lifespan' });
    await expect(section).not.toHaveAttribute('open');
    // A text fragment is revealed the way a find-in-page match is: the browser opens the details around it.
    await page.goto('/services/full-dentures#:~:text=soft%20denture%20brush');
    await expect(section).toHaveAttribute('open');
    await expect(section.getByText(/soft denture brush/)).toBeInViewport();
  });
});

test.describe('the materials table of crowns and bridges', () => {
  const category = read<{
    comparison: {
      caption: Text;
      columns: Record<string, Text>;
      rows: { service: string }[];
    };
  }>('content/services/crowns-bridges.yaml');
  const names = category.comparison.rows.map((row) => read<{ name: Text }>(`content/services/${row.service}.yaml`).name);

  for (const lang of ['en', 'nl'] as const) {
    const path = `${lang === 'nl' ? '/nl' : ''}/services/crowns-bridges`;
    test(`${path}: a captioned table with a header cell for each column and for each material, linking to its page`, async ({ page }) => {
      await openPage(page, path);
      const table = page.getByRole('table', {
        name: category.comparison.caption[lang],
      });
      await expect(table).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText(Object.values(category.comparison.columns).map((column) => column[lang]));
      const rows = table.getByRole('rowheader');
      await expect(rows).toHaveText(names.map((name) => name[lang]));
      for (const [index, row] of category.comparison.rows.entries()) {
        await expect(rows.nth(index).getByRole('link')).toHaveAttribute('href', `${lang === 'nl' ? '/nl' : ''}/services/${row.service}`);
      }
      await expect(table.getByRole('row')).toHaveCount(category.comparison.rows.length + 1);
      await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveCount(4);
    });
  }

  test('at 320 px the table scrolls inside its own frame, by keyboard too, with the materials held in view', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await openPage(page, '/nl/services/crowns-bridges');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const frame = page.getByRole('region', {
      name: category.comparison.caption.nl,
    });
    await frame.scrollIntoViewIfNeeded();
    const material = frame.getByRole('rowheader').first();
    const before = (await material.boundingBox())!.x;
    await frame.focus();
    await expect(frame).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    // The last column has come into the frame from the right; the materials have not moved.
    await expect
      .poll(async () => {
        const box = (await frame.getByRole('columnheader').last().boundingBox())!;
        return box.x + box.width;
      })
      .toBeLessThanOrEqual(320);
    expect((await material.boundingBox())!.x).toBeCloseTo(before, 0);
  });
});

test.describe('defects', () => {
  test('with the map blocked, the contact page keeps the address and a link to the map beside the empty frame', async ({ page }) => {
    await page.route('https://www.openstreetmap.org/**', (route) => route.abort('blockedbyclient'));
    await openPage(page, '/nl/contact');
    const contact = read<{ map: { title: Text } }>('content/pages/contact.yaml');
    const site = read<{
      address: { street: string; postalCode: string; city: string };
    }>('content/site.yaml');
    const map = page.getByRole('region', { name: contact.map.title.nl });
    await map.getByRole('button', { name: ui.contact!.mapShow!.nl }).click();
    await expect(map.locator('iframe')).toBeAttached();
    await expect(map.getByText(`${site.address.street}, ${site.address.postalCode} ${site.address.city}`)).toBeVisible();
    const link = map.getByRole('link', {
      name: new RegExp(ui.contact!.openInMaps!.nl),
    });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    await expect(map.getByText(ui.contact!.mapFallback!.nl)).toBeVisible();
  });

  test("an article's tag lists the blog's articles with that tag", async ({ page }) => {
    await openPage(page, '/nl/blog/cad-cam-techniques-in-dental-prosthetics');
    const tags = page.getByRole('region', { name: 'Tags' });
    await tags.getByRole('link', { name: 'digitale werkwijze' }).click();
    await expect(page).toHaveURL(/\/nl\/blog\?q=digitale(\+|%20)werkwijze$/);
    await expect(page.getByRole('searchbox')).toHaveValue('digitale werkwijze');
    const titles = page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
    await expect(titles.filter({ hasText: 'CAD/CAM' })).toHaveCount(1);
    expect(await titles.count()).toBeLessThan(6);
  });

  test('"All-on-4" stays whole in the All-on-4 closing band on a phone, in Dutch', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openPage(page, '/nl/services/allon4');
    const band = page.getByRole('heading', {
      level: 2,
      name: /behandeling plannen/,
    });
    const terms = band.locator('.whitespace-nowrap');
    await expect(terms).toHaveText(['All-on-4', 'All-on-6-behandeling']);
    for (const rects of await terms.evaluateAll((spans) => spans.map((span) => span.getClientRects().length))) expect(rects).toBe(1);
  });
});
