import { useLoaderData, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useShell, useT } from '../lib/i18n.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { localizePath } from '../shared/paths.ts';

/** 404 for a path that is no page: "Oops! Page not found" and a way home; the path is logged. */
export function PageNotFound() {
  const { notFound } = useLoaderData({ from: '/{-$lang}' });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const t = useT();
  useEffect(() => console.warn(`404: no page at ${pathname}`), [pathname]);
  return (
    <section className="container-page py-24 text-center" aria-labelledby="page-title" data-not-found="">
      <p className="font-display text-7xl font-semibold text-teal">{t('errors.notFoundCode')}</p>
      <h1 id="page-title" className="mt-4 font-display text-3xl font-semibold text-deep md:text-4xl">{notFound.hero.title}</h1>
      <p className="mx-auto mt-4 max-w-lg text-lg text-ink/80">{notFound.hero.description}</p>
      {notFound.hero.cta ? (
        <p className="mt-8">
          <SiteLink href={notFound.hero.cta.href} className="btn btn-primary">{notFound.hero.cta.label}</SiteLink>
        </p>
      ) : null}
    </section>
  );
}

/** 404 for an unknown article: "The article was not found" with a link back to the blog. */
export function ArticleNotFound() {
  const { lang } = useShell();
  const t = useT();
  return (
    <section className="container-page py-24 text-center" aria-labelledby="page-title" data-not-found="">
      <p className="font-display text-7xl font-semibold text-teal">{t('errors.notFoundCode')}</p>
      <h1 id="page-title" className="mt-4 font-display text-3xl font-semibold text-deep md:text-4xl">{t('errors.articleNotFoundTitle')}</h1>
      <p className="mx-auto mt-4 max-w-lg text-lg text-ink/80">{t('errors.articleNotFoundText')}</p>
      <p className="mt-8">
        <SiteLink href={localizePath('/blog', lang)} className="btn btn-primary">{t('errors.returnToBlog')}</SiteLink>
      </p>
    </section>
  );
}
