import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { load } from 'js-yaml';
import { openPage } from './site.ts';

type Text = { en: string; nl: string };
const yaml = <T>(file: string) => load(readFileSync(join(process.cwd(), 'content', file), 'utf8')) as T;
const home = yaml<{ featured: { services: string[] }; testimonials: { items: string[] } }>('pages/home.yaml');
const service = (slug: string) => yaml<{ name: Text; card: { image: { src: string } } }>(`services/${slug}.yaml`);
const serviceName = (slug: string) => service(slug).name;
// The built file of a service's card picture: Vite names it after the source, with an 8-character hash.
const cardPicture = (slug: string) => new RegExp(`/assets/${service(slug).card.image.src.replace(/^.*\/|\.svg$/g, '')}-[\\w-]{8}\\.svg$`);
// The newest articles by date, as the home page should list them.
const newest = readdirSync(join(process.cwd(), 'content', 'articles'))
  .map((file) => yaml<{ slug: string; title: Text; date: string | Date }>(`articles/${file}`))
  .map((a) => ({ ...a, date: new Date(a.date).toISOString().slice(0, 10) }))
  .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
  .slice(0, 3);

test.describe('the reading-progress bar', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`follows the scroll down the page (${reducedMotion === 'reduce' ? 'at once under reduced motion' : 'with a spring'}) and is hidden from assistive technology`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion });
      await openPage(page, '/');
      const bar = page.locator('.reading-progress');
      await expect(bar).toHaveAttribute('aria-hidden', 'true');
      const scale = () => bar.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
      expect(await scale()).toBeLessThan(0.01);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2 - innerHeight / 2));
      await expect.poll(scale).toBeCloseTo(0.5, 1);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(scale).toBeGreaterThan(0.995);
    });
  }

  test('eases towards the scroll position rather than jumping to it', async ({ page }) => {
    await openPage(page, '/');
    // Its width in each of the 20 frames after a jump to the bottom of the page.
    const widths = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const bar = document.querySelector('.reading-progress')!;
          const seen: number[] = [];
          const sample = () => {
            seen.push(new DOMMatrix(getComputedStyle(bar).transform).a);
            if (seen.length < 20) requestAnimationFrame(sample);
            else resolve(seen);
          };
          window.scrollTo(0, document.documentElement.scrollHeight);
          requestAnimationFrame(sample);
        }),
    );
    expect(widths[0]).toBeLessThan(0.5);
    expect(widths.some((w) => w > 0.05 && w < 0.95)).toBe(true);
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeGreaterThanOrEqual(widths[i - 1]!);
    await expect.poll(() => page.locator('.reading-progress').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a)).toBeGreaterThan(0.995);
  });
});

test.describe('the home page sections', () => {
  test('shows the five featured services, each with a "Read more" link that names it, and a button to all services', async ({ page }) => {
    await openPage(page, '/');
    const section = page.getByRole('region', { name: 'Our services' });
    const links = section.getByRole('link', { name: /^Read more about / });
    await expect(links).toHaveCount(home.featured.services.length);
    for (const [i, slug] of home.featured.services.entries()) {
      await expect(links.nth(i)).toHaveAccessibleName(`Read more about ${serviceName(slug).en}`);
      await expect(links.nth(i)).toHaveAttribute('href', `/services/${slug}`);
    }
    await links.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/services/${home.featured.services[1]}$`));
    await page.goBack();
    await page.getByRole('region', { name: 'Our services' }).getByRole('link', { name: 'All services' }).click();
    await expect(page).toHaveURL(/\/services$/);
  });

  test('shows the placeholder for a featured service picture that fails after the page is interactive', async ({ page }) => {
    const slug = home.featured.services[0]!;
    const card = page
      .getByRole('region', { name: 'Our services' })
      .getByRole('listitem')
      .filter({ hasText: serviceName(slug).en });
    // The picture's request is held until the page is interactive, then fails.
    let interactive!: () => void;
    const hydrated = new Promise<void>((resolve) => (interactive = resolve));
    await page.route(cardPicture(slug), async (route) => {
      await hydrated;
      await route.abort();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(card.getByRole('img')).not.toHaveAttribute('src', /placeholder/);
    interactive();
    await expect(card.getByRole('img')).toHaveAttribute('src', /placeholder/);
    await expect(card.getByRole('img')).toHaveAccessibleName('Image not available');
  });

  test('shows the placeholder for a featured service picture that failed before the page was interactive', async ({ page }) => {
    const slug = home.featured.services[0]!;
    const card = page
      .getByRole('region', { name: 'Our services' })
      .getByRole('listitem')
      .filter({ hasText: serviceName(slug).en });
    // Tall enough for the cards to load at once, while the scripts are held back until the picture has failed.
    await page.setViewportSize({ width: 1440, height: 3200 });
    let failed!: () => void;
    const imageFailed = new Promise<void>((resolve) => (failed = resolve));
    await page.route(cardPicture(slug), async (route) => {
      await route.abort();
      failed();
    });
    await page.route('**/assets/*.js', async (route) => {
      await imageFailed;
      await route.continue();
    });
    await openPage(page, '/');
    await expect(card.getByRole('img')).toHaveAttribute('src', /placeholder/);
    await expect(card.getByRole('img')).toHaveAccessibleName('Image not available');
  });

  test("shows three testimonials, stars on a patient's only, and links to all of them", async ({ page }) => {
    await openPage(page, '/');
    const section = page.getByRole('region', { name: 'What dentists and patients say' });
    const shown = home.testimonials.items.map((id) => yaml<{ name: string; author?: string }>(`testimonials/${id}.yaml`));
    await expect(section.getByRole('figure')).toHaveCount(3);
    for (const { name } of shown) await expect(section.getByRole('figure').filter({ hasText: name })).toBeVisible();
    // Dentists do not rate a lab by stars.
    const patients = shown.filter((t) => t.author === 'patient');
    expect(patients.length).toBeGreaterThan(0);
    await expect(section.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(patients.length);
    for (const { name } of patients) await expect(section.getByRole('figure').filter({ hasText: name }).getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await section.getByRole('link', { name: 'All testimonials' }).click();
    await expect(page).toHaveURL(/\/testimonials$/);
  });

  test('lists the three newest articles, newest first, each linking to the article, and links to all articles', async ({ page }) => {
    await openPage(page, '/');
    const section = page.getByRole('region', { name: 'Latest articles' });
    const titles = section.getByRole('heading', { level: 3 });
    await expect(titles).toHaveText(newest.map((a) => a.title.en));
    await section.getByRole('link', { name: newest[0]!.title.en }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${newest[0]!.slug}$`));
    await page.goBack();
    await page.getByRole('region', { name: 'Latest articles' }).getByRole('link', { name: 'All articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("shows the lab's four claims", async ({ page }) => {
    await openPage(page, '/');
    const claims = page.getByRole('region', { name: 'Why practices work with our lab' });
    for (const claim of ['Over 15 years of experience', 'Work we stand behind', 'Fast turnaround', 'Urgent work']) {
      await expect(claims.getByRole('heading', { level: 3, name: claim })).toBeVisible();
    }
  });
});

