import { useShell, useT } from '../app/i18n.tsx';
import type { Cta } from '../components/types.ts';

/** The breadcrumb trail above a service page: home, the services overview and, if given, its category. */
export function useServiceTrail(category?: { name: string; href: string }): Cta[] {
  const { lang, shell } = useShell();
  const t = useT();
  const prefix = lang === 'nl' ? '/nl' : '';
  const services = shell.navigation.header.find((item) => item.href === `${prefix}/services`);
  return [
    { label: t('nav.home'), href: prefix || '/' },
    { label: services?.label ?? t('services.ourServices'), href: `${prefix}/services` },
    ...(category ? [{ label: category.name, href: category.href }] : []),
  ];
}
