import { useShell } from '../../lib/i18n.tsx';
import { InlineText } from '../../components/inline-text.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import type { ArticleSummary } from '../../shared/content-types.ts';
import { longDate } from '../../shared/format.ts';
import { KeepWhole } from '../../components/keep-whole.tsx';

/** An article as a card: its title links to it (the whole card is the click target), then excerpt and date; the cover sits on top, or beside the text on a lead card from 48rem. */
export function ArticleCard({ article, lead = false }: { article: ArticleSummary; lead?: boolean }) {
  const { lang } = useShell();
  // A card repeats its article's own text: search finds the article, not each listing that shows the card.
  return (
    <article className={`blog-card ${lead ? 'blog-card-lead' : ''}`} data-pagefind-ignore="">
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold tracking-wide text-teal uppercase">{article.category.label}</p>
        <h3 className={`mt-2 leading-snug font-semibold text-deep ${lead ? 'text-xl md:text-2xl lg:text-[1.75rem]' : 'text-xl'}`}>
          <SiteLink href={article.href} className="blog-card-link">
            <KeepWhole text={article.title} />
          </SiteLink>
        </h3>
        <p className="mt-3 text-ink/80">
          {/* Above the title's link, which covers the card, so a link in the excerpt can be clicked. */}
          <InlineText text={article.excerpt} linkClassName="link relative z-10" />
        </p>
        <p className="mt-auto pt-5 text-sm text-ink/70">
          <time dateTime={article.date}>{longDate(article.date, lang)}</time>
        </p>
      </div>
      {/* Below the hero on every screen, so it loads as it scrolls into view; the blog's first card is in the first screen. */}
      <img
        src={article.image.src}
        width={article.image.width}
        height={article.image.height}
        alt={article.image.alt}
        loading={lead ? 'eager' : 'lazy'}
        decoding="async"
        className={`order-first w-full bg-sand object-cover ${lead ? '' : 'aspect-[16/9]'}`}
      />
    </article>
  );
}
