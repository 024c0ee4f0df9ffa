import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createAppRouter, fetchData, preloadNotFound, withPageData, type Assets, type RouterContext } from './router.tsx';
import { watchContent } from './live-content.ts';
import { templates, type RoutedTemplate } from './templates.ts';

// Imported by boot.ts once the page has painted (it keeps what a visitor does until the page is live).
// The server wrote the built files' names into the page; the router's head must name the same ones.
const assets = JSON.parse(document.getElementById('app-assets')?.textContent ?? '{}') as Assets;
const context: RouterContext = { assets };
const router = createAppRouter(context);
// A not-found page (the server's answer for a path that is no page) stays one on hydrating: its route needs no
// list of the site's pages to know, and decides before it awaits anything, as the server rendered it.
const notFoundPage = document.querySelector('[data-not-found]') !== null;
if (notFoundPage) context.missing = router.latestLocation.pathname;

// The page's template (the document names it) is fetched before hydration starts, so the whole page
// comes alive at once; so is a not-found page's view.
const isTemplate = (name: string | undefined): name is RoutedTemplate => name !== undefined && Object.hasOwn(templates, name);
const name = document.documentElement.dataset.template;
const template = isTemplate(name) ? templates[name] : undefined;
const code = template ? template.preload?.() : notFoundPage ? preloadNotFound() : undefined;
// So is the data the page was rendered from, which a built page names rather than repeats (router.tsx,
// withPageData): the files the build lists in `#app-data` (boot.ts asked for them with the app's files).
const files = JSON.parse(document.getElementById('app-data')?.textContent ?? '[]') as string[];
const data = Promise.all(files.map(async (name) => [name, await fetchData(assets, name)] as const)).then((entries) => withPageData(new Map(entries)));

// As a transition, hydration yields to the browser every few milliseconds instead of holding the main
// thread for its whole length; a tap on the page meanwhile makes React finish it at once.
Promise.all([code, data]).then(
  () => {
    startTransition(() => {
      hydrateRoot(document, <RouterClient router={router} />);
    });
  },
  // Without its code or data the page stays as the server sent it, which works without scripts (a form
  // held back meanwhile is sent by the browser, see early-input.ts).
  (error: unknown) => console.error('Not hydrated:', error),
);

if (import.meta.hot) {
  // A content edit reloads the page's data in place; the router would scroll to the top as after a navigation.
  watchContent(() => {
    const { scrollX, scrollY } = window;
    void router.invalidate().then(() => window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' }));
  });
}
