import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { langOfPath } from '../../src/shared/paths.ts';
import { axeViolations, cardGrids, controlNames, headerLines, heroBoxes, holds, overflows, overlap, widths, type Found } from './checks.ts';
import { at, doors, reachable, words } from './doors.ts';
import { checkServicePage, services } from './services-content.ts';
import { kinds, pages, watch } from './site.ts';

// Every page of the build and the not-found pages, each opened once for all the checks that only look at
// it: loading a page costs more than any one check, so each page is visited once rather than once per check.
// Each check is a step; its assertions are soft and name the page and the check, so a failure says which
// and does not hide the checks after it.

/** Axe (WCAG 2.2 AA) on the page as loaded, at the default 1280 px. */
async function accessible(page: Page, path: string) {
  await test.step('accessibility (axe, WCAG 2.2 AA)', async () => {
    expect.soft(await axeViolations(page), `${path}: axe violations`).toEqual([]);
  });
}

/** Label in name (WCAG 2.5.3): every link and button with visible text has that text in its accessible name. */
async function labelInName(page: Page, path: string) {
  await test.step('label in name (WCAG 2.5.3)', async () => {
    const controls = await controlNames(page);
    // The header's items are among them: the check found the page's controls.
    expect.soft(controls.length, `${path}: label in name found the page's links and buttons`).toBeGreaterThan(10);
    const faults = controls.filter(({ text, name }) => !holds(name, text)).map(({ text, name }) => `"${text}" is named "${name}"`);
    expect.soft(faults, `${path}: label in name, links and buttons whose name lacks their visible text`).toEqual([]);
  });
}

/** No heading, text or button of the hero overlaps its artwork, at every width a designer checks. */
async function heroApart(page: Page, path: string) {
  await test.step(`the hero's text and artwork apart at ${widths.join(', ')} px`, async () => {
    const found: string[] = [];
    let artSeen = 0;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // Wait for the layout of this width: the artwork is shown (or not) as its media rules say.
      await page.waitForFunction((w) => window.innerWidth === w, width);
      const boxes = await heroBoxes(page);
      expect(boxes, `${path}: the page has a hero`).not.toBeNull();
      expect.soft(boxes!.text.length, `${path}: the hero has its text`).toBeGreaterThan(1);
      if (boxes!.art.length) artSeen += 1;
      for (const t of boxes!.text as Found[]) {
        for (const a of boxes!.art as Found[]) if (overlap(t.box, a.box)) found.push(`${width} px: ${t.name} overlaps the ${a.name}`);
      }
    }
    expect.soft(found, `${path}: hero text over its artwork`).toEqual([]);
    // Pages with artwork show it at least on wide screens (the check would pass vacuously otherwise).
    if (await page.locator('main section[aria-labelledby="page-title"] picture').count()) expect.soft(artSeen, `${path}: the hero's artwork is shown at some width`).toBeGreaterThan(0);
  });
}

/** On narrow screens (320 and 375 px), no sideways scroll and no text out of its box. */
async function narrow(page: Page, path: string) {
  await test.step('no sideways scroll and no text out of its box at 320 and 375 px', async () => {
    const found: string[] = [];
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      found.push(...(await overflows(page)).map((p) => `${width} px: ${p}`));
    }
    expect.soft(found, `${path}: narrow screens, sideways scroll or text out of its box`).toEqual([]);
  });
}

/** Sets the window's width (and height) and waits until the page is laid out at it. */
async function resize(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
}

/** The pages whose header is checked at every width: the home page in both languages, and the longest Dutch service name. */
const headerPages = ['/', '/nl', '/nl/services/pediatric-dentistry'];

/** Every item of the header stays on one line at every width (it turns compact before it would wrap). */
async function headerOneLine(page: Page, path: string) {
  await test.step(`every item of the header on one line at ${widths.join(', ')} px`, async () => {
    const wrapped: string[] = [];
    for (const width of widths) {
      await resize(page, width, 900);
      for (const l of await headerLines(page)) if (l.lines > 1) wrapped.push(`${width} px: "${l.text}" takes ${l.lines} lines`);
    }
    expect.soft(wrapped, `${path}: header items on more than one line`).toEqual([]);
  });
}

