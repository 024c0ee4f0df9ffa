import { expect, test } from '@playwright/test';
import { pages } from './site.ts';

const origin = 'https://www.example.nl';

test('a page names its title, description, canonical URL, language twins and preview', async ({ page }) => {
  await page.goto('/nl/services/zirconia');
  const head = page.locator('head');
  await expect(page).toHaveTitle('Zirkoniakronen en -bruggen: monolithisch en multilayer');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /monolithisch en multilayer zirkonia/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/nl/services/zirconia`);
  await expect(head.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${origin}/services/zirconia`);
  await expect(head.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute('href', `${origin}/nl/services/zirconia`);
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}/services/zirconia`);
  await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'nl_NL');
  await expect(head.locator('meta[property="og:locale:alternate"]')).toHaveAttribute('content', 'en_GB');
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Zirkoniakronen en -bruggen: monolithisch en multilayer');
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin}/nl/services/zirconia`);
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${origin}/assets/zirconia-[\\w-]+\\.svg$`));
});

test('every page describes the lab as a MedicalBusiness from the site settings', async ({ page }) => {
  await page.goto('/about');
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
  expect(json['@type']).toBe('MedicalBusiness');
  expect(json.telephone).toMatch(/^\+31\d+$/);
  expect(json.vatID).toMatch(/^NL\d{9}B\d{2}$/);
  expect(json.identifier).toEqual([{ '@type': 'PropertyValue', propertyID: 'KvK', value: expect.stringMatching(/^\d{8}$/) }]);
  expect(json.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'NL' });
  const hours = json.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
  expect(hours.map((h) => `${h.dayOfWeek.replace('https://schema.org/', '')} ${h.opens}-${h.closes}`)).toEqual([
    'Monday 08:30-18:30', 'Tuesday 08:30-18:30', 'Wednesday 08:30-18:30', 'Thursday 08:30-18:30', 'Friday 08:30-16:30',
  ]);
});

test('the sitemap lists every page with its language twins, and robots.txt points at it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(origin, ''));
  expect(locs.sort()).toEqual([...pages].sort());
  expect(sitemap.match(/<xhtml:link rel="alternate" hreflang="(en|nl|x-default)"/g)).toHaveLength(pages.length * 3);
  expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="nl" href="${origin}/nl/services/veneers"/>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

test('pages are served compressed with a hash-only script policy and the security headers', async ({ request }) => {
  const response = await request.get('/nl/about', { headers: { 'Accept-Encoding': 'br' } });
  const headers = response.headers();
  expect(headers['content-encoding']).toBe('br');
  expect(headers['cache-control']).toBe('no-cache');
  const csp = headers['content-security-policy']!;
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['permissions-policy']).toBeTruthy();
  const asset = (await response.text()).match(/\/assets\/entry-client-[\w-]+\.js/)![0];
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
