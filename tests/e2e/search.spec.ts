import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openPage } from './site.ts';

/** Opens the header's search dialog with its button and returns the dialog and its search box. */
async function openSearch(page: Page, lang: 'en' | 'nl') {
  const name = lang === 'nl' ? 'Zoeken op de site' : 'Search the site';
  await page.getByRole('banner').getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return { dialog, box: dialog.getByRole('combobox') };
}

/** The addresses of the results the dialog lists, once it lists any. */
async function resultLinks(dialog: ReturnType<Page['getByRole']>): Promise<string[]> {
  await expect(dialog.getByRole('option').first()).toBeVisible();
  return dialog.getByRole('option').evaluateAll((options) => options.map((o) => o.getAttribute('href') ?? ''));
}

test.describe('the site search', () => {
  test('a Dutch query on a Dutch page finds the Dutch service page, and no English page', async ({ page }) => {
    await openPage(page, '/nl/about');
    const { dialog, box } = await openSearch(page, 'nl');
    await box.fill('zirkonia');
    const links = await resultLinks(dialog);
    expect(links).toContain('/nl/services/zirconia');
    expect(links.filter((link) => !link.startsWith('/nl/'))).toEqual([]);
    // Each result names its kind, its title and the passage that matched, with the word marked.
    const zirconia = dialog.locator('a[href="/nl/services/zirconia"]');
    await expect(zirconia).toContainText('Dienst');
    await expect(zirconia).toContainText('Kronen en bruggen van zirkonia');
    await expect(zirconia.locator('mark').first()).toHaveText(/zirkonia/i);
    await expect(dialog.getByRole('status')).toHaveText(/\d+ resulta(at|ten) voor ‘zirkonia’/);
    // A word both languages use finds the Dutch page alone.
    await box.fill('abutments');
    await expect(dialog.getByRole('status')).toHaveText(/‘abutments’/);
    const shared = await resultLinks(dialog);
    expect(shared).toContain('/nl/services/cad-cam-abutments');
    expect(shared.filter((link) => !link.startsWith('/nl/'))).toEqual([]);
  });

  test('an English query on an English page finds the English service page, and no Dutch page', async ({ page }) => {
    await openPage(page, '/about');
    const { dialog, box } = await openSearch(page, 'en');
    await box.fill('zirconia');
    const links = await resultLinks(dialog);
    expect(links).toContain('/services/zirconia');
    expect(links.filter((link) => link.startsWith('/nl'))).toEqual([]);
    await expect(dialog.locator('a[href="/services/zirconia"]')).toContainText('Service');
  });

  test('another form of a word finds its page: "kronen" finds "kroon", "dentures" finds "denture", a word begun finds the word', async ({ page }) => {
    await openPage(page, '/nl');
    const { dialog, box } = await openSearch(page, 'nl');
    // Dutch stemming: the plural finds the singular, marked in the passage.
    await box.fill('kronen');
    expect(await resultLinks(dialog)).toContain('/nl/services/crowns-bridges-work');
    await expect(
      dialog
        .locator('a[href="/nl/services/crowns-bridges-work"] mark')
        .filter({ hasText: /^kroon/i })
        .first(),
    ).toBeVisible();
    // A word not typed to its end: "implan" finds the implant pages.
    await box.fill('implan');
    await expect(dialog.getByRole('status')).toHaveText(/‘implan’/);
    expect(await resultLinks(dialog)).toContain('/nl/services/dental-implants');

    await openPage(page, '/');
    const english = await openSearch(page, 'en');
    await english.box.fill('dentures');
    await expect(english.dialog.getByRole('status')).toHaveText(/“dentures”/);
    await expect(
      english.dialog
        .locator('mark')
        .filter({ hasText: /^denture$/i })
        .first(),
    ).toBeVisible();
  });

  test('a query with a typing mistake finds its page, and says which word it searched for instead', async ({ page }) => {
    await openPage(page, '/nl');
    const { dialog, box } = await openSearch(page, 'nl');
    // A letter doubled and one left out: read as "kronen" and "zirkonia", words of the Dutch pages.
    await box.fill('kronne');
    await expect(dialog.getByRole('status')).toHaveText(/^Niets gevonden voor ‘kronne’; \d+ resultaten? voor ‘kronen’$/);
    expect(await resultLinks(dialog)).toContain('/nl/services/crowns-bridges-work');
    await box.fill('zirkonnia');
    await expect(dialog.getByRole('status')).toHaveText(/voor ‘zirkonia’$/);
    expect(await resultLinks(dialog)).toContain('/nl/services/zirconia');

    await openPage(page, '/');
    const english = await openSearch(page, 'en');
    // Two letters swapped.
    await english.box.fill('zriconia');
    await expect(english.dialog.getByRole('status')).toHaveText(/^Nothing found for “zriconia”; \d+ results? for “zirconia”$/);
    expect(await resultLinks(english.dialog)).toContain('/services/zirconia');
    // A word no page is near stays as typed, and nothing is found.
    await english.box.fill('xylophone');
    await expect(english.dialog.getByRole('status')).toHaveText('Nothing found for “xylophone”. Try another word or a shorter one.');
  });

  test('works from the keyboard: open with the button, type, arrow to a result, Enter opens it; Escape closes and focus returns', async ({ page }) => {
    await openPage(page, '/nl/contact');
    const button = page.getByRole('banner').getByRole('button', { name: 'Zoeken op de site' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Zoeken op de site' });
    const box = dialog.getByRole('combobox', { name: 'Waar zoekt u naar?' });
    await expect(box).toBeFocused();
    await page.keyboard.type('zirkonia');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = dialog.getByRole('option');
    await expect(options.nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    // The box keeps focus; the chosen result is the first, named by aria-activedescendant and selected.
    await expect(box).toBeFocused();
    const first = options.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'false');
    const target = (await first.getAttribute('href'))!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target.replace(/\//g, '\\/')}$`));
    await expect(dialog).toBeHidden();
    // The page it opened has come (its heading takes the focus, as after any navigation).
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();

    // Escape closes the dialog and gives focus back to the button that opened it.
    await button.click();
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // Tab stays inside the open dialog.
    await button.click();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveCount(1);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the menu opens the same search, and closing it returns focus to the menu button', async ({ page }) => {
      await openPage(page, '/nl/services');
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu openen' });
      await menuButton.click();
      await page.getByRole('dialog', { name: 'Hoofdmenu' }).getByRole('button', { name: 'Zoeken op de site' }).click();
      const dialog = page.getByRole('dialog', { name: 'Zoeken op de site' });
      await expect(dialog.getByRole('combobox')).toBeFocused();
      await dialog.getByRole('combobox').fill('klikgebit');
      expect(await resultLinks(dialog)).toContain('/nl/services/snap-on-dentures');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(menuButton).toBeFocused();
    });
  });

  test("loads nothing of search with a page: the dialog and the index of the page's language come when it opens", async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    for (const path of ['/', '/nl/blog', '/services/zirconia']) {
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
    }
    expect(fetched.filter((path) => /search|pagefind/.test(path))).toEqual([]);

    const { dialog, box } = await openSearch(page, 'en');
    await box.fill('implant');
    await resultLinks(dialog);
    const search = fetched.filter((path) => path.startsWith('/assets/search/'));
    expect(search.some((path) => path.endsWith('/pagefind.js'))).toBe(true);
    expect(search.some((path) => path.endsWith('/wasm.en.pagefind'))).toBe(true);
    // Only the English index: nothing of the Dutch one.
    expect(search.filter((path) => /[./]nl[._]/.test(path))).toEqual([]);
  });

  test('serves the index compressed and cached for good, from a folder named after the build', async ({ page, request }) => {
    await openPage(page, '/nl');
    const base = await page.evaluate(() => (JSON.parse(document.getElementById('app-assets')!.textContent) as { search: string }).search);
    expect(base).toMatch(/^\/assets\/search\/[\w-]{12}\/$/);
    const script = await request.get(`${base}pagefind.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.status()).toBe(200);
    expect(script.headers()['content-encoding']).toBe('br');
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = (await (await request.get(`${base}pagefind-entry.json`)).json()) as { languages: Record<string, { hash: string }> };
    expect(Object.keys(entry.languages).sort()).toEqual(['en', 'nl']);
    const meta = await request.get(`${base}pagefind.${entry.languages.nl!.hash}.pf_meta`);
    expect(meta.status()).toBe(200);
    expect(meta.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Pagefind's own files are gzip already: sent as they are, the first bytes gzip's.
    expect([...(await meta.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  });

  test('the page a result leads to is the page, not its listing: a service card does not make the home page a result', async ({ page }) => {
    await openPage(page, '/nl');
    const { dialog, box } = await openSearch(page, 'nl');
    // The home page shows the splints' card ("Opbeetplaten …"), but says nothing of them itself.
    await box.fill('opbeetplaten');
    const links = await resultLinks(dialog);
    expect(links).toContain('/nl/services/splints');
    expect(links).not.toContain('/nl');
  });
});

test.describe('the open search dialog (axe, WCAG 2.2 AA)', () => {
  for (const [lang, path, query] of [
    ['nl', '/nl/blog', 'kunstgebit'],
    ['en', '/services', 'implant'],
  ] as const) {
    for (const width of [375, 1440]) {
      test(`has no violations with results and one chosen, at ${width} px (${lang})`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await openPage(page, path);
        const { dialog, box } = await openSearch(page, lang);
        await box.fill(query);
        await resultLinks(dialog);
        await page.keyboard.press('ArrowDown');
        await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  for (const [lang, from, name, to, headings] of [
    ['nl', '/nl/about', 'Zoeken op de site', '/nl/search', ['Diensten', 'Artikelen', "Pagina's"]],
    ['en', '/about', 'Search the site', '/search', ['Services', 'Articles', 'Pages']],
  ] as const) {
    test(`the header's search is a link to the search page, ${to}, which lists every page by kind (${lang})`, async ({ page }) => {
      await page.goto(from);
      await page.getByRole('banner').getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      for (const heading of headings) await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${heading}`) })).toBeVisible();
      const services = page.getByRole('region', { name: new RegExp(`^${headings[0]}`) });
      await expect(services.getByRole('link')).toHaveCount(readdirSync(join(process.cwd(), 'content', 'services')).length);
      await expect(services.locator(`a[href="${lang === 'nl' ? '/nl' : ''}/services/zirconia"]`)).toBeVisible();
      await expect(page.getByRole('region', { name: new RegExp(`^${headings[1]}`) }).getByRole('link')).toHaveCount(readdirSync(join(process.cwd(), 'content', 'articles')).length);
      // No page lists itself.
      await expect(page.locator(`main a[href="${to}"]`)).toHaveCount(0);
    });
  }
});
