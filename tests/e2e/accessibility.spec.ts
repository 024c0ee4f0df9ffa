import { expect, test } from '@playwright/test';
import { axeViolations } from './checks.ts';
import { openPage } from './site.ts';

// Axe on a page of every kind and on the not-found pages, as loaded, runs in pages.spec.ts on the one visit
// each page gets there; here, the forms in the states a visitor brings them to.

test.describe('accessibility of the forms in their states (axe, WCAG 2.2 AA)', () => {
  for (const [path, button, summary] of [
    ['/appointment', 'Send request', 'There is a problem'],
    ['/nl/for-doctors', 'Casus versturen', 'Er is een probleem'],
    ['/contact', 'Send message', 'There is a problem'],
    ['/nl/testimonials', 'Verstuur uw ervaring', 'Er is een probleem'],
  ] as const) {
    test(`${path} has no violations with every required field in error and the error summary shown`, async ({ page }) => {
      await openPage(page, path);
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByRole('alert').filter({ has: page.getByRole('heading', { name: summary }) })).toBeFocused();
      await expect(page.locator('form [aria-invalid="true"]').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('/appointment has no violations with the sent panel shown', async ({ page }) => {
    await page.route('**/api/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"reference":"1A2B-3C4D"}' }));
    await openPage(page, '/appointment');
    await page.getByLabel('Full name').fill('Anna de Vries');
    await page.getByLabel('E-mail address').fill('anna@example.nl');
    await page.getByLabel('Phone number').fill('+31 6 12345678');
    await page.getByRole('combobox', { name: 'Service' }).selectOption('dental_implants');
    // A Wednesday a few days ahead: the lab is open then (content/site.yaml).
    const date = new Date(Date.now() + 3 * 86_400_000);
    while (date.getUTCDay() !== 3) date.setUTCDate(date.getUTCDate() + 1);
    const [year, month, day] = date.toISOString().slice(0, 10).split('-');
    const boxes = page.getByRole('group', { name: 'Preferred date' });
    await boxes.getByLabel('Day', { exact: true }).fill(day!);
    await boxes.getByLabel('Month', { exact: true }).fill(month!);
    await boxes.getByLabel('Year', { exact: true }).fill(year!);
    await page.getByLabel('Preferred time').selectOption('09:00');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('heading', { name: 'Appointment request sent' })).toBeFocused();
    await expect(page.locator('.form-sent-reference')).toHaveText('1A2B-3C4D');
    expect(await axeViolations(page)).toEqual([]);
  });
});
