import { expect, test, type Locator, type Page } from '@playwright/test';
import { at, doors, reachable, words, type Lang } from './doors.ts';
import { openPage } from './site.ts';

// The site's two front doors (issue 25): the dentist's "Send a case" and the patient's "Book an appointment",
// on the home page's first screen, and as each page's main button for the reader it is written for. That both
// are in the header and the phone menu of every kind of page, and that the preview notice is a landmark of its
// own, are checked in pages.spec.ts, on the one visit each page gets there.

test.describe('both front doors lead to their pages', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`"${words[lang].send}" opens the order form below the sticky header, and "${words[lang].book}" the appointment page (${lang}, 375 px)`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await openPage(page, at(lang, '/about'));
      await doors(page.getByRole('banner'), lang).send.click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/for-doctors')}#order$`));
      const form = page.locator('#order').getByRole('heading', { level: 2 }).first();
      await expect(form).toBeInViewport();
      // Not hidden under the header, which is two rows tall on a phone.
      const headerBottom = (await page.getByRole('banner').boundingBox())!;
      await expect.poll(async () => (await form.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
      await page.getByRole('button', { name: words[lang].open }).click();
      await doors(page.getByRole('dialog'), lang).book.click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/appointment')}$`));
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    });
  }
});

test.describe('the main menu and the footer', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`the main menu leaves booking to its button and marketing to the footer, whose quick links hold for-dentists, booking and contact (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await openPage(page, at(lang, '/'));
      const nav = page.getByRole('navigation', { name: words[lang].menu });
      const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(hrefs).toContain(at(lang, '/for-doctors'));
      expect(hrefs).not.toContain(at(lang, '/marketing-services'));
      expect(hrefs).not.toContain(at(lang, '/appointment'));
      const footer = page.getByRole('contentinfo');
      for (const path of ['/for-doctors', '/appointment', '/contact']) {
        await expect(footer.locator(`a[href="${at(lang, path)}"]`)).toHaveCount(1);
      }
      await footer.getByRole('link', { name: words[lang].marketing }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/marketing-services')}$`));
    });
  }
});

test.describe("the home page's first screen", () => {
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    for (const lang of ['en', 'nl'] as const) {
      test(`shows both doors, each with its button and its link, at ${width} px (${lang})`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await openPage(page, at(lang, '/'));
        const main = page.getByRole('main');
        const dentist = main.getByRole('region', { name: words[lang].dentists, exact: true });
        const patient = main.getByRole('region', { name: words[lang].patients, exact: true });
        const routes: [Locator, string][] = [
          [dentist.getByRole('link', { name: words[lang].send, exact: true }), at(lang, '/for-doctors#order')],
          [dentist.getByRole('link', { name: words[lang].turnaround }), at(lang, '/for-doctors#turnaround')],
          [patient.getByRole('link', { name: words[lang].book, exact: true }), at(lang, '/appointment')],
          [patient.getByRole('link', { name: words[lang].who }), '#who-to-go-to'],
        ];
        for (const [link, href] of routes) {
          await expect(link).toHaveAttribute('href', href);
          // Whole, in the first screen, without scrolling.
          await expect(link).toBeInViewport({ ratio: 1 });
        }
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // "Who do I go to?" leads to the answer on the same page.
        await patient.getByRole('link', { name: words[lang].who }).click();
        await expect(main.getByRole('heading', { level: 2, name: words[lang].who })).toBeInViewport();
      });
    }
  }
});

/** The "Who do I go to?" block, with what it must say. */
async function expectGuide(page: Page, lang: Lang) {
  const guide = page.getByRole('main').getByRole('region', { name: words[lang].who });
  await expect(guide.getByRole('heading', { level: 3 })).toHaveCount(4);
  const must =
    lang === 'nl'
      ? ['tandarts', 'tandprotheticus', 'zonder verwijzing', 'basisverzekering', 'eigen bijdrage', 'eigen risico', 'aanvullende', 'begroting']
      : ['dentist', 'denturist (tandprotheticus)', 'without a referral', 'basisverzekering', 'eigen bijdrage', 'eigen risico', 'supplementary', 'begroting'];
  for (const text of must) await expect(guide).toContainText(text);
  // The lab repairs a broken denture itself (decision 29): its number is there to call.
  await expect(guide.getByRole('link', { name: /030 000 0000/ })).toHaveAttribute('href', 'tel:+31300000000');
}

