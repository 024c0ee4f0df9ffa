import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import * as rewriteStandIn from '../../src/app/router-rewrite.ts';
import * as standIn from '../../src/app/router-scroll.ts';

// The router's own modules, which the browser's build replaces with src/app/router-scroll.ts and router-rewrite.ts.
const routerModule = (name: string) => join(createRequire(import.meta.url).resolve('@tanstack/router-core/package.json'), '..', 'dist/esm', name);
const original = routerModule('scroll-restoration.js');
const exportsOf = (file: string) =>
  /export\s*\{([^}]*)\}/
    .exec(readFileSync(file, 'utf8'))![1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();

type Rendered = { toLocation: { hash: string; state: Record<string, unknown> } };

/** A router as setupScrollRestoration sees it, with the navigations it renders. */
function fakeRouter(options: Record<string, unknown> = {}) {
  const listeners: ((event: Rendered) => void)[] = [];
  const router = { options, _scroll: { n: true }, subscribe: (_: string, fn: (event: Rendered) => void) => listeners.push(fn) };
  const render = (hash = '', state: Record<string, unknown> = {}, resetScroll = true) => {
    router._scroll.n = resetScroll;
    for (const listener of listeners) listener({ toLocation: { hash, state } });
  };
  return { router: router as unknown as AnyRouter, render, listeners };
}

describe('the stand-in for the router’s scroll restoration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('exports what the router’s module exports, under the same storage key', () => {
    const names = /export\s*\{([^}]*)\}/
      .exec(readFileSync(original, 'utf8'))![1]!
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    expect(Object.keys(standIn).sort()).toEqual(names.sort());
    expect(readFileSync(original, 'utf8')).toContain(`"${standIn.storageKey}"`);
  });

  it('leaves the window where it is when the page comes alive, then takes it to the top after a navigation, to the #hash’s element after one with a hash, and nowhere after one that keeps the scroll', () => {
    const scrollTo = vi.fn();
    const element = { scrollIntoView: vi.fn() };
    vi.stubGlobal('window', { scrollTo });
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'order' ? element : null) });
    const { router, render, listeners } = fakeRouter();
    standIn.setupScrollRestoration(router);
    standIn.setupScrollRestoration(router);
    expect(listeners).toHaveLength(1);

    // The first render is the page coming alive: where the visitor scrolled to (or the browser's #hash) stays.
    render('order');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(element.scrollIntoView).not.toHaveBeenCalled();
    render();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: undefined });
    render('order');
    expect(element.scrollIntoView).toHaveBeenCalledWith(true);
    render('order', { __hashScrollIntoViewOptions: { block: 'center' } });
    expect(element.scrollIntoView).toHaveBeenLastCalledWith({ block: 'center' });
    render('', {}, false);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    render('missing');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('refuses a router that asks to restore scroll positions', () => {
    expect(() => standIn.setupScrollRestoration(fakeRouter({ scrollRestoration: true }).router)).toThrow(/restores no scroll positions/);
  });
});

describe('the stand-in for the router’s URL rewriting', () => {
  it('exports what the router’s module exports', () => {
    expect(Object.keys(rewriteStandIn).sort()).toEqual(exportsOf(routerModule('rewrite.js')));
  });

  it('runs a location’s rewrite as the router’s module does, with none, an empty answer, a string or a URL', async () => {
    type Rewrite = Parameters<typeof rewriteStandIn.executeRewriteInput>[0];
    const router = (await import(pathToFileURL(routerModule('rewrite.js')).href)) as typeof rewriteStandIn;
    const answer = fc.oneof(
      fc.constant(undefined),
      fc.constant(''),
      fc.webUrl(),
      fc.webUrl().map((url) => new URL(url)),
    );
    const rewrite: fc.Arbitrary<Rewrite> = fc.oneof(
      fc.constant(undefined),
      fc.constant({}),
      fc.record({ input: answer, output: answer }).map(({ input, output }) => ({ input: () => input, output: () => output })),
    );
    fc.assert(
      fc.property(rewrite, fc.webUrl(), (given, href) => {
        const url = new URL(href);
        expect(rewriteStandIn.executeRewriteInput(given, url).href).toBe(router.executeRewriteInput(given, url).href);
        expect(rewriteStandIn.executeRewriteOutput(given, url).href).toBe(router.executeRewriteOutput(given, url).href);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses the basepath and composed rewrites this site never builds', () => {
    expect(() => rewriteStandIn.rewriteBasepath()).toThrow(/no basepath/);
    expect(() => rewriteStandIn.composeRewrites()).toThrow(/composes no rewrites/);
  });
});
