import type { Audience } from '../../../schemas/service.ts';
import { useShell, useT } from '../../lib/i18n.tsx';
import type { ResolvedLink } from '../../shared/content-types.ts';
import { localizePath } from '../../shared/paths.ts';

/** A service page's buttons and the closing banner's sentence, for the reader the page is written for. */
export interface ServiceCta {
  /** The hero's button and the closing banner's first: send a case, or book an appointment. */
  primary: ResolvedLink;
  /** The closing banner's second button: ask the lab's advice, or contact. */
  secondary: ResolvedLink;
  /** The closing banner's sentence. */
  text: string;
}

/**
 * The main actions of a service page, by its `audience`: a page for dentists leads to the order form and to
 * the lab's advice; a page for patients to booking an appointment and to contact.
 */
export function useServiceCta(audience: Audience): ServiceCta {
  const { lang } = useShell();
  const t = useT();
  const contact = localizePath('/contact', lang);
  return audience === 'dentist'
    ? {
        primary: { label: t('common.sendCase'), href: localizePath('/for-doctors#order', lang) },
        secondary: { label: t('services.askAdvice'), href: contact },
        text: t('services.interestedTextDentist'),
      }
    : {
        primary: { label: t('common.bookAppointment'), href: localizePath('/appointment', lang) },
        secondary: { label: t('common.contactUs'), href: contact },
        text: t('services.interestedText'),
      };
}
