import { expect, test, type Page } from '@playwright/test';
import { at, headings, langs, overview, say, service, services, ui } from './services-content.ts';
import { openPage, pages } from './site.ts';

test('every service in content has its page in both languages, and nothing else lives under /services', () => {
  const built = pages.filter((path) => /^(\/nl)?\/services\//.test(path)).sort();
  expect(built).toEqual([...services.keys()].flatMap((slug) => [`/services/${slug}`, `/nl/services/${slug}`]).sort());
});

// Each service page's heading and sections in the layout order are checked in pages.spec.ts, on the one
// visit each page gets there.

test.describe('the services overview', () => {
  for (const lang of langs) {
    test(`${at(lang, '/services')} shows the five fields as cards, why choose us and a call to action`, async ({ page, request }) => {
      await openPage(page, at(lang, '/services'));
      expect(await headings(page, 1)).toEqual([overview.hero.title[lang]]);
      expect(await headings(page, 2)).toEqual([overview.categories.title[lang], overview.whyChooseUs.title[lang], overview.cta.title[lang]]);
      const cards = page.getByRole('region', { name: overview.categories.title[lang] }).getByRole('listitem');
      await expect(cards).toHaveCount(5);
      for (const [index, slug] of overview.categories.services.entries()) {
        const link = cards.nth(index).getByRole('link', { name: say('readMoreAbout', lang, service(slug).name[lang]) });
        await expect(link).toHaveAttribute('href', at(lang, `/services/${slug}`));
        expect((await request.get(at(lang, `/services/${slug}`))).status()).toBe(200);
      }
      const cta = page.getByRole('region', { name: overview.cta.title[lang] });
      await expect(cta.getByRole('link')).toHaveCount(2);
      // "Have a case to discuss?": send it, or ask the lab's advice.
      await expect(cta.getByRole('link').first()).toHaveAttribute('href', at(lang, '/for-doctors#order'));
      await expect(cta.getByRole('link').last()).toHaveAttribute('href', at(lang, '/contact'));
    });
  }
});

test.describe('category listings', () => {
  const categories = [...services.values()].filter((s) => s.kind === 'category');

  test('cover the four fields of the specification', () => {
    expect(categories.map((s) => s.slug).sort()).toEqual(['crowns-bridges', 'dentures', 'implants', 'orthodontics']);
  });

  for (const category of categories) {
    for (const lang of langs) {
      test(`${at(lang, `/services/${category.slug}`)} lists its services as cards whose links resolve`, async ({ page, request }) => {
        await openPage(page, at(lang, `/services/${category.slug}`));
        const cards = page.getByRole('list', { name: category.name[lang] }).getByRole('listitem');
        await expect(cards).toHaveCount(category.items!.length);
        for (const [index, slug] of category.items!.entries()) {
          const card = cards.nth(index);
          const image = card.getByRole('img');
          await expect(image).toHaveAttribute('width', /^\d+$/);
          await expect(image).toHaveAttribute('height', /^\d+$/);
          await expect(image).toHaveAttribute('alt', /\w{3}/);
          await expect(card.getByRole('paragraph').first()).not.toBeEmpty();
          // "Read more" on screen; the rest of the link's name, which says which service it leads to, is for screen readers.
          const link = card.getByRole('link', { name: say('readMoreAbout', lang, service(slug).name[lang]) });
          await expect(link.locator('.sr-only')).toHaveText(say('readMoreAbout', lang, service(slug).name[lang]).slice(say('readMore', lang).length));
          await expect(link).toHaveAttribute('href', at(lang, `/services/${slug}`));
          expect((await request.get(at(lang, `/services/${slug}`))).status()).toBe(200);
        }
        // Every link on the page (breadcrumb, introduction, cards) stays in the language and leads to a page.
        const hrefs = await page
          .getByRole('main')
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
        expect(hrefs.length).toBeGreaterThan(category.items!.length + 2);
        for (const href of new Set(hrefs)) {
          // The lab's phone, in "Who do I go to?" on a page for patients.
          if (href.startsWith('tel:')) continue;
          expect(href).toMatch(lang === 'nl' ? /^\/nl(\/|$)/ : /^\/(?!nl(\/|$))/);
          expect((await request.get(href)).status(), href).toBe(200);
        }
      });
    }
  }

  test('a card link opens the service page in the same language', async ({ page }) => {
    await openPage(page, '/nl/services/orthodontics');
    await page.getByRole('link', { name: say('readMoreAbout', 'nl', service('splints').name.nl) }).click();
    await expect(page).toHaveURL(/\/nl\/services\/splints$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(service('splints').hero.title.nl);
  });
});

test.describe('the detail layout', () => {
  test('the closing banner asks "Interested in …?" and offers an appointment and contact, in both languages', async ({ page }) => {
    for (const lang of langs) {
      await openPage(page, at(lang, '/services/veneers'));
      const banner = page.getByRole('region', { name: say('interestedTitle', lang, service('veneers').nameInText![lang]) });
      await expect(banner.getByText(say('interestedText', lang))).toBeVisible();
      await expect(banner.getByRole('link', { name: ui.common.bookAppointment![lang] })).toHaveAttribute('href', at(lang, '/appointment'));
      await expect(banner.getByRole('link', { name: ui.common.contactUs![lang] })).toHaveAttribute('href', at(lang, '/contact'));
    }
  });

  test("metal-ceramic has no closing banner, and its dentist's testimonial shows no stars", async ({ page }) => {
    for (const lang of langs) {
      await openPage(page, at(lang, '/services/metal-ceramic'));
      await expect(page.getByRole('heading', { name: say('interestedTitle', lang, service('metal-ceramic').nameInText![lang]) })).toHaveCount(0);
      const testimonials = page.getByRole('region', { name: say('testimonialsTitle', lang) });
      await expect(testimonials.getByRole('blockquote')).toHaveCount(1);
      await expect(testimonials.getByRole('img', { name: /5/ })).toHaveCount(0);
    }
  });

  test("a patient's testimonial keeps its stars, a dentist's never shows any", async ({ page }) => {
    for (const lang of langs) {
      // zirconia-schouten is a patient's, splints-jansen a dentist's.
      await openPage(page, at(lang, '/services/zirconia'));
      await expect(page.getByRole('region', { name: say('testimonialsTitle', lang) }).getByRole('img', { name: /5/ })).toHaveCount(1);
      await openPage(page, at(lang, '/services/splints'));
      await expect(page.getByRole('heading', { name: say('interestedTitle', lang, service('splints').nameInText![lang]) })).toHaveCount(0);
      await expect(page.getByRole('region', { name: say('testimonialsTitle', lang) }).getByRole('blockquote')).toHaveCount(1);
      await expect(page.getByRole('region', { name: say('testimonialsTitle', lang) }).getByRole('img', { name: /5/ })).toHaveCount(0);
    }
  });

  test('no service shows before and after cartoons, nor a case study until the lab gives one with photographs', async ({ page }) => {
    for (const s of services.values()) expect(s.cases ?? []).toEqual([]);
    for (const lang of langs) {
      await openPage(page, at(lang, '/services/full-dentures'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('figure', { name: lang === 'en' ? 'Before' : 'Voor', exact: true })).toHaveCount(0);
      await expect(page.locator('img[src*="-before"], img[src*="-after"], main picture:not(.hero-art)')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: say('casesTitle', lang, service('full-dentures').nameInText![lang]) })).toHaveCount(0);
    }
  });

  test('a service without testimonials shows no testimonial section', async ({ page }) => {
    // Every service ships with a testimonial; take zirconia's away on its way to the browser.
    let emptied = false;
    await page.route('**/assets/data/*/services/zirconia.json', async (route) => {
      const response = await route.fetch();
      const data = (await response.json()) as { content: { testimonials: unknown[] } };
      expect(data.content.testimonials.length).toBeGreaterThan(0);
      data.content.testimonials = [];
      emptied = true;
      await route.fulfill({ response, json: data });
    });
    await openPage(page, '/services/crowns-bridges');
    await page.getByRole('link', { name: say('readMoreAbout', 'en', service('zirconia').name.en) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(service('zirconia').hero.title.en);
    expect(emptied).toBe(true);
    const name = service('zirconia').nameInText!.en;
    expect(await headings(page, 2)).toEqual([say('moreInfoTitle', 'en', name), say('benefitsTitle', 'en', name), say('processTitle', 'en', name), say('interestedTitle', 'en', name)]);
  });

  test('a detail page links back to its category and the services overview', async ({ page }) => {
    await openPage(page, '/nl/services/snap-on-dentures');
    const trail = page.getByRole('navigation', { name: 'Kruimelpad' });
    await expect(trail.getByRole('link')).toHaveText(['Home', 'Diensten', service('implants').name.nl]);
    await trail.getByRole('link', { name: service('implants').name.nl }).click();
    await expect(page).toHaveURL(/\/nl\/services\/implants$/);
  });
});

test.describe('card pictures', () => {
  const zirconiaCard = (page: Page) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: service('zirconia').name.en, exact: true }) })
      .getByRole('img');

  test('a picture that fails to load, even before the page is interactive, is replaced by the placeholder', async ({ page }) => {
    await page.route('**/assets/zirconia-*.svg', (route) => route.fulfill({ status: 404, body: '' }));
    // A tall window loads every card picture at once, so the error can come before hydration.
    await page.setViewportSize({ width: 1280, height: 4000 });
    await openPage(page, '/services/crowns-bridges');
    await expect(zirconiaCard(page)).toHaveAttribute('src', /\/assets\/placeholder-[\w-]+\.svg$/);
    await expect(zirconiaCard(page)).toHaveAttribute('alt', 'Image not available');
    // The placeholder itself loads (it may still be on its way when the src changes).
    await expect.poll(() => zirconiaCard(page).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    // The others keep their own pictures.
    const veneers = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: service('veneers').name.en, exact: true }) })
      .getByRole('img');
    await expect(veneers).toHaveAttribute('src', /\/assets\/veneers-[\w-]+\.svg$/);
  });

  test('a picture that fails when scrolled into view is replaced by the placeholder', async ({ page }) => {
    await page.route('**/assets/zirconia-*.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.setViewportSize({ width: 1280, height: 700 });
    await openPage(page, '/services/crowns-bridges');
    await zirconiaCard(page).scrollIntoViewIfNeeded();
    await expect(zirconiaCard(page)).toHaveAttribute('src', /\/assets\/placeholder-[\w-]+\.svg$/);
  });
});

