import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { contentLoaders, routes, shellLoaders } from '@generated/manifest';
import { onContentUpdate } from './content/live.ts';
import type { Lang, ShellContent } from './content/types.ts';

// The development entry until the routed, prerendered app replaces it: it shows the current
// path's page heading from the manifest and follows content changes without reloading.
interface PageHead {
  hero: { title: string; description: string };
}

function App() {
  const path = window.location.pathname.replace(/(.)\/$/, '$1');
  const route = routes.find((r) => r.path === path);
  const lang: Lang = route?.lang ?? (path === '/nl' || path.startsWith('/nl/') ? 'nl' : 'en');
  const key = route?.key ?? 'pages/not-found';
  const [page, setPage] = useState<PageHead>();
  const [shell, setShell] = useState<ShellContent>();

  useEffect(() => {
    document.documentElement.lang = lang;
    const loaders = contentLoaders as Record<string, Record<Lang, () => Promise<{ default: unknown }>>>;
    void loaders[key]?.[lang]().then((m) => setPage(m.default as PageHead));
    void shellLoaders[lang]().then((m) => setShell(m.default));
    return onContentUpdate((update) => {
      if (update.key === key && update.lang === lang) setPage(update.content as PageHead);
      if (update.key === 'shell' && update.lang === lang) setShell(update.content as ShellContent);
    });
  }, [key, lang]);

  return (
    <>
      <nav aria-label={shell?.ui['nav.mainMenu']}>
        <ul>
          {shell?.navigation.header.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <h1>{page?.hero.title}</h1>
        <p>{page?.hero.description}</p>
      </main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