test.describe('the Dutch home page', () => {
  test('links to the Dutch pages', async ({ page }) => {
    await openPage(page, '/nl');
    const featured = page.getByRole('region', { name: 'Onze diensten' });
    const first = home.featured.services[0]!;
    await expect(featured.getByRole('link', { name: `Lees meer over ${serviceName(first).nl}` })).toHaveAttribute('href', `/nl/services/${first}`);
    await expect(featured.getByRole('link', { name: 'Alle diensten' })).toHaveAttribute('href', '/nl/services');
    await expect(page.getByRole('region', { name: 'Wat tandartsen en patiënten zeggen' }).getByRole('link', { name: 'Alle ervaringen' })).toHaveAttribute('href', '/nl/testimonials');
    const news = page.getByRole('region', { name: 'Nieuwste artikelen' });
    await expect(news.getByRole('heading', { level: 3 })).toHaveText(newest.map((a) => a.title.nl));
    await expect(news.getByRole('link', { name: newest[0]!.title.nl })).toHaveAttribute('href', `/nl/blog/${newest[0]!.slug}`);
    await news.getByRole('link', { name: 'Alle artikelen' }).click();
    await expect(page).toHaveURL(/\/nl\/blog$/);
  });
});

test.describe('the about page', () => {
  const about = yaml<{ story: { title: Text }; vision: { title: Text }; mission: { title: Text }; highlights: { title: Text; items: unknown[] }; cta: { title: Text } }>('pages/about.yaml');
  for (const lang of ['en', 'nl'] as const) {
    test(`tells the story, vision and mission beside the claims, with ways to book or get in touch (${lang})`, async ({ page }) => {
      const prefix = lang === 'nl' ? '/nl' : '';
      await openPage(page, `${prefix}/about`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const block of [about.story, about.vision, about.mission]) await expect(main.getByRole('heading', { level: 2, name: block.title[lang] })).toBeVisible();
      await expect(page.getByRole('region', { name: about.highlights.title[lang] }).getByRole('listitem')).toHaveCount(about.highlights.items.length);
      const cta = page.getByRole('region', { name: about.cta.title[lang] });
      await expect(cta.getByRole('link')).toHaveCount(2);
      await expect(cta.getByRole('link').nth(1)).toHaveAttribute('href', `${prefix}/contact`);
      await cta.getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/appointment$`));
    });
  }

  test('books an appointment from its hero', async ({ page }) => {
    await openPage(page, '/about');
    await page.getByRole('region', { name: 'About our dental laboratory' }).getByRole('link', { name: 'Book an appointment' }).click();
    await expect(page).toHaveURL(/\/appointment$/);
  });
});

test.describe('the marketing services page', () => {
  const marketing = yaml<{
    offers: { title: Text; items: unknown[] };
    packages: { title: Text; items: { name: Text; features: { en: string[]; nl: string[] } }[] };
    additional: { title: Text; items: unknown[] };
    cta: { title: Text };
  }>('pages/marketing-services.yaml');
  for (const lang of ['en', 'nl'] as const) {
    test(`lists the offers, three numbered packages with their features and no prices, the extras, and leads to the contact page (${lang})`, async ({ page }) => {
      const prefix = lang === 'nl' ? '/nl' : '';
      await openPage(page, `${prefix}/marketing-services`);
      await expect(page.getByRole('region', { name: marketing.offers.title[lang] }).getByRole('listitem')).toHaveCount(9);
      const packages = page.getByRole('region', { name: marketing.packages.title[lang] });
      // An ordered list: its items are numbered for screen readers as on screen.
      const items = packages.locator('ol > li');
      await expect(items).toHaveCount(3);
      for (const [i, item] of marketing.packages.items.entries()) {
        await expect(items.nth(i).getByRole('heading', { level: 3 })).toHaveText(item.name[lang]);
        await expect(items.nth(i)).toContainText(String(i + 1));
        await expect(items.nth(i).getByRole('listitem')).toHaveText(item.features[lang]);
      }
      await expect(packages).not.toContainText(/€|\bEUR\b|per month|per maand/i);
      await expect(page.getByRole('region', { name: marketing.additional.title[lang] }).getByRole('listitem')).toHaveCount(3);
      await page.getByRole('region', { name: marketing.cta.title[lang] }).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/contact$`));
    });
  }
});
