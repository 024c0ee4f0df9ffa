import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { load } from 'js-yaml';
import { pageKindIds, pageKinds } from '../../schemas/page-kinds.ts';
import { localizePath } from '../../src/shared/paths.ts';

/** The pages of the build, as the server knows them (dist/site.json). */
export const pages: string[] = Object.keys((JSON.parse(readFileSync(join(process.cwd(), 'dist', 'site.json'), 'utf8')) as { pages: Record<string, string> }).pages);

/** The path of every page kind with one (schemas/page-kinds.ts), as its file in content/pages/ gives it: a kind added to the registry is tested here too. */
const pageKindPaths = pageKindIds
  .filter((id) => pageKinds[id].route !== 'none')
  .map((id) => (load(readFileSync(join(process.cwd(), 'content', 'pages', `${id}.yaml`), 'utf8')) as { path: string }).path);

/** One page of each kind, in both languages: each page kind's, a service page of each service kind and an article. */
export const kinds = [...pageKindPaths, '/services/crowns-bridges', '/services/zirconia', '/services/allon4', '/blog/cad-cam-techniques-in-dental-prosthetics'].flatMap((p) => [
  p,
  localizePath(p, 'nl'),
]);

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

/**
 * Holds back every script but the browser entry and what it imports statically, so the prerendered
 * page stays as the server sent it (React cannot take over) until the returned function is called.
 */
export async function holdPageChunks(page: Page): Promise<() => void> {
  const entryFile = readdirSync(join(process.cwd(), 'dist', 'client', 'assets')).find((file) => /^boot-.*\.js$/.test(file))!;
  const entry = readFileSync(join(process.cwd(), 'dist', 'client', 'assets', entryFile), 'utf8');
  const loadedWithEntry = new Set([entryFile, ...[...entry.matchAll(/from"\.\/([^"]+\.js)"/g)].map((m) => m[1]!)]);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (!loadedWithEntry.has(new URL(route.request().url()).pathname.split('/').pop()!)) await held;
    await route.continue();
  });
  return release;
}

/** Resolves after the page has painted two more frames: what a tap, a submit or a render changes shows by then. */
export const frames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
