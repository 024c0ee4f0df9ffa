import { expect, test, type Page } from '@playwright/test';
import { watch } from './site.ts';

const origin = 'https://www.example.nl';
const slugs = [
  'latest-dental-implant-technologies-2025',
  'cad-cam-techniques-in-dental-prosthetics',
  'how-to-choose-the-right-dental-prosthetic',
  'comparing-different-types-of-dentures',
  'the-future-of-digital-dentistry',
  'caring-for-dental-prosthetics-patient-tips',
];

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allTextContents();
const filter = (page: Page, name: string) => page.getByRole('group', { name: /filter articles|artikelen filteren/i }).getByRole('button', { name, exact: true });
/** Waits until React has taken over the prerendered page (it marks the elements it hydrated). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__react'));
  });

test.describe('the blog list', () => {
  test('the prerendered page lists every article, whatever the query asks', async ({ request }) => {
    for (const path of ['/blog', '/blog?category=dental_implants&q=zzz', '/nl/blog']) {
      const html = await (await request.get(path)).text();
      for (const slug of slugs) expect(html, `${path} links ${slug}`).toContain(`href="${path.startsWith('/nl') ? '/nl' : ''}/blog/${slug}"`);
      expect(html.match(/<article/g), path).toHaveLength(6);
    }
  });

  test('a category button filters the list, shows it is pressed, and the choice survives a reload and goes with Back', async ({ page }) => {
    await page.goto('/blog');
    await hydrated(page);
    await expect(cards(page)).toHaveCount(6);
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText('6 articles');

    await filter(page, 'Dental prosthetics').click();
    await expect(page).toHaveURL(/\/blog\?category=dental_prosthetics$/);
    await expect(filter(page, 'Dental prosthetics')).toHaveAttribute('aria-pressed', 'true');
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'false');
    expect(await cardTitles(page)).toEqual(['Comparing different types of dentures']);
    await expect(page.getByRole('status').filter({ hasText: 'article' })).toHaveText('1 article');
    // The selected button looks different, not only to assistive technology.
    const colour = (name: string) => filter(page, name).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour('Dental prosthetics')).not.toBe(await colour('All'));

    await page.reload();
    await hydrated(page);
    await expect(filter(page, 'Dental prosthetics')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards(page)).toHaveCount(6);
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the search box matches title and excerpt in any case and keeps the text in the address without a history entry per key', async ({ page }) => {
    await page.goto('/about');
    await page.goto('/blog');
    await hydrated(page);
    const entries = await page.evaluate(() => history.length);
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(box).toHaveAttribute('placeholder', 'search articles');
    await box.pressSequentially('INTRAORAL');
    await expect(page).toHaveURL(/\/blog\?q=INTRAORAL$/);
    expect((await cardTitles(page)).sort()).toEqual(['CAD/CAM techniques in dental prosthetics', 'The future of digital dentistry']);
    expect(await page.evaluate(() => history.length)).toBe(entries);

    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('INTRAORAL');
    await expect(cards(page)).toHaveCount(2);
    // Typing replaced the entry: Back leaves the blog.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('an article shows only when it matches both the category and the search', async ({ page }) => {
    await page.goto('/blog?q=dentures');
    await hydrated(page);
    // Three mention dentures in their title or excerpt, a fourth in its tags.
    await expect(cards(page)).toHaveCount(4);
    await filter(page, 'Digital technologies').click();
    await expect(page).toHaveURL(/category=digital_technologies/);
    await expect(page).toHaveURL(/q=dentures/);
    expect(await cardTitles(page)).toEqual(['The future of digital dentistry']);
    await filter(page, 'Dental implants').click();
    await expect(cards(page)).toHaveCount(0);
  });

  test('no match shows "No articles found" and a button that shows every article again', async ({ page }) => {
    await page.goto('/blog?category=tips_for_patients');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('veneers in space');
    await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
    await expect(page.getByText('No articles match your search criteria')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText('0 articles');
    await page.getByRole('button', { name: 'Show all articles' }).click();
    await expect(cards(page)).toHaveCount(6);
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeFocused();
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the Dutch blog filters and searches its own texts, with Dutch labels and empty state', async ({ page }) => {
    await page.goto('/nl/blog');
    await hydrated(page);
    await expect(filter(page, 'Alle')).toHaveAttribute('aria-pressed', 'true');
    const box = page.getByRole('searchbox', { name: 'Artikelen zoeken' });
    await box.fill('Kunstgebit');
    await expect(cards(page)).toHaveCount(2);
    await filter(page, 'Prothetiek').click();
    await expect(page).toHaveURL(/\/nl\/blog\?(?=.*category=dental_prosthetics)(?=.*q=Kunstgebit)/);
    expect(await cardTitles(page)).toHaveLength(1);
    await expect(cards(page).getByText('Prothetiek', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'artikel' })).toHaveText('1 artikel');
    // English words are not in the Dutch texts.
    await box.fill('dentures');
    await expect(page.getByRole('heading', { name: 'Geen artikelen gevonden' })).toBeVisible();
    await expect(page.getByText('Er zijn geen artikelen die aan uw zoekcriteria voldoen')).toBeVisible();
    await page.getByRole('button', { name: 'Alle artikelen tonen' }).click();
    await expect(cards(page)).toHaveCount(6);
  });

  test('a shared filtered link opens filtered without complaint, and nonsense in the address falls back to All', async ({ page, baseURL }) => {
    const problems = watch(page, baseURL!);
    await page.goto('/nl/blog?category=tips_for_patients&q=tandarts', { waitUntil: 'networkidle' });
    await hydrated(page);
    await expect(filter(page, 'Tips voor patiënten')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('searchbox', { name: 'Artikelen zoeken' })).toHaveValue('tandarts');
    expect(await cardTitles(page)).toEqual(['Uw prothese goed verzorgen: tips voor patiënten']);
    await page.goto('/blog?category=no_such_thing&q=', { waitUntil: 'networkidle' });
    await hydrated(page);
    await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(6);
    expect(problems).toEqual([]);
  });

  test('cards show the cover, a title linking to the article, the excerpt and the date in the page language', async ({ page }) => {
    await page.goto('/nl/blog');
    const card = cards(page).filter({ hasText: 'De nieuwste implantaattechnieken in 2025' });
    await expect(card.locator('time')).toHaveAttribute('datetime', '2025-03-12');
    await expect(card.locator('time')).toHaveText('12 maart 2025');
    await expect(card.getByText('Tandimplantaten')).toBeVisible();
    const img = card.getByRole('img');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('alt', /implantaat/);
    await card.getByRole('link', { name: 'De nieuwste implantaattechnieken in 2025' }).click();
    await expect(page).toHaveURL(/\/nl\/blog\/latest-dental-implant-technologies-2025$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('De nieuwste implantaattechnieken in 2025');
  });

  /** The search box, the pressed category, the cards and the address all say the same. */
  async function expectAgreement(page: Page, expected: { q: string; category: string; label: string; count: number }) {
    await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? '').toBe(expected.q);
    expect(new URL(page.url()).searchParams.get('category') ?? '').toBe(expected.category);
    await expect(page.getByRole('searchbox')).toHaveValue(expected.q);
    await expect(page.getByRole('group', { name: /filter articles|artikelen filteren/i }).getByRole('button', { pressed: true })).toHaveText(expected.label);
    await expect(cards(page)).toHaveCount(expected.count);
  }

  test('after Back and Forward the search box, the category, the cards and the address agree at every step', async ({ page }) => {
    await page.goto('/blog');
    await hydrated(page);
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await box.pressSequentially('dentures');
    // Titles, excerpts and tags are searched.
    await expectAgreement(page, { q: 'dentures', category: '', label: 'All', count: 4 });
    await filter(page, 'Digital technologies').click();
    await expectAgreement(page, { q: 'dentures', category: 'digital_technologies', label: 'Digital technologies', count: 1 });
    // Typing again changes this entry of the history rather than adding one; the box keeps the focus.
    await box.fill('');
    await box.pressSequentially('digital');
    await expectAgreement(page, { q: 'digital', category: 'digital_technologies', label: 'Digital technologies', count: 2 });
    await expect(box).toBeFocused();

    await page.goBack();
    await expectAgreement(page, { q: 'dentures', category: '', label: 'All', count: 4 });
    await page.goForward();
    await expectAgreement(page, { q: 'digital', category: 'digital_technologies', label: 'Digital technologies', count: 2 });
    await filter(page, 'All').click();
    await expectAgreement(page, { q: 'digital', category: '', label: 'All', count: 3 });
    await page.goBack();
    await expectAgreement(page, { q: 'digital', category: 'digital_technologies', label: 'Digital technologies', count: 2 });
    await page.goBack();
    await expectAgreement(page, { q: 'dentures', category: '', label: 'All', count: 4 });
  });

  test("the language switch of a filtered blog leads to the other language's blog with the same category and search", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/blog');
    await hydrated(page);
    await filter(page, 'Dental prosthetics').click();
    await page.getByRole('searchbox', { name: 'Search articles' }).pressSequentially('kunstgebit');
    await expect(page).toHaveURL(/q=kunstgebit/);
    await page.getByRole('banner').locator('a[hreflang="nl"]').click();
    await expect(page).toHaveURL(/\/nl\/blog\?/);
    await hydrated(page);
    await expectAgreement(page, { q: 'kunstgebit', category: 'dental_prosthetics', label: 'Prothetiek', count: 1 });
    await page.getByRole('group', { name: 'Artikelen filteren' }).getByRole('button', { name: 'Tips voor patiënten', exact: true }).click();
    await expectAgreement(page, { q: 'kunstgebit', category: 'tips_for_patients', label: 'Tips voor patiënten', count: 1 });
    await page.getByRole('banner').locator('a[hreflang="en"]').click();
    await expect(page).toHaveURL(/\/blog\?/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectAgreement(page, { q: 'kunstgebit', category: 'tips_for_patients', label: 'Tips for patients', count: 0 });
  });

  test('a filtered blog opened from a link offers its language switch with the same filter, as a link to open anywhere', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/nl/blog?category=dental_prosthetics&q=kunstgebit');
    await hydrated(page);
    await expect(page.getByRole('banner').locator('a[hreflang="en"]')).toHaveAttribute('href', '/blog?category=dental_prosthetics&q=kunstgebit');
  });
});

