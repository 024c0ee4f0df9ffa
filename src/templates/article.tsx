import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useShell, useT } from '../lib/i18n.tsx';
import { ArticleCard } from '../features/blog/article-card.tsx';
import { FeedLink } from '../features/blog/feed-link.tsx';
import { ShareButtons } from '../features/blog/share-buttons.tsx';
import { blogPostingJsonLd } from '../features/blog/structured-data.ts';
import { ContentsLayout } from '../components/contents-layout.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { LineIcon, iconArrowRight } from '../components/icons.tsx';
import { RichText } from '../components/rich-text.tsx';
import { SiteLink } from '../components/site-link.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { longDate } from '../shared/format.ts';
import { localizePath } from '../shared/paths.ts';

/**
 * A blog article: a short header (category, title, lead, date, author), the cover from 48rem, the body
 * with its contents list, tags that list the blog's articles on that subject, the share row, related
 * articles and the way back to the blog.
 */
export default function ArticlePage({ content }: TemplateProps<'article'>) {
  const { lang, shell } = useShell();
  const t = useT();
  const ids = { tags: useId(), related: useId() };
  const words = [content.intro, ...content.body.flatMap((b) => (b.type === 'list' ? b.items : [b.text]))].join(' ').split(/\s+/).length;

  return (
    <>
      <FeedLink />
      {/* JSON, not HTML: React escapes "</script" inside it. */}
      <script type="application/ld+json">{JSON.stringify(blogPostingJsonLd(shell.site, lang, content))}</script>
      <PageHeader title={content.title} lead={content.intro} eyebrow={content.category.label}>
        <ul className="mt-4 flex flex-wrap gap-x-2 gap-y-1 text-sm text-ink/75">
          {[
            <time key="published" dateTime={content.date}>
              {t('blog.publishedOn', { date: longDate(content.date, lang) })}
            </time>,
            content.updated ? (
              <time key="updated" dateTime={content.updated}>
                {t('blog.updatedOn', { date: longDate(content.updated, lang) })}
              </time>
            ) : null,
            content.author,
            t('blog.readingTime', { minutes: Math.max(1, Math.round(words / 200)) }),
          ]
            .filter(Boolean)
            .map((item, index) => (
              <li key={index} className="flex gap-2 whitespace-nowrap">
                {index ? <span aria-hidden="true">·</span> : null}
                {item}
              </li>
            ))}
        </ul>
      </PageHeader>
      <div className="section pt-8 lg:pt-12">
        <ContentsLayout blocks={content.body} label={t('blog.contents')}>
          <article>
            {/* The cover, from 48rem only (a phone fetches nothing): the text starts in a phone's first screen. */}
            <picture className="mb-10 hidden md:block">
              <source media="(width >= 48rem)" srcSet={content.image.src} />
              <img
                width={content.image.width}
                height={content.image.height}
                alt={content.image.alt}
                decoding="async"
                className="aspect-[21/9] w-full rounded-3xl bg-sand object-cover ring-1 ring-deep/10"
              />
            </picture>
            <RichText blocks={content.body} />
            <section aria-labelledby={ids.tags} className="mt-12">
              <h2 id={ids.tags} className="text-lg font-semibold text-deep">
                {t('blog.tags')}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {/* Each tag lists the blog's articles that mention it (the blog's search also reads tags). */}
                {content.tags.map((tag) => (
                  <li key={tag}>
                    <Link to="/{-$lang}/blog" params={{ lang: lang === 'nl' ? 'nl' : undefined }} search={{ q: tag }} className="tag-link">
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
            <ShareButtons url={`${shell.site.url}${localizePath(`/blog/${content.slug}`, lang)}`} title={content.title} />
          </article>
        </ContentsLayout>
      </div>
      <section className="section bg-sand/60" aria-labelledby={ids.related}>
        <div className="container-page">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <h2 id={ids.related} className="section-title">
              {t('blog.related')}
            </h2>
            <SiteLink href={localizePath('/blog', lang)} className="btn btn-secondary">
              {t('blog.viewAll')}
              <LineIcon d={iconArrowRight} />
            </SiteLink>
          </div>
          {content.related.length ? (
            <ul className="card-grid mt-10">
              {content.related.map((article) => (
                <li key={article.slug} className="flex">
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    </>
  );
}
