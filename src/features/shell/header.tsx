import { useShell, useT } from '../../lib/i18n.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import { FrontDoorLinks } from './front-door-links.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SearchControl } from './search-control.tsx';

/**
 * The site header: logo, the main items from navigation.yaml with the services mega-menu, the two front
 * doors (send a case, book an appointment) and EN/NL. Below 48rem the doors take a row of their own under
 * the logo, so both stay in reach on the narrowest phone without crowding it.
 */
export function Header() {
  const { shell } = useShell();
  const t = useT();
  return (
    <header className="site-header">
      <div className="container-page header-bar">
        <Logo />
        <nav aria-label={t('nav.mainMenu')} className="hidden xl:mx-auto xl:block">
          <ul className="flex items-center gap-1">
            {shell.navigation.header.map((item) =>
              item.megaMenu ? (
                <MegaMenu key={item.href} item={item} />
              ) : (
                <li key={item.href}>
                  <SiteLink href={item.href} className="nav-link">
                    {item.label}
                  </SiteLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        {/* Last on a phone (a row of their own), beside EN/NL from 48rem. */}
        <FrontDoorLinks />
        {/* Closer together on a phone, so search, EN/NL and the menu fit beside the logo. */}
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <SearchControl />
          <LanguageSwitch />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
