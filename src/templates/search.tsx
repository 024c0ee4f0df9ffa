import { useT } from '../lib/i18n.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SiteLink } from '../components/site-link.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import type { SearchKind } from '../shared/search.ts';

/**
 * The search page: every page of the language by kind, each with its description. It is where the header's
 * search leads without scripts; with them the header's dialog finds pages as you type.
 */
export default function SearchPage({ content }: TemplateProps<'search'>) {
  const t = useT();
  const heading: Record<SearchKind, string> = { service: t('search.groupService'), article: t('search.groupArticle'), page: t('search.groupPage') };
  return (
    <>
      <PageHeader title={content.hero.title} lead={content.hero.description} />
      <div className="section pt-8 lg:pt-12">
        <div className="container-page grid gap-12 lg:grid-cols-3 lg:gap-10">
          {content.groups.map((group) => (
            <section key={group.kind} aria-labelledby={`search-${group.kind}`}>
              <h2 id={`search-${group.kind}`} className="font-display text-2xl font-semibold text-deep">
                {heading[group.kind]} <span className="text-base font-normal text-ink/70">({group.pages.length})</span>
              </h2>
              <ul className="mt-4 divide-y divide-deep/10 border-y border-deep/10">
                {group.pages.map((page) => (
                  <li key={page.href} className="py-3">
                    <SiteLink href={page.href} className="font-semibold text-teal underline-offset-4 hover:text-deep hover:underline">
                      {page.title}
                    </SiteLink>
                    <p className="mt-1 text-sm text-ink/80">{page.description}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
