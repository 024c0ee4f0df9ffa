import { useShell, useT } from '../../lib/i18n.tsx';
import { localizePath } from '../../shared/paths.ts';

/** The `<link rel="alternate">` to the Atom feed of the page's language; React places it in the head. */
export function FeedLink() {
  const { lang, shell } = useShell();
  const t = useT();
  return <link rel="alternate" type="application/atom+xml" title={t('blog.feedTitle', { name: shell.site.name })} href={`${shell.site.url}${localizePath('/feed.xml', lang)}`} />;
}
