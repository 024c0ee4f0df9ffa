import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import yaml from 'js-yaml';
import { openPage } from './site.ts';

// The page for dentists (issue 25, section 2), as a dentist uses it on the production server: the way to
// send a case at the top, then each of the lab's facts in its own section with its anchor, each marked as an
// example while site settings list it as unconfirmed, the downloads answering as PDFs, and the zirconia
// page's link to the turnaround. The figures are read from content/site.yaml, where they live.

type Text = { en: string; nl: string };
interface Site {
  turnaround: { items: Record<string, { work: Text; days: number | [number, number] }> };
  pickup: { requestBefore: string };
  scanners: Record<string, string>;
  downloads: Record<'werkbon' | 'priceList', Text>;
  guarantee: Text;
  legalName: string;
  placeholders: string[];
}
const site = yaml.load(readFileSync(join(process.cwd(), 'content', 'site.yaml'), 'utf8')) as Site;

const pages = [
  {
    lang: 'en' as const,
    path: '/for-doctors',
    send: 'Send a case',
    days: 'working days',
    example: 'Example',
    sections: ['Turnaround', 'Pickup and courier', 'Intraoral scanners', 'Werkbon and price list', 'Our clinical prosthetic technician (KPT)', 'Guarantee', 'Statement for custom-made devices (MDR)'],
    download: 'Download (PDF)',
    werkbon: 'Werkbon (order form)',
    priceList: 'Price list',
  },
  {
    lang: 'nl' as const,
    path: '/nl/for-doctors',
    send: 'Casus insturen',
    days: 'werkdagen',
    example: 'Voorbeeld',
    sections: [
      'Doorlooptijd',
      'Ophaaldienst en koerier',
      'Intraorale scanners',
      'Werkbon en prijslijst',
      'Onze klinisch prothesetechnicus (KPT)',
      'Garantie',
      'Verklaring voor hulpmiddelen naar maat (MDR)',
    ],
    download: 'Downloaden (pdf)',
    werkbon: 'Werkbon',
    priceList: 'Prijslijst',
  },
];
const anchors = ['turnaround', 'pickup', 'scanners', 'downloads', 'clinical', 'guarantee', 'mdr'];

