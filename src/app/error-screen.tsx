import { HeadContent, isNotFound, Scripts, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { langOfPath, localizePath } from '../shared/paths.ts';

// Errors can happen before the strings of the shell have loaded, so these few live here.
const text = {
  en: { title: 'Unexpected application error', reload: 'Reload the page', home: 'Go to the home page' },
  nl: { title: 'Onverwachte applicatiefout', reload: 'Pagina opnieuw laden', home: 'Naar de homepagina' },
} as const;

/** "Unexpected application error" with the error's status or message, where a page would be. */
export function ErrorMessage({ error }: ErrorComponentProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const lang = langOfPath(pathname);
  const t = text[lang];
  const status = (error as { status?: number } | null)?.status ?? (isNotFound(error) ? 404 : undefined);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <section className="container-page py-24 text-center" aria-labelledby="page-title" role="alert">
      <h1 id="page-title" className="font-display text-3xl font-semibold text-deep">
        {t.title}
      </h1>
      <p className="mt-4 font-mono text-ink/80">{status ? `${status} ${message}` : message}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <a className="btn btn-primary" href={pathname}>
          {t.reload}
        </a>
        <a className="btn btn-secondary" href={localizePath('/', lang)}>
          {t.home}
        </a>
      </p>
    </section>
  );
}

/** The same message as a whole document, for an error before the page's layout exists. */
export function ErrorScreen(props: ErrorComponentProps) {
  const lang = useRouterState({ select: (s) => langOfPath(s.location.pathname) });
  return (
    <html lang={lang} dir="ltr">
      <head>
        <HeadContent />
        <title>{text[lang].title}</title>
      </head>
      <body>
        <main id="main">
          <ErrorMessage {...props} />
        </main>
        <Scripts />
      </body>
    </html>
  );
}
