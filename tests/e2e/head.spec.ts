import { createHash } from 'node:crypto';
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

/** The policy of every response, with the script hashes a page allows in place of `{scripts}`. */
const policy = (scripts: string) =>
  [
    "default-src 'self'",
    `script-src 'self'${scripts}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' https://www.openstreetmap.org https://www.youtube-nocookie.com",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

// The browser tests speak plain HTTP to localhost: no HSTS and no upgrade to HTTPS (the unit tests cover the https site).
const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

test('pages are served compressed with a policy that allows exactly their own inline scripts, and the security headers', async ({ request }) => {
  const response = await request.get('/nl/about', { headers: { 'Accept-Encoding': 'br' } });
  const headers = response.headers();
  expect(headers['content-encoding']).toBe('br');
  expect(headers['cache-control']).toBe('no-cache');
  const html = await response.text();
  // Hashes of the scripts that run (JSON data blocks do not), computed here from the page itself.
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , body]) => ` 'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  expect(inline.length).toBeGreaterThan(0);
  expect(headers['content-security-policy']).toBe(policy([...new Set(inline)].join('')));
  expect(headers).toMatchObject(securityHeaders);
  expect(headers['strict-transport-security']).toBeUndefined();
  const asset = html.match(/\/assets\/entry-client-[\w-]+\.js/)![0];
  const script = (await request.get(asset)).headers();
  expect(script['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script['content-security-policy']).toBe(policy(''));
  expect(script).toMatchObject(securityHeaders);
});
