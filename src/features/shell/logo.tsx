import { useShell, useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import { localizePath } from '../../shared/paths.ts';

/** The lab's word mark, linking to the home page of the current language. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { lang, shell } = useShell();
  const t = useT();
  return (
    <SiteLink href={localizePath('/', lang)} className={`logo ${inverted ? 'text-white' : 'text-deep'}`} aria-label={t('nav.homeLink', { name: shell.site.name })}>
      <span className={`grid size-9 place-items-center rounded-full ${inverted ? 'bg-white/10' : 'bg-mint'}`}>
        <Icon name="tooth" className="size-5" />
      </span>
      <span className="logo-name">{shell.site.name}</span>
    </SiteLink>
  );
}
