import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { serviceSlugs, serviceTemplates } from '@generated/manifest.ts';
import { keepEarlyInput } from '../lib/early-input.ts';
import { createAppRouter, preloadNotFound, type Assets } from './router.tsx';
import { watchContent } from './live-content.ts';
import { templates } from './templates.ts';
import '../styles.css';

// The server wrote the built files' names into the page; the router's head must name the same ones.
const assets = JSON.parse(document.getElementById('app-assets')?.textContent ?? '{}') as Assets;
const router = createAppRouter({ assets });
keepEarlyInput();

// A service page's template is chosen by its data, so it is fetched before hydration starts.
const segment = /^(?:\/nl)?\/services\/([^/]+)$/.exec(window.location.pathname)?.[1];
const service = serviceSlugs.find((slug) => slug === segment);
const template = service && serviceTemplates[service];
// So is a not-found page's view.
const ready = template ? templates[template].preload?.() : document.querySelector('[data-not-found]') ? preloadNotFound() : undefined;

void Promise.resolve(ready).then(() => {
  hydrateRoot(document, <RouterClient router={router} />);
});

if (import.meta.hot) watchContent(() => void router.invalidate());
