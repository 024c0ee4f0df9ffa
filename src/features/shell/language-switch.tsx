import { Link, useRouterState } from '@tanstack/react-router';
import { useShell, useT } from '../../lib/i18n.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { twinPath } from '../../shared/paths.ts';
import { Icon } from '../../components/icons.tsx';

/**
 * EN/NL: the same page in the other language, with the same query (the blog's filter and search). Its
 * name starts with the code it shows, so voice control users can say what they see, and says in the
 * page's language what it does.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { lang } = useShell();
  const t = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const query = useRouterState({ select: (s) => s.location.search });
  // The prerendered page was built without a query: it joins the link once React has taken over, so the
  // HTML matches. (A not-found page is prerendered once, at a stand-in path; the server writes the
  // missing path's twin into its link, as this renders it.)
  const live = useHydrated();
  const other = lang === 'en' ? 'nl' : 'en';
  return (
    <Link to={twinPath(pathname)} search={live ? query : {}} hrefLang={other} className={`lang-switch ${className}`} aria-label={t('nav.switchLanguageHint')}>
      <Icon name="globe" className="size-4" />
      {t('nav.switchLanguageShort')}
    </Link>
  );
}
