import { Hero } from '../components/hero.tsx';
import { localeOf, useShell, useT } from '../app/i18n.tsx';
import { usePageContent } from './use-page-content.ts';

/** A blog article. */
export default function ArticlePage() {
  const content = usePageContent<'article'>();
  const { lang } = useShell();
  const t = useT();
  const date = new Intl.DateTimeFormat(localeOf[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${content.date}T00:00:00Z`));
  return (
    <Hero title={content.title} description={content.intro} image={content.image} eyebrow={content.category.label}>
      <p className="mt-6 text-sm text-white/85">
        <time dateTime={content.date}>{t('blog.publishedOn', { date })}</time> · {t('blog.byAuthor', { author: content.author })}
      </p>
    </Hero>
  );
}