/** Pages with card grids; on the first three, a grid has a short last row at one of the widths (so the check cannot pass vacuously). */
const gridPages = ['/', '/services', '/services/crowns-bridges', '/services/zirconia', '/nl/services/dentures', '/blog', '/testimonials', '/for-doctors'];

/** A short last row of cards sits in the middle of its grid, at 768 and 1440 px. */
async function shortRowsCentred(page: Page, path: string) {
  await test.step('a short last row of cards in the middle, at 768 and 1440 px', async () => {
    const offCentre: string[] = [];
    let shortRows = 0;
    for (const width of [768, 1440]) {
      await resize(page, width, 900);
      for (const g of await cardGrids(page)) {
        if (g.columns < 2 || g.last === g.columns) continue;
        shortRows += 1;
        if (Math.abs(g.offset) > 2) offCentre.push(`${width} px: the last row of "${g.label}" (${g.last} of ${g.columns}) is ${g.offset} px off the middle`);
      }
    }
    expect.soft(offCentre, `${path}: short last rows off the middle`).toEqual([]);
    if (gridPages.slice(0, 3).includes(path)) expect.soft(shortRows, `${path}: a grid with a short last row`).toBeGreaterThan(0);
  });
}

/** What a link that opens a new tab adds to its name, in each language. */
const newTabNotice = { en: '(opens in a new tab)', nl: '(opent in een nieuw tabblad)' };
/** Links that must be on their page and open a new tab, by their whole name (so the check cannot pass on a page without them). */
const newTabLinks: Record<string, string> = {
  '/contact': 'View on OpenStreetMap (opens in a new tab)',
  '/nl/contact': 'Bekijk op OpenStreetMap (opent in een nieuw tabblad)',
  '/blog/cad-cam-techniques-in-dental-prosthetics': 'Share on LinkedIn (opens in a new tab)',
  '/nl/blog/cad-cam-techniques-in-dental-prosthetics': 'Delen op LinkedIn (opent in een nieuw tabblad)',
};

/** Every link that opens a new tab says so once, in the page's language, in its accessible name. */
async function newTabsSaid(page: Page, path: string) {
  await test.step("every link that opens a new tab says so once, in the page's language", async () => {
    const named = newTabLinks[path];
    if (named) await expect.soft(page.getByRole('link', { name: named, exact: true }), `${path}: "${named}" opens a new tab`).toHaveAttribute('target', '_blank');
    if (!(await page.locator('a[target="_blank"]').count())) return;
    const notice = newTabNotice[langOfPath(path)];
    const faults = (await controlNames(page, 'a[target="_blank"]')).filter(({ name }) => name.split(notice).length !== 2 || name.includes(`(${notice})`)).map(({ name }) => `"${name}"`);
    expect.soft(faults, `${path}: links to a new tab that do not say so once, in the page's language`).toEqual([]);
  });
}

/** Pages on which the preview notice's landmark is checked with axe (decision 25). */
const noticePages = ['/', '/nl/services/veneers', '/blog', '/nl/contact'];