test.describe('the feeds', () => {
  for (const lang of ['en', 'nl'] as const) {
    const prefix = lang === 'nl' ? '/nl' : '';
    test(`the ${lang} Atom feed is valid XML with all six articles at absolute addresses, and blog pages link it`, async ({ page, request }) => {
      const response = await request.get(`${prefix}/feed.xml`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('xml');
      const xml = await response.text();
      await page.goto(`${prefix}/blog`);
      // The browser's own XML parser: a feed that is not well-formed yields a <parsererror>.
      const feed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const entries = [...doc.getElementsByTagName('entry')];
        return {
          error: doc.getElementsByTagName('parsererror').length > 0,
          root: doc.documentElement.namespaceURI,
          links: entries.map((e) => e.getElementsByTagName('link')[0]!.getAttribute('href')),
          titles: entries.map((e) => e.getElementsByTagName('title')[0]!.textContent),
          summaries: entries.map((e) => e.getElementsByTagName('summary')[0]!.textContent ?? ''),
        };
      }, xml);
      expect(feed.error).toBe(false);
      expect(feed.root).toBe('http://www.w3.org/2005/Atom');
      expect([...feed.links].sort()).toEqual(slugs.map((s) => `${origin}${prefix}/blog/${s}`).sort());
      expect(feed.summaries.every((s) => s.length > 40)).toBe(true);
      if (lang === 'nl') expect(feed.titles).toContain('De nieuwste implantaattechnieken in 2025');

      for (const path of [`${prefix}/blog`, `${prefix}/blog/${slugs[0]}`]) {
        await page.goto(path);
        await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', `${origin}${prefix}/feed.xml`);
      }
    });
  }
});

