import { useLoaderData } from '@tanstack/react-router';
import { useShell, useT } from '../lib/i18n.tsx';
import { SiteLink } from '../components/site-link.tsx';
import type { ResolvedLink } from '../shared/content-types.ts';
import { localizePath } from '../shared/paths.ts';

/**
 * 404 for a path that is no page: "Oops! Page not found", its picture, the way home and the ways on. The server
 * logs the missing path; the visitor's console is left clean.
 */
export function PageNotFound() {
  const { notFound } = useLoaderData({ from: '/{-$lang}' });
  return <NotFoundView title={notFound.hero.title} text={notFound.hero.description} back={notFound.hero.cta} head={notFound.seo} />;
}

/** 404 for an unknown article: "The article was not found" with a link back to the blog, and the same ways on. */
export function ArticleNotFound() {
  const { lang } = useShell();
  const t = useT();
  const title = t('errors.articleNotFoundTitle');
  const text = t('errors.articleNotFoundText');
  return <NotFoundView title={title} text={text} back={{ label: t('errors.returnToBlog'), href: localizePath('/blog', lang) }} head={{ title, description: text }} />;
}

/** What both not-found pages show: the code, the heading and text beside the picture, a button back, then the ways on. */
function NotFoundView({ title, text, back, head }: { title: string; text: string; back?: ResolvedLink; head: { title: string; description: string } }) {
  const { hero, ways } = useLoaderData({ from: '/{-$lang}' }).notFound;
  const t = useT();
  // The button above already leads to one of them (the blog, for a missing article).
  const shown = ways.links.filter((way) => way.href !== back?.href);
  return (
    <section className="container-page py-14 md:py-20" aria-labelledby="page-title" data-not-found="">
      {/* No route gives this page a head; React puts these in the document's head. */}
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <meta name="robots" content="noindex" />
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="font-display text-6xl font-semibold text-teal md:text-7xl">{t('errors.notFoundCode')}</p>
          <h1 id="page-title" className="mt-4 font-display text-3xl font-semibold text-balance text-deep md:text-4xl">
            {title}
          </h1>
          <p className="mt-4 max-w-prose text-lg text-ink/80">{text}</p>
          {back ? (
            <p className="mt-8">
              <SiteLink href={back.href} className="btn btn-primary">
                {back.label}
              </SiteLink>
            </p>
          ) : null}
        </div>
        {/* Cropped to the artwork, which sits on the right of the hero-shaped picture. */}
        {hero.image ? (
          <img
            src={hero.image.src}
            width={hero.image.width}
            height={hero.image.height}
            alt={hero.image.alt}
            decoding="async"
            className="aspect-[4/3] w-full rounded-3xl border border-deep/10 object-cover object-right"
          />
        ) : null}
      </div>
      <h2 className="mt-16 font-display text-2xl font-semibold text-deep">{ways.title}</h2>
      {/* Three in a row; two (a missing article's page) or four, two to a row. */}
      <ul className={`mt-6 grid gap-4 ${shown.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
        {shown.map((way) => (
          <li key={way.href} className="relative rounded-2xl border border-deep/10 bg-white p-6 transition-shadow hover:shadow-lg motion-reduce:transition-none">
            {/* The link covers its card, so the whole card can be clicked. */}
            <SiteLink href={way.href} className="text-lg font-semibold text-deep underline-offset-4 after:absolute after:inset-0 after:rounded-2xl hover:text-teal hover:underline">
              {way.label}
            </SiteLink>
            <p className="mt-2 text-ink/80">{way.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
