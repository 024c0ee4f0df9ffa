import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { kinds, openPage } from './site.ts';

// The site's two front doors (issue 25): the dentist's "Send a case" and the patient's "Book an appointment",
// in the header and the phone menu of every page, on the home page's first screen, and as each page's
// main button for the reader it is written for.

type Lang = 'en' | 'nl';
const words = {
  en: {
    send: 'Send a case', book: 'Book an appointment', advice: 'Ask our advice', contact: 'Contact us', open: 'Open menu', close: 'Close menu',
    menu: 'Main menu', switch: 'NL, this page in Dutch', services: 'Show the services menu', who: 'Who do I go to?', dentists: 'For dentists', patients: 'For patients',
    turnaround: 'Turnaround, pickup and scanners', footerDentists: 'For dentists', marketing: 'Marketing for clinics', notice: 'About this preview',
  },
  nl: {
    send: 'Casus insturen', book: 'Afspraak maken', advice: 'Advies vragen', contact: 'Neem contact op', open: 'Menu openen', close: 'Menu sluiten',
    menu: 'Hoofdmenu', switch: 'EN, deze pagina in het Engels', services: 'Dienstenmenu tonen', who: 'Bij wie kan ik terecht?', dentists: 'Voor tandartsen', patients: 'Voor patiënten',
    turnaround: 'Levertijden, ophalen en scanners', footerDentists: 'Voor tandartsen', marketing: 'Marketing voor praktijken', notice: 'Over deze voorbeeldweergave',
  },
} as const;
const langOf = (path: string): Lang => (/^\/nl(\/|$)/.test(path) ? 'nl' : 'en');
const at = (lang: Lang, path: string) => (lang === 'nl' ? (path === '/' ? '/nl' : `/nl${path}`) : path);

/** The two front doors inside `scope`, as links with their names. */
const doors = (scope: Locator, lang: Lang) => ({
  send: scope.getByRole('link', { name: words[lang].send, exact: true }),
  book: scope.getByRole('link', { name: words[lang].book, exact: true }),
});

/** Whether the element is the one a tap at its centre reaches: shown, and covered by nothing. */
const reachable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && !!hit && (hit === el || el.contains(hit));
  });

test.describe('both front doors on every kind of page, in both languages', () => {
  for (const path of kinds) {
    const lang = langOf(path);
    test(`${path}: in the header at 1440 and 375 px and in the open phone menu, each leading to its page`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await openPage(page, path);
      const header = page.getByRole('banner');
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 812 });
        const { send, book } = doors(header, lang);
        await expect(send).toHaveAttribute('href', at(lang, '/for-doctors#order'));
        await expect(book).toHaveAttribute('href', at(lang, '/appointment'));
        expect(await reachable(send), `${width} px: ${words[lang].send}`).toBe(true);
        expect(await reachable(book), `${width} px: ${words[lang].book}`).toBe(true);
      }
      // At 375 px: the phone menu offers both too.
      await page.getByRole('button', { name: words[lang].open }).click();
      const dialog = page.getByRole('dialog', { name: words[lang].menu });
      const inMenu = doors(dialog, lang);
      await expect(inMenu.send).toHaveAttribute('href', at(lang, '/for-doctors#order'));
      await expect(inMenu.book).toHaveAttribute('href', at(lang, '/appointment'));
      expect(await reachable(inMenu.send)).toBe(true);
      expect(await reachable(inMenu.book)).toBe(true);
    });
  }

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
  for (const [width, height] of [[375, 812], [1440, 900]] as const) {
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
  const must = lang === 'nl' ? ['tandarts', 'tandprotheticus', 'zonder verwijzing', 'basisverzekering', 'eigen bijdrage', 'eigen risico', 'aanvullende', 'begroting'] : ['dentist', 'denturist (tandprotheticus)', 'without a referral', 'basisverzekering', 'eigen bijdrage', 'eigen risico', 'supplementary', 'begroting'];
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
    test(`with the services accordion open on a short phone, close and ${lang === 'en' ? 'NL' : 'EN'} stay reachable at the top, the doors at the bottom, as the links scroll (${lang})`, async ({ page }) => {
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
        for (const [name, control] of [['close', close], ['language', language], ['send', send], ['book', book]] as const) {
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

test.describe('the preview notice', () => {
  for (const path of ['/', '/nl/services/veneers', '/blog', '/nl/contact']) {
    test(`${path}: sits in a landmark of its own (axe: region), named in the page's language`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      const lang = langOf(path);
      await expect(page.getByRole('complementary', { name: words[lang].notice })).toContainText(lang === 'nl' ? 'Voorbeeldweergave' : 'Preview');
      const results = await new AxeBuilder({ page }).withRules(['region', 'landmark-unique', 'landmark-complementary-is-top-level']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
