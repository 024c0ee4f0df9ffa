/**
 * What TanStack Router's scroll restoration (router-core's dist/esm/scroll-restoration.js) does for a router that
 * restores no scroll positions (`scrollRestoration: false`, src/app/router.tsx), which the browser build puts in
 * its place (routerStandIns in vite.config.ts): once a navigation has rendered, the window goes to
 * the top, or to the element its #hash names, as the router's own module does. That module also keeps and
 * restores the scroll positions of each entry of the history, which this site never asks for, and carried
 * them to every page (about 0.7 KB of its JavaScript). tests/unit/router-stand-ins.test.ts holds the two to the same exports.
 */
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

/** The key under which the router's module keeps scroll positions (none are kept here). */
export const storageKey = 'tsr-scroll-restoration-v1_3';

/** The router's key for a history entry, as its module gives it. */
export const defaultGetScrollRestorationKey = (location: ParsedLocation): string => location.state.__TSR_key || location.href;

/** An element's kept scroll position: none is kept. */
export const getElementScrollRestorationEntry = (): undefined => undefined;

type ScrollState = { __hashScrollIntoViewOptions?: boolean | ScrollIntoViewOptions };

/** Called by the router once it has its stores, in the browser only. */
export function setupScrollRestoration(router: AnyRouter): void {
  if (router.options.scrollRestoration) throw new Error('router-scroll.ts restores no scroll positions');
  const scroll = router._scroll;
  if (scroll.r) return;
  scroll.r = true;
  // The first render is the page coming alive (hydrating), not a navigation: the visitor may have scrolled or
  // followed a #hash meanwhile, and stays where they are.
  let hydrating = true;
  router.subscribe('onRendered', ({ toLocation }) => {
    if (hydrating) {
      hydrating = false;
      scroll.n = true;
      return;
    }
    // A navigation asked with resetScroll: false (the blog's filter) stays where it is; the next one resets again.
    const reset = scroll.n;
    scroll.n = true;
    scroll.h = false;
    const hash = toLocation.hash;
    const intoView = (toLocation.state as ScrollState).__hashScrollIntoViewOptions ?? true;
    if (reset && !hash) window.scrollTo({ top: 0, left: 0, behavior: router.options.scrollRestorationBehavior });
    if (hash && intoView) document.getElementById(hash)?.scrollIntoView(intoView);
  });
}
