import { expect, test } from '@playwright/test';
import { openPage } from './site.ts';

// src/app/boot.ts, the page's one script: what the page asks for before it has painted.
test.describe("the page's script", () => {
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
});