/** The preview notice sits in a landmark of its own (axe: region), named in the page's language. */
async function noticeLandmark(page: Page, path: string) {
  await test.step("the preview notice in a landmark of its own (axe: region), named in the page's language", async () => {
    const lang = langOfPath(path);
    await expect.soft(page.getByRole('complementary', { name: words[lang].notice }), `${path}: the preview notice`).toContainText(lang === 'nl' ? 'Voorbeeldweergave' : 'Preview');
    const results = await new AxeBuilder({ page }).withRules(['region', 'landmark-unique', 'landmark-complementary-is-top-level']).analyze();
    expect
      .soft(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${path}: landmarks`,
      )
      .toEqual([]);
  });
}

/** Both front doors in the header at 1440 and 375 px, and in the open phone menu, each leading to its page (issue 25). Opens the menu: the last check of a visit. */
async function frontDoors(page: Page, path: string) {
  await test.step('both front doors in the header at 1440 and 375 px and in the open phone menu, each leading to its page', async () => {
    const lang = langOfPath(path);
    const header = page.getByRole('banner');
    for (const [width, height] of [
      [1440, 812],
      [375, 812],
    ] as const) {
      await resize(page, width, height);
      const { send, book } = doors(header, lang);
      await expect(send, `${path}: ${width} px`).toHaveAttribute('href', at(lang, '/for-doctors#order'));
      await expect(book, `${path}: ${width} px`).toHaveAttribute('href', at(lang, '/appointment'));
      expect(await reachable(send), `${path}: ${width} px: ${words[lang].send}`).toBe(true);
      expect(await reachable(book), `${path}: ${width} px: ${words[lang].book}`).toBe(true);
    }
    await page.getByRole('button', { name: words[lang].open }).click();
    const inMenu = doors(page.getByRole('dialog', { name: words[lang].menu }), lang);
    await expect(inMenu.send, `${path}: in the phone menu`).toHaveAttribute('href', at(lang, '/for-doctors#order'));
    await expect(inMenu.book, `${path}: in the phone menu`).toHaveAttribute('href', at(lang, '/appointment'));
    expect(await reachable(inMenu.send), `${path}: in the phone menu: ${words[lang].send}`).toBe(true);
    expect(await reachable(inMenu.book), `${path}: in the phone menu: ${words[lang].book}`).toBe(true);
  });
}

/** Scripts the page fetches, from before it starts loading (for `appLoading`). */
function watchScripts(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
  });
  return fetched;
}

/**
 * src/app/boot.ts: the page paints as its HTML alone would, then its app is fetched, all of it at once, and
 * hydrates: the app's files only after the first contentful paint, each file the page lists once.
 */
async function appLoading(page: Page, path: string, fetched: string[]) {
  await test.step('its app is fetched only after the first contentful paint, each of the files the page lists once', async () => {
    const { fcp, scripts, listed } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && !/\/boot-[\w-]+\.js$/.test(entry.name))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      listed: JSON.parse(document.getElementById('app-files')?.textContent ?? '[]') as string[],
    }));
    expect(fcp, `${path}: a first contentful paint`).toBeGreaterThan(0);
    // The template's files and the app's own, as the build listed them; the page's script needs nothing else.
    expect.soft(listed.length, `${path}: the app's files listed in the page`).toBeGreaterThan(3);
    for (const file of listed)
      expect
        .soft(
          scripts.map((s) => s.path),
          `${path}: fetches ${file}, which it lists`,
        )
        .toContain(file);
    for (const script of scripts) expect.soft(script.start, `${path}: ${script.path} fetched after the first contentful paint`).toBeGreaterThanOrEqual(fcp!);
    expect
      .soft(
        fetched.filter((file) => /\/boot-[\w-]+\.js$/.test(file)),
        `${path}: the boot script fetched once`,
      )
      .toHaveLength(1);
    expect.soft(new Set(fetched).size, `${path}: no script fetched twice`).toBe(fetched.length);
  });
}

test('the pages the checks below name are pages of the build', () => {
  expect(pages).toEqual(expect.arrayContaining([...headerPages, ...gridPages, ...noticePages, ...Object.keys(newTabLinks)]));
});

test.describe('every page, visited once', () => {
  test.describe.configure({ timeout: 120_000 });
  for (const path of pages) {
    const kind = kinds.includes(path);
    const serviceOf = /^(?:\/nl)?\/services\/([^/]+)$/.exec(path);
    const service = serviceOf ? services.get(serviceOf[1]!) : undefined;
    const checks = [
      'loads with one h1, its language and a title, and nothing goes wrong',
      ...(kind ? ['its app fetched after the first paint'] : []),
      ...(service ? [`its sections in the ${service.kind} layout's order`] : []),
      ...(kind ? ['axe', 'label in name', "the hero's text clear of its artwork"] : []),
      ...(noticePages.includes(path) ? ['the preview notice a landmark'] : []),
      'links to a new tab say so',
      ...(headerPages.includes(path) ? ['the header on one line at every width'] : []),
      ...(gridPages.includes(path) ? ['short rows of cards in the middle'] : []),
      'nothing too wide at 320 and 375 px',
      ...(kind ? ['both front doors in the header and the phone menu'] : []),
    ];
    test(`${path}: ${checks.join('; ')}`, async ({ page, baseURL }) => {
      const problems = watch(page, baseURL!);
      const fetched = watchScripts(page);
      await test.step('loads with one h1, its language and a title, and nothing goes wrong', async () => {
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status(), `${path}: status`).toBe(200);
        await expect.soft(page.locator('h1'), `${path}: one h1`).toHaveCount(1);
        await expect.soft(page.locator('html'), `${path}: language`).toHaveAttribute('lang', path === '/nl' || path.startsWith('/nl/') ? 'nl' : 'en');
        expect.soft((await page.title()).length, `${path}: a title`).toBeGreaterThan(10);
        // Hydration finished: React took over the page (the mark its first effect sets) without complaint.
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        expect.soft(problems, `${path}: console errors, uncaught errors or requests to another origin`).toEqual([]);
      });
      if (kind) await appLoading(page, path, fetched);
      if (serviceOf) {
        await test.step(`its heading and its sections in the ${service?.kind} layout's order`, async () => {
          expect(service, `${path}: a service in content/services`).toBeDefined();
          await checkServicePage(page, service!, path.startsWith('/nl/') ? 'nl' : 'en');
        });
      }
      if (kind) {
        await accessible(page, path);
        await labelInName(page, path);
        await heroApart(page, path);
      }
      if (noticePages.includes(path)) await noticeLandmark(page, path);
      await newTabsSaid(page, path);
      if (headerPages.includes(path)) await headerOneLine(page, path);
      if (gridPages.includes(path)) await shortRowsCentred(page, path);
      await narrow(page, path);
      if (kind) await frontDoors(page, path);
    });
  }
});

