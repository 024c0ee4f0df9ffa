import { useLoaderData } from '@tanstack/react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useShell, useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { LinkList } from '../../components/link-list.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import type { ResolvedGroup } from '../../shared/content-types.ts';
import { Logo } from './logo.tsx';
import { OpeningHours } from '../../components/opening-hours.tsx';
import { localizePath } from '../../shared/paths.ts';

/** The footer: quick links with the dentists' links under them, service links, contact details and hours from site settings, legal lines. */
export function Footer() {
  const { shell, lang } = useShell();
  const t = useT();
  const { site, navigation } = shell;
  // The page was rendered in some year; the visitor's clock decides the year shown.
  const { year: renderedYear } = useLoaderData({ from: '/{-$lang}' });
  const year = useHydrated() ? new Date().getFullYear() : renderedYear;

  return (
    <footer id="footer" className="bg-deep text-white/85" aria-label={t('footer.label')}>
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm leading-relaxed">{site.tagline}</p>
        </div>
        {/* What a practice looks for beyond the main menu, under the quick links. */}
        <div className="space-y-8">
          <LinkColumn group={navigation.footer.quickLinks} />
          <LinkColumn group={navigation.footer.dentists} />
        </div>
        <LinkColumn group={navigation.footer.services} />
        <div>
          <h2 className="footer-title">{t('footer.contactTitle')}</h2>
          <address className="space-y-2 text-sm not-italic">
            <p className="flex gap-2">
              <Icon name="pin" className="mt-0.5 size-4 shrink-0" />
              <span>
                {site.address.street}
                <br />
                {site.address.postalCode} {site.address.city}
              </span>
            </p>
            <p className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
              <a className="footer-link" href={`tel:${site.phone.e164}`}>
                {site.phone.display}
              </a>
            </p>
            <p className="flex gap-2">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
              <a className="footer-link" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </p>
          </address>
          <h2 className="footer-title mt-6">{t('footer.hoursTitle')}</h2>
          <OpeningHours className="text-sm" />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-white/75 md:flex-row md:items-center md:justify-between">
          <p>{t('footer.copyright', { year, name: site.name })}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <span>{t('footer.kvk', { number: site.kvk })}</span>
            <span>{t('footer.vat', { number: site.vat })}</span>
            <SiteLink href={localizePath('/privacy', lang)} className="footer-link underline">
              {t('footer.privacy')}
            </SiteLink>
          </p>
        </div>
        <p className="container-page pb-6 text-xs text-white/75">{t('footer.trademarks')}</p>
      </div>
    </footer>
  );
}

function LinkColumn({ group }: { group: ResolvedGroup }) {
  return (
    <div>
      <h2 className="footer-title">{group.title}</h2>
      <LinkList links={group.links} className="space-y-2 text-sm" linkClassName="footer-link" />
    </div>
  );
}
