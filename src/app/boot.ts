/**
 * The page's only script tag. The prerendered page paints first, as it would without any script: the
 * app's code (React, the router, the page's template) is neither fetched nor run until the browser has
 * drawn its first frame, so none of it competes with the page's first paint for the line or the main
 * thread. Then every file the page needs is asked for at once (the page's template with the app, not
 * after it) and the app hydrates. What a visitor does in between is kept (early-input.ts) and replayed
 * once the page is live; without scripts the page works as it is.
 */
import { keepEarlyInput } from '../lib/early-input.ts';
import '../styles.css';

keepEarlyInput();

const json = <T>(id: string, empty: T): T => (JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T | null) ?? empty;

async function start() {
  // The files of this page's app, which the build lists in the page, each after the files it imports: the
  // app's own (React, the router, the browser entry) and its template's. All are asked for at once...
  const files = json<string[]>('app-files', []);
  const { app, data = '' } = json<{ app?: string; data?: string }>('app-assets', {});
  const preload = (href: string, rel: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    // As the browser entry's fetch() asks for it, so that it takes this response (a fetch's mode is cors).
    if (rel === 'preload') Object.assign(link, { as: 'fetch', crossOrigin: 'anonymous' });
    document.head.append(link);
  };
  for (const href of files) preload(href, 'modulepreload');
  // ...with the page's data, which the app hydrates from (the build lists the files in `#app-data`).
  for (const name of json<string[]>('app-data', [])) preload(data + name, 'preload');
  // ...and run one at a time, each in a task of its own: run together they held the main thread for one
  // long task (about 20 ms here, 80 ms on Lighthouse's phone). The browser entry starts the app.
  for (const href of files) {
    await import(/* @vite-ignore */ href);
    await new Promise((resolve) => setTimeout(resolve));
  }
  // Named by the page, not imported here: the app shares no module with this script, so none of it (nor
  // this script's stylesheet) comes along with the app's chunks. The dev server lists no files, only this.
  if (app) await import(/* @vite-ignore */ app);
}

// Once the browser reports the page's first contentful paint, which it does once that frame is on the
// screen (a task queued from a frame callback can run before that). A browser without paint timing
// starts after its first frame; a hidden tab, which paints nothing, once it is shown.
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    void start();
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(() => void start()));
}
