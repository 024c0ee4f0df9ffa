import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir, openPage } from './site.ts';

// A dentist's two tasks from the home page (issue 25), counted in clicks, on the production server at a
// phone's and a desktop's width: sending a case, and finding what the lab promises for a zirconia crown.

const words = {
  en: {
    home: '/',
    send: 'Send a case',
    turnaround: 'Turnaround, pickup and scanners',
    zirconia: 'Zirconia crown',
    dentist: /^Dentist's name/,
    clinic: /^Clinic name/,
    email: /^E-mail address/,
    phone: /^Phone number/,
    type: /^Type of work/,
    files: /^Files/,
  },
  nl: {
    home: '/nl',
    send: 'Casus insturen',
    turnaround: 'Levertijden, ophalen en scanners',
    zirconia: 'Zirkoniakroon',
    dentist: /^Naam tandarts/,
    clinic: /^Naam praktijk/,
    email: /^E-mailadres/,
    phone: /^Telefoonnummer/,
    type: /^Soort werk/,
    files: /^Bestanden/,
  },
} as const;

/** How many orders the server has stored whose clinic carries `marker`. */
function ordersWith(marker: string): number {
  const file = join(e2eDataDir, 'submissions.db');
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM submissions WHERE kind = 'order' AND data LIKE ?").get(`%${marker}%`)!.n;
  } finally {
    db.close();
  }
}

/** Clicks `link` and counts it as one of the dentist's steps. */
async function step(steps: string[], page: Page, name: string, click: () => Promise<void>) {
  steps.push(name);
  await click();
  await page.waitForLoadState('domcontentloaded');
}

for (const [width, height] of [
  [375, 812],
  [1440, 900],
] as const) {
  for (const lang of ['en', 'nl'] as const) {
    const w = words[lang];

    test(`a dentist sends a case from the home page in one click to the form, at ${width} px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openPage(page, w.home);
      const steps: string[] = [];
      // The header's action, visible in the first screen without opening a menu.
      const send = page.getByRole('banner').getByRole('link', { name: w.send, exact: true });
      await expect(send).toBeInViewport();
      await step(steps, page, 'send a case', () => send.click());
      const form = page.locator('#order form');
      await expect(page.getByLabel(w.dentist)).toBeInViewport();
      expect(steps).toHaveLength(1);

      const marker = `path${Date.now().toString(36)}${width}${lang}`;
      await page.getByLabel(w.dentist).fill('Dr. P. de Boer');
      await page.getByLabel(w.clinic).fill(`Tandartspraktijk ${marker}`);
      await page.getByLabel(w.email).fill('praktijk@example.nl');
      await page.getByLabel(w.phone).fill('+31 30 123 4567');
      await page.getByLabel(w.type).fill('Zirconia crown 16');
      await page.getByLabel(w.files).setInputFiles(join(process.cwd(), 'tests', 'fixtures', 'uploads', 'crown-binary.stl'));
      await step(steps, page, 'send', () => form.locator('button[type="submit"]').click());
      await expect.poll(() => ordersWith(marker)).toBe(1);
      // Reaching the form and sending it: two clicks, besides the fields themselves.
      expect(steps).toEqual(['send a case', 'send']);
    });

    test(`a dentist finds the turnaround of a zirconia crown in one click from the home page, at ${width} px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openPage(page, w.home);
      const steps: string[] = [];
      const link = page.getByRole('main').getByRole('link', { name: w.turnaround });
      await expect(link).toBeInViewport();
      await step(steps, page, 'turnaround', () => link.click());
      await expect(page).toHaveURL(new RegExp(`${lang === 'nl' ? '/nl' : ''}/for-doctors#turnaround$`));
      const row = page
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: w.zirconia, exact: true }) });
      await expect(row).toBeInViewport();
      await expect(row.getByRole('cell')).toHaveText(/\d/);
      expect(steps).toHaveLength(1);
    });
  }
}