test.describe('an article', () => {
  for (const slug of slugs) {
    for (const prefix of ['', '/nl']) {
      test(`${prefix}/blog/${slug} shows its title, body, tags, share row and related articles`, async ({ page }) => {
        const response = await page.goto(`${prefix}/blog/${slug}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        const body = page.getByRole('main').getByRole('article').first();
        expect(await body.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
        expect((await body.innerText()).split(/\s+/).length).toBeGreaterThan(600);
        await expect(
          page
            .getByRole('region', { name: /^(Tags)$/ })
            .getByRole('listitem')
            .first(),
        ).toBeVisible();
        await expect(
          page
            .getByRole('region', { name: /Share this article|Deel dit artikel/ })
            .getByRole('button')
            .first(),
        ).toBeVisible();
        const related = page.getByRole('region', { name: /Related articles|Gerelateerde artikelen/ });
        const links = await related
          .getByRole('article')
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(links.length).toBeGreaterThanOrEqual(2);
        for (const href of links) expect(href).toMatch(new RegExp(`^${prefix}/blog/[a-z0-9-]+$`));
        expect(links).not.toContain(`${prefix}/blog/${slug}`);
        await expect(related.getByRole('link', { name: /All articles|Alle artikelen/ })).toHaveAttribute('href', `${prefix}/blog`);
      });
    }
  }

  test('the hero shows the category, the date in the page language, the author; headings have anchors the contents list uses', async ({ page }) => {
    await page.goto('/nl/blog/latest-dental-implant-technologies-2025');
    const hero = page.getByRole('region', { name: 'De nieuwste implantaattechnieken in 2025' });
    await expect(hero.getByText('Tandimplantaten')).toBeVisible();
    await expect(hero.locator('time')).toHaveAttribute('datetime', '2025-03-12');
    await expect(hero.locator('time')).toHaveText('Gepubliceerd op 12 maart 2025');
    await expect(hero.getByRole('listitem').filter({ hasText: 'Onze tandtechnici' })).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('navigation', { name: 'In dit artikel' }).getByRole('link', { name: 'Veelgemaakte fouten' }).click();
    await expect(page).toHaveURL(/#common-mistakes-to-avoid$/);
    await expect(page.locator('#common-mistakes-to-avoid')).toHaveText('Veelgemaakte fouten');
    await expect(page.locator('#common-mistakes-to-avoid')).toBeInViewport();
  });

  test('describes itself to search engines as a BlogPosting published by the lab', async ({ page }) => {
    await page.goto('/nl/blog/cad-cam-techniques-in-dental-prosthetics');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({
      headline: await page.getByRole('heading', { level: 1 }).textContent(),
      datePublished: '2025-05-20',
      inLanguage: 'nl',
      publisher: { '@id': `${origin}/#lab`, name: 'Tandlab Studio' },
      mainEntityOfPage: { '@id': `${origin}/nl/blog/cad-cam-techniques-in-dental-prosthetics` },
    });
    expect((posting.image as { url: string }).url).toMatch(new RegExp(`^${origin}/assets/.+\\.svg$`));
    expect(posting.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((posting.author as { name: string }).name).toBe('Onze tandtechnici');
  });

  test('an unknown slug answers 404 with "The article was not found" and a way back to the blog', async ({ page }) => {
    const response = await page.goto('/blog/no-such-article-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The article was not found');
    await expect(page.getByText("Sorry, the article you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('an unknown slug reached inside the site also shows the message, and the console stays clean', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
    await page.goto('/nl/blog');
    await hydrated(page);
    // A link to an article that was removed, followed inside the app.
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/nl/blog/verwijderd-artikel';
      a.textContent = 'old link';
      document.querySelector('main')!.append(a);
    });
    await page.getByRole('link', { name: 'old link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Het artikel is niet gevonden');
    // A visitor's console is no log anyone reads: links in the content are checked when it is built instead.
    await expect(page.getByRole('link', { name: 'Terug naar de blog' })).toBeVisible();
    // The link is a plain anchor, so the browser loads the page itself, and Chromium reports the page's own 404
    // status in the console: that is the server answering rightly, not the app complaining.
    const status404 = 'error: Failed to load resource: the server responded with a status of 404 (Not Found)';
    expect(logged.filter((text) => /^(warning|error):/.test(text) && text !== status404)).toEqual([]);
  });

  test('the long slug of the old site redirects permanently to the article', async ({ page, request }) => {
    for (const prefix of ['', '/nl']) {
      const response = await request.get(`${prefix}/blog/how-to-choose-the-right-dental-prosthetic-for-your-patient`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe(`${prefix}/blog/how-to-choose-the-right-dental-prosthetic`);
    }
    await page.goto('/blog/how-to-choose-the-right-dental-prosthetic-for-your-patient');
    await expect(page).toHaveURL(/\/blog\/how-to-choose-the-right-dental-prosthetic$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How to choose the right dental prosthetic');
  });
});

test.describe('the share row', () => {
  const path = '/blog/the-future-of-digital-dentistry';
  const url = `${origin}${path}`;

  test('Copy link puts the article address on the clipboard and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(path);
    await hydrated(page);
    const share = page.getByRole('region', { name: 'Share this article' });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    await share.getByRole('button', { name: 'Copy link' }).click();
    await expect(share.getByRole('status')).toHaveText('Link copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test('Copy link says so when the clipboard refuses', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    await page.goto(`/nl${path}`);
    await hydrated(page);
    const share = page.getByRole('region', { name: 'Deel dit artikel' });
    await share.getByRole('button', { name: 'Link kopiëren' }).click();
    await expect(share.getByRole('status')).toHaveText(/De link kon niet worden gekopieerd/);
  });

  test('LinkedIn and e-mail links carry the article address, LinkedIn in a new tab', async ({ page }) => {
    await page.goto(path);
    const share = page.getByRole('region', { name: 'Share this article' });
    const linkedIn = share.getByRole('link', { name: /Share on LinkedIn/ });
    await expect(linkedIn).toHaveAttribute('href', `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('rel', /noopener/);
    await expect(linkedIn).toHaveAccessibleName(/opens in a new tab/);
    const mail = new URL((await share.getByRole('link', { name: 'Share by e-mail' }).getAttribute('href'))!);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe('An article you may find useful: The future of digital dentistry');
    expect(mail.searchParams.get('body')).toContain(url);
  });

  test('where the device has a share sheet, the third button opens it with the title and address', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', { value: (data: unknown) => ((window as unknown as { shared: unknown[] }).shared.push(data), Promise.resolve()) });
    });
    await page.goto(`/nl${path}`);
    const share = page.getByRole('region', { name: 'Deel dit artikel' });
    await share.getByRole('button', { name: 'Delen…' }).click();
    await expect(share.getByRole('link', { name: 'Delen per e-mail' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ title: 'De toekomst van digitale tandheelkunde', url: `${origin}/nl${path}` }]);
  });
});
