import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as standIn from '../../src/app/router-scroll.ts';

// The router's own module, which the browser's build replaces with src/app/router-scroll.ts.
const original = join(createRequire(import.meta.url).resolve('@tanstack/router-core/package.json'), '..', 'dist/esm/scroll-restoration.js');

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

  it('takes the window to the top after a navigation, to the #hash’s element after one with a hash, and nowhere after one that keeps the scroll', () => {
    const scrollTo = vi.fn();
    const element = { scrollIntoView: vi.fn() };
    vi.stubGlobal('window', { scrollTo });
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'order' ? element : null) });
    const { router, render, listeners } = fakeRouter();
    standIn.setupScrollRestoration(router);
    standIn.setupScrollRestoration(router);
    expect(listeners).toHaveLength(1);

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
