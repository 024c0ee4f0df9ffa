import { HeadContent, Scripts, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { isNotFound } from '@tanstack/react-router';
import { langOfPath } from './i18n.tsx';

// The error screen replaces the whole document, so it cannot rely on the shell having loaded.
const text = {
  en: { title: 'Unexpected Application Error', reload: 'Reload the page', home: 'Go to the home page' },
  nl: { title: 'Onverwachte applicatiefout', reload: 'Pagina opnieuw laden', home: 'Naar de homepagina' },
} as const;

/** The router's error screen: "Unexpected Application Error" with the status or message. */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const lang = langOfPath(pathname);
  const t = text[lang];
  const status = (error as { status?: number } | null)?.status ?? (isNotFound(error) ? 404 : undefined);
  const detail = status ? `${status}` : error instanceof Error ? error.message : String(error);
  return (
    <html lang={lang} dir="ltr">
      <head>
        <HeadContent />
        <title>{t.title}</title>
      </head>
      <body>
        <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
          <h1 className="font-display text-3xl text-deep">{t.title}</h1>
          <p className="mt-4 font-mono text-ink/80">{detail}</p>
          <p className="mt-8 flex justify-center gap-4">
            <a className="btn btn-primary" href={pathname}>{t.reload}</a>
            <a className="btn btn-secondary" href={lang === 'nl' ? '/nl' : '/'}>{t.home}</a>
          </p>
        </main>
        <Scripts />
      </body>
    </html>
  );
}
