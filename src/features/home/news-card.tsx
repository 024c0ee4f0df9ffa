import { useShell } from '../../lib/i18n.tsx';
import { InlineText } from '../../components/inline-text.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import type { ArticleSummary } from '../../shared/content-types.ts';
import { longDate } from '../../shared/format.ts';
import { KeepWhole } from '../../components/keep-whole.tsx';

/** An article as a card: picture, category and date, and its title, whose link covers the card. */
export function NewsCard({ article }: { article: ArticleSummary }) {
  const { lang } = useShell();
  return (
    <article className="news-card card relative flex h-full flex-col overflow-hidden p-0">
      <img
        src={article.image.src}
        width={article.image.width}
        height={article.image.height}
        alt={article.image.alt}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="text-sm text-ink/75">
          <span className="font-semibold text-teal">{article.category.label}</span> · <time dateTime={article.date}>{longDate(article.date, lang)}</time>
        </p>
        <h3 className="text-xl leading-snug font-semibold text-deep">
          <SiteLink href={article.href} className="news-card-link hover:underline">
            <KeepWhole text={article.title} />
          </SiteLink>
        </h3>
        <p className="text-ink/85">
          {/* Above the title's link, which covers the card, so a link in the excerpt can be clicked. */}
          <InlineText text={article.excerpt} linkClassName="link relative z-10" />
        </p>
      </div>
    </article>
  );
}
