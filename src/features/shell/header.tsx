import { useShell, useT } from '../../lib/i18n.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';

/** The site header: logo, the main items from navigation.yaml with the services mega-menu, and EN/NL. */
export function Header() {
  const { shell } = useShell();
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-deep/10 bg-porcelain/95 backdrop-blur supports-[backdrop-filter]:bg-porcelain/85">
      <div className="container-page relative flex h-16 items-center justify-between gap-2 sm:gap-4 lg:h-18">
        <Logo />
        <nav aria-label={t('nav.mainMenu')} className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {shell.navigation.header.map((item) =>
              item.megaMenu ? (
                <MegaMenu key={item.href} item={item} />
              ) : (
                <li key={item.href}>
                  <SiteLink href={item.href} className="nav-link" activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: true }}>
                    {item.label}
                  </SiteLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
