import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { kinds, openPage } from './site.ts';

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  // The not-found pages of both kinds, in both languages, besides a page of every kind.
  for (const path of [...kinds, '/nope', '/nl/nope', '/blog/nope', '/nl/blog/nope']) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});

test.describe('accessibility of the forms in their states (axe, WCAG 2.2 AA)', () => {
  const axe = async (page: Page) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  for (const [path, button] of [['/appointment', 'Book an appointment'], ['/nl/for-doctors', 'Opdracht insturen'], ['/contact', 'Send message'], ['/nl/testimonials', 'Deel uw ervaring']] as const) {
    test(`${path} has no violations with every required field in error`, async ({ page }) => {
      await openPage(page, path);
      await page.getByRole('button', { name: button }).click();
      await expect(page.locator('form [aria-invalid="true"]').first()).toBeFocused();
      expect(await axe(page)).toEqual([]);
    });
  }

  test('/appointment has no violations with the success dialog open', async ({ page }) => {
    await page.route('**/api/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }));
    await openPage(page, '/appointment');
    await page.getByLabel('Full name').fill('Anna de Vries');
    await page.getByLabel('E-mail address').fill('anna@example.nl');
    await page.getByLabel('Phone number').fill('+31 6 12345678');
    await page.getByRole('combobox', { name: 'Service' }).selectOption('dental_implants');
    // A Wednesday a few days ahead: the lab is open then (content/site.yaml).
    const date = new Date(Date.now() + 3 * 86_400_000);
    while (date.getUTCDay() !== 3) date.setUTCDate(date.getUTCDate() + 1);
    await page.getByLabel('Preferred date').fill(date.toISOString().slice(0, 10));
    await page.getByLabel('Preferred time').selectOption('09:00');
    await page.getByRole('button', { name: 'Book an appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Appointment request sent' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });
});
