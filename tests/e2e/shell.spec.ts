import { expect, test } from '@playwright/test';
import { frames, holdPageChunks, kinds, openPage } from './site.ts';

test.describe('the language switch', () => {
  for (const [from, to] of [
    ['/services/zirconia', '/nl/services/zirconia'],
    ['/nl/about', '/about'],
    ['/', '/nl'],
    ['/nl', '/'],
  ] as const) {
    test(`goes from ${from} to the same page in the other language, ${to}`, async ({ page }) => {
      await openPage(page, from);
      const other = from.startsWith('/nl') ? 'EN, deze pagina in het Engels' : 'NL, this page in Dutch';
      await page.getByRole('banner').getByRole('link', { name: other }).click();
      await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', to.startsWith('/nl') ? 'nl' : 'en');
      await expect(page.getByRole('contentinfo')).toContainText(to.startsWith('/nl') ? 'Openingstijden' : 'Opening hours');
    });
  }
});

test.describe('the services mega-menu (desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('opens on hover, lets the pointer travel into the panel, and closes 200 ms after it leaves', async ({ page }) => {
    await openPage(page, '/about');
    // The page's clock from here on is the test's and stands still: the menu's close delay runs only when the
    // test moves it (an installed clock that is not paused keeps flowing, and a busy machine's real time
    // between two steps ran the delay out before the test asked for it).
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const toggle = nav.getByRole('button', { name: 'Show the services menu' });
    const panelLink = nav.getByRole('link', { name: 'Zirconia crowns and bridges' });
    await expect(panelLink).toBeHidden();
    await nav.getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panelLink).toBeVisible();
    // Across the gap and into the panel: it stays open, twice the close delay later.
    await panelLink.hover();
    await page.clock.runFor(400);
    await expect(panelLink).toBeVisible();
    // Away from both: still open at once (150 ms on), closed once the delay has passed.
    await page.mouse.move(700, 700);
    await page.clock.runFor(150);
    await expect(panelLink).toBeVisible();
    await page.clock.runFor(100);
    await expect(panelLink).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('is a keyboard disclosure: the button opens it, Escape closes it and returns focus', async ({ page }) => {
    await openPage(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const toggle = nav.getByRole('button', { name: 'Show the services menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Crowns & bridges');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('stays open when the pointer hovers and then clicks the button; a second click closes it', async ({ page }) => {
    await openPage(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const toggle = nav.getByRole('button', { name: 'Show the services menu' });
    await toggle.hover();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('lists the five groups with their links, and a link leads to its page', async ({ page }) => {
    await openPage(page, '/nl');
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await nav.getByRole('button', { name: 'Dienstenmenu tonen' }).click();
    for (const group of ['Kronen en bruggen', 'Implantaatprothetiek', 'Gebitsprothesen', 'Orthodontie, opbeetplaten en sportbitjes', 'All-on-4 / All-on-6']) {
      await expect(nav.getByText(group, { exact: true }).first()).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Kronen en bruggen van zirkonia' }).click();
    await expect(page).toHaveURL(/\/nl\/services\/zirconia$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kronen en bruggen van zirkonia');
  });
});

test.describe('the mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('keeps Tab inside: Shift+Tab from the first control goes to the last, Tab from the last back to the first', async ({ page }) => {
    await openPage(page, '/nl');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hoofdmenu' });
    await expect(dialog).toBeVisible();
    const controls = dialog.locator('a[href]:visible, button:not([disabled]):visible');
    const [first, last] = [controls.first(), controls.last()];
    await expect(first).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(last).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
  });

  test('opens full screen, opens the services accordion, navigates, and closes with its button', async ({ page }) => {
    await openPage(page, '/');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Main menu' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 812 });
    await dialog.getByRole('button', { name: 'Show the services menu' }).click();
    await dialog.getByRole('link', { name: 'Clear aligners' }).click();
    await expect(page).toHaveURL(/\/services\/clear-aligners$/);
    await expect(dialog).toBeHidden();
    // The new page has arrived once its heading has focus; then the menu opens and closes again.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await opener.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a tap on the menu button before the page is live opens the menu as soon as it is', async ({ page }) => {
    // React cannot take over the prerendered page until the page's own chunks are released.
    const release = await holdPageChunks(page);
    await page.goto('/nl', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Menu openen' }).click();
    // Two frames after the tap, when a menu that opened would show: none, for the page is not live.
    await frames(page);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Hoofdmenu' })).toBeVisible();
    // Opened once: two frames on, a second toggle from the same tap has not closed it.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await frames(page);
    await expect(page.getByRole('dialog', { name: 'Hoofdmenu' })).toBeVisible();
  });

  test('closes on Escape', async ({ page }) => {
    await openPage(page, '/nl/contact');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    await expect(page.getByRole('dialog', { name: 'Hoofdmenu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('moving around', () => {
  test('the skip link is the first stop and leads to the main content', async ({ page }) => {
    await openPage(page, '/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('a client-side navigation updates the title, scrolls to the top and focuses the new heading', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 600 });
    await openPage(page, '/about');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle(/blog/i);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('scrolls to the top instantly under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1440, height: 600 });
    await openPage(page, '/nl/about');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    // Focus and scrolling happen together once the new page is shown; without animation it is at the top at once.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the footer shows the current year, the registration numbers and the privacy link', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('KvK');
    await expect(footer).toContainText('VAT number');
    await footer.getByRole('link', { name: 'Privacy statement' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });
});

test.describe('the menus and the footer', () => {
  for (const [home, menu] of [
    ['/', 'Show the services menu'],
    ['/nl', 'Dienstenmenu tonen'],
  ] as const) {
    test(`every link in the header, the services menu and the footer of ${home} leads to a page in its language`, async ({ page, request }) => {
      await openPage(page, home);
      await page.getByRole('button', { name: menu }).click();
      const hrefs = await page.locator('header a[href^="/"], footer a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      // The 28 service pages and the other pages are reached from here.
      expect(new Set(hrefs).size).toBeGreaterThan(25);
      for (const href of new Set(hrefs)) {
        // The language switch is the one link to the other language.
        const isSwitch = home === '/' ? /^\/nl(\/|$)/.test(href) : !/^\/nl(\/|$)/.test(href);
        if (isSwitch) expect(await page.locator(`a[href="${href}"]`).getAttribute('hreflang')).toBeTruthy();
        expect((await request.get(href)).status(), href).toBe(200);
      }
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test('the phone menu button leads to the footer links, and controls that need scripts are not shown', async ({ page }) => {
    await page.goto('/nl');
    // One menu control, and it works: a link to the footer with every page.
    await expect(page.getByRole('button', { name: 'Menu openen' })).toBeHidden();
    await page.getByRole('link', { name: 'Menu openen' }).click();
    await expect(page).toHaveURL(/\/nl#footer$/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Diensten' })).toBeInViewport();
  });

  test('on a wide screen the services link stays and its menu toggle is not shown', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Show the services menu' })).toBeHidden();
  });

  for (const path of kinds) {
    test(`${path} shows no button that needs scripts, at 375 and 1440 px: only the forms' send and file buttons`, async ({ page }) => {
      await page.goto(path);
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const shown = await page.getByRole('button').evaluateAll((buttons) =>
          buttons
            .filter((b) => b.checkVisibility({ visibilityProperty: true }))
            .filter((b) => !(((b as HTMLInputElement).type === 'submit' && (b as HTMLInputElement).form) || (b as HTMLInputElement).type === 'file'))
            .map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()),
        );
        expect(shown, `${path} at ${width} px`).toEqual([]);
      }
    });
  }
});

test.describe('the preview notice (decision 25)', () => {
  const notices = {
    en: "Preview: the lab's details and the testimonials on this site are examples, not yet confirmed.",
    nl: 'Voorbeeldweergave: de gegevens van het lab en de ervaringen op deze site zijn voorbeelden en nog niet bevestigd.',
  };
  for (const width of [375, 1440]) {
    for (const path of ['/', '/nl/services/veneers', '/blog']) {
      test(`${path} at ${width} px says it in the page's language above the header, from the first paint, and nothing moves`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        // Every layout shift from the start of the page, as the CLS metric counts them.
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: number };
          w.shifts = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.shifts += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        // A first visit puts the typeface in the cache, as for a visitor's second page: its swap, which a
        // loaded machine can delay past the first paint, is the fallback's business, not the notice's.
        await page.goto(path);
        await page.evaluate(() => document.fonts.ready);
        const release = await holdPageChunks(page);
        await page.goto(path);
        const notice = page.locator('[data-preview-banner]');
        await expect(notice).toHaveText(notices[path.startsWith('/nl') ? 'nl' : 'en']);
        const before = await notice.boundingBox();
        expect(before?.y).toBe(0);
        expect(before!.y + before!.height).toBeLessThanOrEqual((await page.getByRole('banner').boundingBox())!.y);
        release();
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.waitForLoadState('load');
        expect(await notice.boundingBox()).toEqual(before);
        expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
      });
    }
  }
});