test.describe('pages that do not exist, visited once', () => {
  test.describe.configure({ timeout: 120_000 });
  // Both kinds of not-found page (a page's and an article's), in both languages.
  const cases = [
    { path: '/no-such-page', lang: 'en', heading: 'Oops! Page not found' },
    { path: '/nl/geen-pagina', lang: 'nl', heading: 'Oeps! Pagina niet gevonden' },
    { path: '/services/zirconiaa', lang: 'en', heading: 'Oops! Page not found' },
    { path: '/blog/no-such-article', lang: 'en', heading: 'The article was not found' },
    { path: '/nl/blog/geen-artikel', lang: 'nl', heading: 'Het artikel is niet gevonden' },
  ];
  for (const { path, lang, heading } of cases) {
    test(`${path} answers 404 with the not-found page in its language, with no warning logged; its app fetched after the first paint; axe; label in name; nothing too wide at 320 and 375 px`, async ({
      page,
      baseURL,
    }) => {
      const problems = watch(page, baseURL!);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(`console warning: ${message.text()}`);
      });
      const fetched = watchScripts(page);
      await test.step('answers 404 with the not-found page in its language, and nothing goes wrong nor is warned of until it has hydrated', async () => {
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status(), `${path}: status`).toBe(404);
        await expect.soft(page.locator('html'), `${path}: language`).toHaveAttribute('lang', lang);
        await expect.soft(page.getByRole('heading', { level: 1 }), `${path}: heading`).toHaveText(heading);
        await expect.soft(page.getByText('404', { exact: true }), `${path}: says 404`).toBeVisible();
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        // The browser reports the 404 document itself; nothing else may go wrong.
        expect
          .soft(
            problems.filter((p) => !p.includes('status of 404')),
            `${path}: console errors, uncaught errors or requests to another origin`,
          )
          .toEqual([]);
        expect.soft(warnings, `${path}: console warnings`).toEqual([]);
      });
      await appLoading(page, path, fetched);
      await accessible(page, path);
      await labelInName(page, path);
      await narrow(page, path);
    });
  }
});
