import { Link, useRouterState } from '@tanstack/react-router';
import { useShell, useT } from '../../lib/i18n.tsx';
import { twinPath } from '../../shared/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Icon } from '../../components/icons.tsx';

/** EN/NL: the same page in the other language, named in that language, with the same query (the blog's filter and search). */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { lang } = useShell();
  const t = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const query = useRouterState({ select: (s) => s.location.search });
  // The prerendered page was built without a query: it joins the link once React has taken over, so the HTML matches.
  const search = useHydrated() ? query : {};
  const other = lang === 'en' ? 'nl' : 'en';
  return (
    <Link
      to={twinPath(pathname)}
      search={search}
      hrefLang={other}
      lang={other}
      className={`lang-switch ${className}`}
      aria-label={t('nav.switchLanguageHint')}
    >
      <Icon name="globe" className="size-4" />
      <span aria-hidden="true">{t('nav.switchLanguageShort')}</span>
    </Link>
  );
}
