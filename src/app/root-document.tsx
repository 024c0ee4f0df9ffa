import { HeadContent, Outlet, Scripts, useLoaderData, useRouterState } from '@tanstack/react-router';
import { Footer } from '../features/shell/footer.tsx';
import { Header } from '../features/shell/header.tsx';
import { PreviewBanner } from '../features/shell/preview-banner.tsx';
import { langOfPath } from '../shared/paths.ts';
import { ShellProvider, useT } from '../lib/i18n.tsx';
import { NavigationEffects } from './navigation-effects.tsx';

/**
 * The HTML document: its language follows the path, its head the matched routes. It names the page's
 * template, so the browser can fetch that template before it hydrates (a lazily loaded template that
 * is not there yet would hydrate after the rest, and a click on it in between would be lost).
 */
export function RootDocument() {
  const lang = useRouterState({ select: (s) => langOfPath(s.location.pathname) });
  const template = useRouterState({ select: (s) => (s.matches.at(-1)?.loaderData as { template?: string } | undefined)?.template });
  return (
    <html lang={lang} dir="ltr" data-template={template}>
      <head>
        <HeadContent />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** The page layout of one language: skip link, a preview's notice, header, the page, footer. */
export function Layout() {
  const { lang, shell } = useLoaderData({ from: '/{-$lang}' });
  return (
    <ShellProvider lang={lang} shell={shell}>
      <SkipLink />
      <PreviewBanner />
      <Header />
      {/* Search indexes what is inside main only: not the header, the menus, the notice or the footer. */}
      <main id="main" tabIndex={-1} className="outline-none" data-pagefind-body="">
        <Outlet />
      </main>
      <Footer />
      <NavigationEffects />
    </ShellProvider>
  );
}

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="skip-link">
      {t('nav.skipToContent')}
    </a>
  );
}
