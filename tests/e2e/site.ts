import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The pages of the build, as the server knows them (dist/site.json). */
export const pages: string[] = Object.keys(
  (JSON.parse(readFileSync(join(process.cwd(), 'dist', 'site.json'), 'utf8')) as { pages: Record<string, string> }).pages,
);

/** One page of each kind, in both languages. */
export const kinds = [
  '/', '/about', '/services', '/services/crowns-bridges', '/services/zirconia', '/services/allon4', '/marketing-services',
  '/appointment', '/for-doctors', '/contact', '/blog', '/blog/cad-cam-techniques-in-dental-prosthetics', '/testimonials', '/privacy',
].flatMap((p) => [p, p === '/' ? '/nl' : `/nl${p}`]);

/**
 * Records what a visitor's browser would complain about: console errors (React reports hydration
 * mismatches there), uncaught errors, and any request to another origin.
 */
export function watch(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`console ${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) problems.push(`request to another origin: ${request.url()}`);
  });
  return problems;
}

/** Where the server under test keeps submissions (DATA_DIR); playwright.config.ts passes it to `npm start`. */
export const e2eDataDir = join(process.cwd(), 'tests', '.tmp', 'e2e-data');

/** Opens a page and waits until React has hydrated it, so a click reaches its handlers. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
