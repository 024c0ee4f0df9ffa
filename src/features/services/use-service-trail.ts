import { useShell, useT } from '../../lib/i18n.tsx';
import type { ResolvedLink, SiteHref } from '../../shared/content-types.ts';
import { localizePath } from '../../shared/paths.ts';

/** The breadcrumb trail above a service page: home, the services overview and, if given, its category. */
export function useServiceTrail(category?: { name: string; href: SiteHref }): ResolvedLink[] {
  const { lang, shell } = useShell();
  const t = useT();
  const servicesPath = localizePath('/services', lang);
  const services = shell.navigation.header.find((item) => item.href === servicesPath);
  return [
    { label: t('nav.home'), href: localizePath('/', lang) },
    { label: services?.label ?? t('services.ourServices'), href: servicesPath },
    ...(category ? [{ label: category.name, href: category.href }] : []),
  ];
}
