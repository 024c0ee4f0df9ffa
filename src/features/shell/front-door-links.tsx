import { useShell, useT } from '../../lib/i18n.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import { localizePath } from '../../shared/paths.ts';

/**
 * The site's two front doors, side by side: the dentist's "Send a case" (the order form on the page for
 * dentists) and the patient's "Book an appointment". Shown in the header on every page and in the phone
 * menu (styles.css places them: .doors).
 */
export function FrontDoorLinks() {
  const { lang } = useShell();
  const t = useT();
  return (
    <div className="doors">
      <SiteLink href={localizePath('/for-doctors#order', lang)} className="btn btn-primary" activeOptions={{ exact: true, includeHash: true }}>
        {t('common.sendCase')}
      </SiteLink>
      <SiteLink href={localizePath('/appointment', lang)} className="btn btn-secondary">
        {t('common.bookAppointment')}
      </SiteLink>
    </div>
  );
}