test.describe('card grid motion', () => {
  const grid = (page: Page) => page.getByRole('list', { name: service('dentures').name.en });
  const opacity = (page: Page) =>
    grid(page)
      .getByRole('listitem')
      .first()
      .evaluate((li) => getComputedStyle(li).opacity);

  test('the grid rises into view once when a fifth of it is visible, and cards lift on hover', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await openPage(page, '/services/dentures');
    await expect(grid(page)).toHaveAttribute('data-reveal', 'waiting');
    expect(await opacity(page)).toBe('0');
    await grid(page).scrollIntoViewIfNeeded();
    await expect(grid(page)).toHaveAttribute('data-reveal', 'shown');
    await expect.poll(() => opacity(page)).toBe('1');
    // Once: scrolling away and back leaves it shown.
    await page.mouse.wheel(0, -5000);
    await grid(page).scrollIntoViewIfNeeded();
    await expect(grid(page)).toHaveAttribute('data-reveal', 'shown');
    const card = grid(page).locator('.service-card').first();
    await card.hover();
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');
  });

  test('under reduced motion nothing moves: the cards are simply there, and do not lift', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 700 });
    await openPage(page, '/services/dentures');
    await expect(grid(page)).toHaveAttribute('data-reveal', 'static');
    expect(await opacity(page)).toBe('1');
    await grid(page).scrollIntoViewIfNeeded();
    const card = grid(page).locator('.service-card').first();
    await card.hover();
    // A lift would start a CSS transition, which getAnimations lists from its first frame: none started,
    // so there is nothing to wait for.
    // (Colour and underline-thickness transitions of the card's link may run: they are not motion.)
    const moving = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            !(animation instanceof CSSTransition) ||
            !/^(color|background-color|border-color|text-decoration-color|text-decoration-thickness|outline-color|fill|stroke)$/.test(animation.transitionProperty),
        )
        .map((animation) => (animation instanceof CSSTransition ? animation.transitionProperty : animation.constructor.name));
    expect(await page.evaluate(moving)).toEqual([]);
    expect(await card.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
    await expect(grid(page)).toHaveAttribute('data-reveal', 'static');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('every card is visible', async ({ page }) => {
      await page.goto('/services/dentures');
      await grid(page).scrollIntoViewIfNeeded();
      await expect(grid(page).getByRole('listitem')).toHaveCount(service('dentures').items!.length);
      for (const li of await grid(page).getByRole('listitem').all()) {
        await expect(li).toBeVisible();
        expect(await li.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      }
    });
  });
});
