import { expect, test } from '@playwright/test';
import { openPage } from './site.ts';

// Decisions 29 and 31 as a visitor meets them on the production server (today's content, a preview): the
// lab's KPT only from site settings and marked as an example while the lab has not confirmed it, with the
// complaints procedure and disputes body beside it; the appointment options that send patients to their
// dentist or a tandprotheticus; the testimonials page saying how reviews are checked; the marketing page
// saying how its services are billed; a sample review marked as one on its own card.

const pages = [
  {
    lang: 'en' as const,
    appointment: '/appointment',
    kpt: 'Our clinical prosthetic technician (KPT)',
    example: 'Example',
    complaints: 'Complaints about our care',
    role: /on your dentist's instruction and under your dentist's responsibility/,
    disputes: /De Geschillencommissie Zorg/,
    service: 'Service',
    denture: 'Denture: repair (for a new one, see your dentist or a tandprotheticus)',
    testimonials: '/testimonials',
    policy: 'How we collect and check reviews',
    checked: /we check against our orders and appointments/,
    sample: 'Example, not a real review',
    marketing: '/marketing-services',
    billing: 'How we bill these services',
    billed: /billed separately, at market rates/,
  },
  {
    lang: 'nl' as const,
    appointment: '/nl/appointment',
    kpt: 'Onze klinisch prothesetechnicus (KPT)',
    example: 'Voorbeeld',
    complaints: 'Klachten over onze zorg',
    role: /in opdracht en onder verantwoordelijkheid van uw tandarts/,
    disputes: /De Geschillencommissie Zorg/,
    service: 'Dienst',
    denture: 'Kunstgebit: reparatie (voor een nieuw gebit: uw tandarts of een tandprotheticus)',
    testimonials: '/nl/testimonials',
    policy: 'Zo verzamelen en controleren wij ervaringen',
    checked: /controleren wij aan de hand van onze opdrachten en afspraken/,
    sample: 'Voorbeeld, geen echte ervaring',
    marketing: '/nl/marketing-services',
    billing: 'Zo rekenen wij deze diensten af',
    billed: /apart, tegen marktconforme tarieven/,
  },
];

for (const p of pages) {
  // Each page's checks only look at it, so each page is visited once for them, each check a step.
  test(`${p.appointment} shows the KPT from site settings, marked as an example, with the complaints procedure and the disputes body; offers a denture repair and sends a patient to the dentist or a tandprotheticus for a new one`, async ({
    page,
  }) => {
    await openPage(page, p.appointment);
    await test.step('the KPT from site settings, marked as an example, with the complaints procedure and the disputes body', async () => {
      const heading = page.getByRole('heading', { level: 3, name: new RegExp(`^${p.kpt.replace(/[()]/g, '\\$&')}`) });
      await expect(heading).toBeVisible();
      await expect(heading.getByText(p.example, { exact: true })).toBeVisible();
      await expect(page.getByText(p.role)).toBeVisible();
      await expect(page.getByRole('heading', { level: 4, name: p.complaints })).toBeVisible();
      await expect(page.getByRole('link', { name: p.disputes })).toHaveAttribute('href', 'https://www.degeschillencommissiezorg.nl');
    });
    await test.step('a denture repair offered, and no treatment at the lab on a referral', async () => {
      const options = page.getByRole('combobox', { name: p.service }).getByRole('option');
      await expect(options.filter({ hasText: p.denture })).toHaveCount(1);
      // No option offers treatment at the lab on a referral.
      await expect(options.filter({ hasText: /referral|verwijzing/ })).toHaveCount(0);
    });
  });

  test(`${p.testimonials} says how reviews are collected and checked, and marks every sample review on its own card, so no screenshot of one reads as real`, async ({ page }) => {
    await openPage(page, p.testimonials);
    await test.step('how reviews are collected and checked', async () => {
      const policy = page.getByRole('group', { name: p.policy });
      await expect(policy).toBeVisible();
      await expect(policy.getByText(p.checked)).toBeVisible();
    });
    await test.step('every sample review marked on its own card', async () => {
      const cards = page.locator('figure.card');
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      await expect(cards.filter({ hasText: p.sample })).toHaveCount(count);
    });
  });

  test(`${p.marketing} says the services are billed at market rates, apart from lab work`, async ({ page }) => {
    await openPage(page, p.marketing);
    await expect(page.getByRole('heading', { level: 3, name: p.billing })).toBeVisible();
    await expect(page.getByText(p.billed)).toBeVisible();
  });
}