test.describe('each page leads its reader', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`a page for dentists (zirconia) leads to sending a case and the lab's advice, with no patient's block (${lang})`, async ({ page }) => {
      await openPage(page, at(lang, '/services/zirconia'));
      const main = page.getByRole('main');
      const hero = main.getByRole('region').first();
      await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(hero.getByRole('link', { name: words[lang].send, exact: true })).toHaveAttribute('href', at(lang, '/for-doctors#order'));
      const banner = main.locator('section[aria-labelledby="cta-title"]');
      await expect(banner.getByRole('link')).toHaveText([words[lang].send, words[lang].advice]);
      await expect(banner.getByRole('link', { name: words[lang].advice })).toHaveAttribute('href', at(lang, '/contact'));
      await expect(main.getByRole('link', { name: words[lang].book, exact: true })).toHaveCount(0);
      await expect(main.getByRole('region', { name: words[lang].who })).toHaveCount(0);
      await hero.getByRole('link', { name: words[lang].send, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/for-doctors')}#order$`));
    });

    test(`a page for patients (full dentures) leads to booking and answers "${words[lang].who}" first (${lang})`, async ({ page }) => {
      await openPage(page, at(lang, '/services/full-dentures'));
      const main = page.getByRole('main');
      const hero = main.getByRole('region').first();
      await expect(hero.getByRole('link', { name: words[lang].book, exact: true })).toHaveAttribute('href', at(lang, '/appointment'));
      await expect(main.getByRole('link', { name: words[lang].send, exact: true })).toHaveCount(0);
      const banner = main.locator('section[aria-labelledby="cta-title"]');
      await expect(banner.getByRole('link')).toHaveText([words[lang].book, words[lang].contact]);
      // The block right after the hero.
      await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText(words[lang].who);
      await expectGuide(page, lang);
    });

    test(`the home page answers "${words[lang].who}" too (${lang})`, async ({ page }) => {
      await openPage(page, at(lang, '/'));
      await expectGuide(page, lang);
    });

    test(`the services overview's "discuss a case" sends a case or asks advice, and the contact page puts calling first (${lang})`, async ({ page }) => {
      await openPage(page, at(lang, '/services'));
      const banner = page.getByRole('main').locator('section[aria-labelledby="cta-title"]');
      await expect(banner.getByRole('link')).toHaveText([words[lang].send, words[lang].advice]);
      await expect(page.getByRole('main').getByRole('region').first().getByRole('link', { name: words[lang].send, exact: true })).toBeVisible();
      await openPage(page, at(lang, '/contact'));
      const first = page.getByRole('main').getByRole('link').first();
      await expect(first).toHaveText(lang === 'nl' ? 'Bel 030 000 0000' : 'Call 030 000 0000');
      await expect(first).toHaveAttribute('href', 'tel:+31300000000');
    });
  }
});

test.describe('the phone menu keeps its own header in view', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`with the services accordion open on a short phone, close and ${lang === 'en' ? 'NL' : 'EN'} stay reachable at the top, the doors at the bottom, as the links scroll (${lang})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 568 });
      // On a service's page the accordion opens with the menu: the longest list.
      await openPage(page, at(lang, '/services/zirconia'));
      await page.getByRole('button', { name: words[lang].open }).click();
      const dialog = page.getByRole('dialog', { name: words[lang].menu });
      await expect(dialog.getByRole('button', { name: words[lang].services })).toHaveAttribute('aria-expanded', 'true');
      const close = dialog.getByRole('button', { name: words[lang].close });
      const language = dialog.getByRole('link', { name: words[lang].switch });
      const { send, book } = doors(dialog, lang);
      const last = dialog.getByRole('navigation').getByRole('link').last();
      for (const where of ['top', 'bottom']) {
        if (where === 'bottom') await last.scrollIntoViewIfNeeded();
        for (const [name, control] of [
          ['close', close],
          ['language', language],
          ['send', send],
          ['book', book],
        ] as const) {
          expect(await reachable(control), `${name} at the ${where} of the list`).toBe(true);
        }
      }
      await expect(last).toBeInViewport();
      expect(await reachable(last)).toBe(true);
      await close.click();
      await expect(dialog).toBeHidden();
    });
  }
});
