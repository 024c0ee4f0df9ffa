import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `${origin}/social/nl/services/zirconia.png`);
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
});

const client = join(process.cwd(), 'dist', 'client');
const built = JSON.parse(readFileSync(join(process.cwd(), 'dist', 'site.json'), 'utf8')) as {
  pages: Record<string, string>;
  notFound: Record<string, string>;
  articleNotFound: Record<string, string>;
};
/** The content of each `<meta>` of a built page by its property or name, with the entities of the build's HTML undone. */
function metaOf(html: string): Record<string, string> {
  const text = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/?>/g)].map((m) => [m[1]!, text(m[2]!)]));
}
/** The data a built page hydrates from: the files its `#app-data` lists, in the folder its `#app-assets` names. */
function pageData(html: string): unknown[] {
  const block = (id: string) => JSON.parse(new RegExp(`<script[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</script>`).exec(html)![1]!) as unknown;
  const { data } = block('app-assets') as { data: string };
  return (block('app-data') as string[]).map((name) => JSON.parse(readFileSync(join(client, data, name), 'utf8')) as unknown);
}
/** Every `alt` text in a page's data. */
function altsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(altsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'alt' && typeof v === 'string' ? [v] : altsIn(v)));
}
/** Width and height from a PNG's IHDR chunk, after checking its signature. */
function pngSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 16)).toEqual(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

test("every page names a 1200x630 PNG of its own for shared links, described in the page's language", () => {
  const seen = new Set<string>();
  expect(Object.keys(built.pages).sort()).toEqual([...pages].sort());
  for (const [path, file] of Object.entries(built.pages)) {
    const html = readFileSync(join(client, file), 'utf8');
    const meta = metaOf(html);
    const src = meta['og:image']!;
    expect(src, path).toMatch(new RegExp(`^${origin}/social/(en|nl)/[\\w/-]+\\.png$`));
    expect(meta['twitter:image'], path).toBe(src);
    expect(seen.has(src), `${path} shares ${src} with another page`).toBe(false);
    seen.add(src);
    const image = readFileSync(join(client, new URL(src).pathname));
    expect(pngSize(image), path).toEqual({ width: 1200, height: 630 });
    expect([meta['og:image:width'], meta['og:image:height'], meta['og:image:type'], meta['twitter:card']], path).toEqual(['1200', '630', 'image/png', 'summary_large_image']);
    // The alt text names the page's title and describes its own illustration, as the page itself does in its language.
    const alt = meta['og:image:alt']!;
    expect(meta['twitter:image:alt'], path).toBe(alt);
    expect(alt, path).toContain(meta['og:title']!);
    const pictures = [...html.matchAll(/<img [^>]*alt="([^"]+)"/g)].map((m) => metaOf(`<meta name="alt" content="${m[1]}"/>`).alt!);
    // A page that opens with its text rather than its artwork (privacy, blog, a service's details) still names it in its data.
    const named = altsIn(pageData(html));
    expect(
      [...pictures, ...named].some((picture) => alt.endsWith(picture)),
      `${path}: ${alt}`,
    ).toBe(true);
    expect(alt.length, path).toBeLessThanOrEqual(420);
  }
  for (const file of [...Object.values(built.notFound), ...Object.values(built.articleNotFound)]) {
    expect(metaOf(readFileSync(join(client, file), 'utf8'))['og:image'], file).toBeUndefined();
  }
});

test("a page's social image is served as a PNG that may be cached for an hour", async ({ request }) => {
  const html = await (await request.get('/nl/services/pediatric-dentistry')).text();
  const path = new URL(metaOf(html)['og:image']!).pathname;
  expect(path).toBe('/social/nl/services/pediatric-dentistry.png');
  const response = await request.get(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' });
  expect(response.headers()['content-encoding']).toBeUndefined();
  expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
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
    'Monday 08:30-18:30',
    'Tuesday 08:30-18:30',
    'Wednesday 08:30-18:30',
    'Thursday 08:30-18:30',
    'Friday 08:30-16:30',
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
    `script-src 'self' 'wasm-unsafe-eval'${scripts}`,
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
