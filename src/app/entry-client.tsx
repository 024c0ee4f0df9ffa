import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { keepEarlyInput } from '../lib/early-input.ts';
import { createAppRouter, preloadNotFound, type Assets } from './router.tsx';
import { watchContent } from './live-content.ts';
import { templates, type RoutedTemplate } from './templates.ts';
import '../styles.css';

// The server wrote the built files' names into the page; the router's head must name the same ones.
const assets = JSON.parse(document.getElementById('app-assets')?.textContent ?? '{}') as Assets;
const router = createAppRouter({ assets });
keepEarlyInput();

// The page's template (the document names it) is fetched before hydration starts, so the whole page
// comes alive at once; so is a not-found page's view.
const isTemplate = (name: string | undefined): name is RoutedTemplate => name !== undefined && Object.hasOwn(templates, name);
const name = document.documentElement.dataset.template;
const template = isTemplate(name) ? templates[name] : undefined;
const ready = template ? template.preload?.() : document.querySelector('[data-not-found]') ? preloadNotFound() : undefined;

void Promise.resolve(ready).then(() => {
  hydrateRoot(document, <RouterClient router={router} />);
});

if (import.meta.hot) {
  // A content edit reloads the page's data in place; the router would scroll to the top as after a navigation.
  watchContent(() => {
    const { scrollX, scrollY } = window;
    void router.invalidate().then(() => window.scrollTo({ left: scrollX, top: scrollY, behavior: 'instant' }));
  });
}