for (const p of pages) {
  test.describe(`${p.path}`, () => {
    test('sends a case from the top: the first button goes straight to the order form', async ({ page }) => {
      await openPage(page, p.path);
      const main = page.getByRole('main');
      const send = main.getByRole('link', { name: p.send }).first();
      await expect(send).toBeInViewport();
      await send.click();
      await expect(page).toHaveURL(new RegExp(`${p.path}#order$`));
      await expect(page.locator('#order').getByRole('heading', { level: 2 })).toBeInViewport();
      // The order form comes before every fact on the page.
      const order = await page.locator('#order').boundingBox();
      const turnaround = await page.locator('#turnaround').boundingBox();
      expect(order!.y).toBeLessThan(turnaround!.y);
    });

    test('has a section for each fact, each reached from the links under the heading at its own anchor', async ({ page }) => {
      await openPage(page, p.path);
      const nav = page.getByRole('navigation', { name: p.lang === 'en' ? 'On this page' : 'Op deze pagina' });
      await expect(nav.getByRole('link')).toHaveText(p.sections);
      for (const [i, title] of p.sections.entries()) {
        await nav.getByRole('link', { name: title, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#${anchors[i]}$`));
        const heading = page.getByRole('heading', { level: 2, name: title, exact: true });
        await expect(heading).toHaveAttribute('id', anchors[i]!);
        await expect(heading).toBeInViewport();
      }
    });

    // Three groups of facts the page only shows, checked on one visit.
    test("shows the turnaround per kind of work from the site settings, the zirconia crown first; marks each fact the lab has not confirmed as an example, in the page's language; names the scanners with the lab's ID in each, and the pickup with its time", async ({
      page,
    }) => {
      await openPage(page, p.path);
      await test.step('the turnaround per kind of work from the site settings, the zirconia crown first', async () => {
        const table = page.getByRole('table');
        const works = Object.values(site.turnaround.items).map((item) => item.work[p.lang]);
        await expect(table.getByRole('row')).toHaveCount(works.length + 1);
        const zirconia = table.getByRole('row').nth(1);
        await expect(zirconia.getByRole('rowheader')).toHaveText(site.turnaround.items.zirconiaCrown!.work[p.lang]);
        await expect(zirconia.getByRole('cell')).toHaveText(`${site.turnaround.items.zirconiaCrown!.days as number} ${p.days}`);
        for (const work of works) await expect(table.getByRole('rowheader', { name: work, exact: true })).toBeVisible();
      });
      await test.step("each fact the lab has not confirmed marked as an example, in the page's language", async () => {
        // Each section heading of a listed fact has the mark beside it; the MDR statement (the law) has none.
        for (const id of ['turnaround', 'pickup', 'scanners', 'guarantee']) {
          expect(site.placeholders).toContain(id);
          await expect(page.locator(`section[aria-labelledby="${id}"] .example-mark`).first()).toHaveText(p.example);
        }
        await expect(page.locator('section[aria-labelledby="mdr"] .example-mark')).toHaveCount(0);
        await expect(page.locator('section[aria-labelledby="downloads"] .example-mark')).toHaveCount(2);
      });
      await test.step("the scanners with the lab's ID in each, and the pickup with its time", async () => {
        const scanners = page.locator('section[aria-labelledby="scanners"]');
        for (const name of ['3Shape TRIOS', 'iTero', 'Medit', 'Dentsply Sirona Primescan', 'DEXIS']) {
          await expect(scanners.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
        }
        for (const id of Object.values(site.scanners)) await expect(scanners.getByText(id, { exact: true })).toBeVisible();
        const pickup = page.locator('section[aria-labelledby="pickup"]');
        await expect(pickup).toContainText(site.pickup.requestBefore);
        await expect(pickup.getByRole('link', { name: /030 000 0000/ })).toHaveAttribute('href', /^tel:\+31/);
        await expect(page.locator('section[aria-labelledby="guarantee"]')).toContainText(site.guarantee[p.lang].slice(0, 40));
        await expect(page.locator('section[aria-labelledby="mdr"]')).toContainText(site.legalName);
      });
    });

    test('offers the werkbon and the price list as PDFs that download', async ({ page, request }) => {
      await openPage(page, `${p.path}#downloads`);
      for (const [key, title] of [
        ['werkbon', p.werkbon],
        ['priceList', p.priceList],
      ] as const) {
        const link = page.getByRole('link', { name: `${p.download}: ${title}` });
        await expect(link).toHaveAttribute('href', `/${site.downloads[key][p.lang]}`);
        await expect(link).toHaveAttribute('download', '');
        const response = await request.get(`/${site.downloads[key][p.lang]}`);
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toBe('application/pdf');
        expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const download = page.waitForEvent('download');
        await link.click();
        expect((await download).suggestedFilename()).toBe(site.downloads[key][p.lang].split('/').pop());
      }
    });
  });
}

test('the zirconia page links to the turnaround, which shows the zirconia crown', async ({ page }) => {
  await openPage(page, '/services/zirconia');
  const days = site.turnaround.items.zirconiaCrown!.days as number;
  await expect(page.getByRole('main')).toContainText(`a zirconia crown leaves our lab ${days} working days`);
  await page.getByRole('link', { name: 'turnaround per kind of work' }).click();
  await expect(page).toHaveURL(/\/for-doctors#turnaround$/);
  await expect(page.getByRole('rowheader', { name: 'Zirconia crown', exact: true })).toBeInViewport();
  await openPage(page, '/nl/services/zirconia');
  await page.getByRole('link', { name: 'doorlooptijd per soort werk' }).click();
  await expect(page).toHaveURL(/\/nl\/for-doctors#turnaround$/);
  await expect(page.getByRole('rowheader', { name: 'Zirkoniakroon', exact: true })).toBeInViewport();
});
