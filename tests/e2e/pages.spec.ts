import { expect, test, type Page } from '@playwright/test';
import { axeViolations, controlNames, heroBoxes, holds, overflows, overlap, widths, type Found } from './checks.ts';
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
    for (const file of listed) expect.soft(scripts.map((s) => s.path), `${path}: fetches ${file}, which it lists`).toContain(file);
    for (const script of scripts) expect.soft(script.start, `${path}: ${script.path} fetched after the first contentful paint`).toBeGreaterThanOrEqual(fcp!);
    expect.soft(fetched.filter((file) => /\/boot-[\w-]+\.js$/.test(file)), `${path}: the boot script fetched once`).toHaveLength(1);
    expect.soft(new Set(fetched).size, `${path}: no script fetched twice`).toBe(fetched.length);
  });
}

test.describe('every page, visited once', () => {
  test.describe.configure({ timeout: 120_000 });
  for (const path of pages) {
    const kind = kinds.includes(path);
    const serviceOf = /^(?:\/nl)?\/services\/([^/]+)$/.exec(path);
    const service = serviceOf ? services.get(serviceOf[1]!) : undefined;
    const checks = ['loads with one h1, its language and a title, and nothing goes wrong', ...(kind ? ['its app fetched after the first paint'] : []), ...(service ? [`its sections in the ${service.kind} layout's order`] : []), ...(kind ? ['axe', 'label in name', "the hero's text clear of its artwork"] : []), 'nothing too wide at 320 and 375 px'];
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
      await narrow(page, path);
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
    test(`${path} answers 404 with the not-found page in its language; its app fetched after the first paint; axe; label in name; nothing too wide at 320 and 375 px`, async ({ page, baseURL }) => {
      const problems = watch(page, baseURL!);
      const fetched = watchScripts(page);
      await test.step('answers 404 with the not-found page in its language', async () => {
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status(), `${path}: status`).toBe(404);
        await expect.soft(page.locator('html'), `${path}: language`).toHaveAttribute('lang', lang);
        await expect.soft(page.getByRole('heading', { level: 1 }), `${path}: heading`).toHaveText(heading);
        await expect.soft(page.getByText('404', { exact: true }), `${path}: says 404`).toBeVisible();
        // The browser reports the 404 document itself; nothing else may go wrong.
        expect.soft(problems.filter((p) => !p.includes('status of 404')), `${path}: console errors, uncaught errors or requests to another origin`).toEqual([]);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      });
      await appLoading(page, path, fetched);
      await accessible(page, path);
      await labelInName(page, path);
      await narrow(page, path);
    });
  }
});
