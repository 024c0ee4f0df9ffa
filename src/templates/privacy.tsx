import { useShell, useT } from '../lib/i18n.tsx';
import { ContentsLayout } from '../components/contents-layout.tsx';
import { Hero } from '../components/hero.tsx';
import { RichText } from '../components/rich-text.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { longDate } from '../shared/format.ts';

/** The privacy statement; `{retentionDays}` and `{email}` in its text are the period and the lab's address set once in site settings. */
export default function PrivacyPage({ content }: TemplateProps<'privacy'>) {
  const { lang, shell } = useShell();
  const t = useT();
  const updated = longDate(content.updated, lang);
  const fill = (text: string) => text.replaceAll('{retentionDays}', String(shell.site.retentionDays)).replaceAll('{email}', shell.site.email);
  return (
    <>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />
      <div className="section">
        <ContentsLayout blocks={content.body} label={t('blog.pageContents')}>
          <div>
            <p className="text-sm text-ink/75">
              <time dateTime={content.updated}>{t('blog.updatedOn', { date: updated })}</time>
            </p>
            <RichText blocks={content.body} fill={fill} />
          </div>
        </ContentsLayout>
      </div>
    </>
  );
}
