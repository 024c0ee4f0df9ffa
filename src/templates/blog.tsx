import { useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import type { BlogCategoryId } from '@generated/manifest.ts';
import { useT } from '../lib/i18n.tsx';
import { ArticleCard } from '../features/blog/article-card.tsx';
import { FeedLink } from '../features/blog/feed-link.tsx';
import { filterArticles } from '../features/blog/filter.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { PageHeader } from '../components/page-header.tsx';
import { LineIcon, iconCheck } from '../components/icons.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

const from = '/{-$lang}/blog';

/**
 * The blog list, without a hero: its title, category buttons and a search box over a grid of article
 * cards, the first of them wide. The choice lives
 * in the address (`?category=…&q=…`), so a filtered list can be shared and survives a reload; the
 * prerendered HTML lists every article and the filter applies once the page has hydrated.
 */
export default function BlogPage({ content }: TemplateProps<'blog'>) {
  const t = useT();
  const hydrated = useHydrated();
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const category = hydrated ? search.category : undefined;
  // The address is what the box shows (so Back and Forward bring their search back), but for the text just
  // typed, until the router has written it there; the address follows typing without a history entry per key.
  const [typed, setTyped] = useState<string | null>(null);
  const inAddress = search.q ?? '';
  if (typed !== null && typed === inAddress) setTyped(null);
  const input = useRef<HTMLInputElement>(null);
  const query = hydrated ? (typed ?? inAddress) : '';
  const shown = filterArticles(content.articles, { category, query });
  const ids = { list: useId(), search: useId() };

  const go = (next: { category?: BlogCategoryId; q?: string }, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace, resetScroll: false });
  const onType = (value: string) => {
    setTyped(value);
    go({ q: value || undefined }, true);
  };
  const clear = () => {
    setTyped('');
    go({ category: undefined, q: undefined });
    input.current?.focus();
  };
  const options: { id?: BlogCategoryId; label: string }[] = [{ label: t('blog.all') }, ...content.categories.map((c) => ({ id: c.id as BlogCategoryId, label: c.label }))];

  return (
    <>
      <FeedLink />
      {/* No hero: the title and a line, then the filters and the newest article, all in the first screen. */}
      <PageHeader title={content.hero.title} lead={content.hero.description} />
      <section className="section pt-4 md:pt-6 lg:pt-8" aria-labelledby={ids.list}>
        <div className="container-page">
          <h2 id={ids.list} className="sr-only">
            {t('blog.allArticles')}
          </h2>
          {/* On a phone the categories scroll sideways in one row instead of filling the screen. Filtering
              and search need scripts (the page lists every article), so without them they are not shown. */}
          <div role="group" aria-label={t('blog.filterLabel')} className="noscript:hidden -mx-5 flex gap-2 overflow-x-auto px-5 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
            {options.map((option) => {
              const pressed = category === option.id;
              return (
                <button key={option.label} type="button" className="filter-chip" aria-pressed={pressed} onClick={() => go({ category: option.id })}>
                  {pressed ? <LineIcon d={iconCheck} className="size-4" /> : null}
                  {option.label}
                </button>
              );
            })}
          </div>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            {/* Before hydration the box still works: the form reloads the page with ?q=. */}
            <form role="search" className="w-full noscript:hidden sm:max-w-sm" onSubmit={(event) => event.preventDefault()}>
              <label htmlFor={ids.search} className="field-label">
                {t('blog.searchLabel')}
              </label>
              <div className="relative">
                <svg
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.8}
                  strokeLinecap="round"
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink/60"
                >
                  <path d="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" />
                </svg>
                <input
                  ref={input}
                  id={ids.search}
                  type="search"
                  name="q"
                  value={query}
                  onChange={(event) => onType(event.target.value)}
                  placeholder={t('blog.searchPlaceholder')}
                  autoComplete="off"
                  enterKeyHint="search"
                  className="field-input pl-11"
                />
              </div>
            </form>
            <p role="status" className="text-sm font-medium text-ink/75 sm:pb-3">
              {shown.length === 1 ? t('blog.resultsOne') : t('blog.resultsMany', { count: shown.length })}
            </p>
          </div>
          {shown.length ? (
            <ul className="card-grid mt-6">
              {/* The first article leads, across the row: its picture beside the text on a wide screen. */}
              {shown.map((article, index) => (
                <li key={article.slug} className={`flex ${index === 0 ? 'blog-lead' : ''}`}>
                  <ArticleCard article={article} lead={index === 0} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="card mt-8 text-center">
              <h3 className="text-xl font-semibold text-deep">{t('blog.emptyTitle')}</h3>
              <p className="mt-2 text-ink/80">{t('blog.emptyText')}</p>
              <p className="mt-6">
                <button type="button" className="btn btn-secondary" onClick={clear}>
                  {t('blog.clearFilters')}
                </button>
              </p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
