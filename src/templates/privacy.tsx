import { useShell, useT } from '../lib/i18n.tsx';
import { ContentsLayout } from '../components/contents-layout.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { RichText } from '../components/rich-text.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { longDate } from '../shared/format.ts';

/** The privacy statement, a document without a hero; `{retentionDays}` and `{email}` in its text are the period and the lab's address set once in site settings. */
export default function PrivacyPage({ content }: TemplateProps<'privacy'>) {
  const { lang, shell } = useShell();
  const t = useT();
  const updated = longDate(content.updated, lang);
  const fill = (text: string) => text.replaceAll('{retentionDays}', String(shell.site.retentionDays)).replaceAll('{email}', shell.site.email);
  return (
    <>
      {/* A statement to read, not a page to enter: its title, what it covers and its date, then the text. */}
      <PageHeader title={content.hero.title} lead={content.hero.description}>
        <p className="mt-3 text-sm text-ink/75">
          <time dateTime={content.updated}>{t('blog.updatedOn', { date: updated })}</time>
        </p>
      </PageHeader>
      <div className="section pt-8 lg:pt-12">
        <ContentsLayout blocks={content.body} label={t('blog.pageContents')}>
          <div>
            <RichText blocks={content.body} fill={fill} />
          </div>
        </ContentsLayout>
      </div>
    </>
  );
}
