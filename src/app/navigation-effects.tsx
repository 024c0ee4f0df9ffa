import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { announcePageLive } from '../lib/page-live.ts';

/**
 * After a client-side navigation to another page: scroll to the top (smoothly, or at once under
 * reduced motion) and move focus to the new page's main heading, so screen readers announce it; a link
 * to a section of the other page (`/for-doctors#turnaround`) scrolls to that section and focuses it instead.
 */
export function NavigationEffects() {
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const hash = useRouterState({ select: (s) => s.resolvedLocation?.hash });
  // The last page shown: a reload of the same page's data (the dev server's content updates) is no navigation.
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    announcePageLive();
  }, []);
  useEffect(() => {
    if (pathname === undefined || pathname === shown.current) return;
    const first = shown.current === undefined;
    shown.current = pathname;
    if (first) return;
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
    // The router's hash comes without its "#".
    const section = hash ? document.getElementById(hash) : null;
    if (section) section.scrollIntoView({ behavior });
    else window.scrollTo({ top: 0, behavior });
    const heading = section ?? document.querySelector<HTMLElement>('main h1');
    // A dialog the visitor opened while the page loaded keeps its focus (it returns to its opener on close).
    if (heading && !document.activeElement?.closest('[aria-modal="true"]')) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [pathname, hash]);
  return null;
}
