import { useShell, useT } from '../../lib/i18n.tsx';
import type { ResolvedLink } from '../../shared/content-types.ts';
import { localizePath } from '../../shared/paths.ts';

/** The "Book an appointment" button to the appointment page of the current language. */
export function useBookingCta(): ResolvedLink {
  const { lang } = useShell();
  const t = useT();
  return { label: t('common.bookAppointment'), href: localizePath('/appointment', lang) };
}
