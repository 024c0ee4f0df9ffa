import { expect, test } from '@playwright/test';
import { kinds, openPage } from './site.ts';

// src/app/boot.ts: the page paints as its HTML alone would, then its app is fetched, all of it at once, and hydrates.
test.describe("a page's app", () => {
  test("the page's one script is asked for at low priority: it waits for the first paint, so it never competes with the stylesheet and the typeface", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => priorities.set(new URL(event.request.url).pathname, event.request.initialPriority));
    await openPage(page, '/services/zirconia');
    const boot = [...priorities].filter(([path]) => /\/boot-[\w-]+\.js$/.test(path));
    expect(boot).toHaveLength(1);
    expect(boot[0]![1]).toBe('Low');
    // The stylesheet still comes first.
    const css = [...priorities].find(([path]) => path.endsWith('.css'));
    expect(css?.[1]).toBe('VeryHigh');
  });

  for (const path of [...kinds, '/no-such-page', '/nl/blog/no-such-article']) {
    test(`${path}: is fetched only after the first contentful paint, each of the files the page lists once, and comes alive`, async ({ page }) => {
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
      });
      await openPage(page, path);
      const { fcp, scripts, listed } = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && !/\/boot-[\w-]+\.js$/.test(entry.name))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
        listed: JSON.parse(document.getElementById('app-files')?.textContent ?? '[]') as string[],
      }));
      expect(fcp).toBeGreaterThan(0);
      // The template's files and the app's own, as the build listed them; the page's script needs nothing else.
      expect(listed.length).toBeGreaterThan(3);
      for (const file of listed) expect(scripts.map((s) => s.path)).toContain(file);
      for (const script of scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(fcp!);
      expect(fetched.filter((file) => /\/boot-[\w-]+\.js$/.test(file))).toHaveLength(1);
      expect(new Set(fetched).size).toBe(fetched.length);
    });
  }

});
