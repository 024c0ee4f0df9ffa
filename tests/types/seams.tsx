// Compiled by `npm run typecheck`: each @ts-expect-error must meet an error, or the typecheck fails.
import { templates } from '../../src/app/templates.ts';
import { SiteLink } from '../../src/components/site-link.tsx';
import { useForm } from '../../src/features/forms/use-form.ts';
import { useT } from '../../src/lib/i18n.tsx';
import type { TemplateContent, TemplateProps } from '../../src/shared/content-types.ts';
import { appointmentConfirmation, type MailSetup } from '../../src/server/submissions.ts';
import { localizePath } from '../../src/shared/paths.ts';

/** Links in code are checked against the generated page paths. */
export const links = [
  <SiteLink key="page" href="/testimonials">
    ok
  </SiteLink>,
  <SiteLink key="dutch" href="/nl/services/zirconia#materials">
    ok
  </SiteLink>,
  <SiteLink key="made" href={localizePath('/contact', 'nl')}>
    ok
  </SiteLink>,
  <SiteLink key="outside" href="https://www.openstreetmap.org/">
    ok
  </SiteLink>,
  // @ts-expect-error "/testimonialz" is no page
  <SiteLink key="typo" href="/testimonialz">
    no
  </SiteLink>,
  // @ts-expect-error "/blgo" is no page in either language
  <SiteLink key="made-typo" href={localizePath('/blgo', 'en')}>
    no
  </SiteLink>,
  // @ts-expect-error a service slug that does not exist
  <SiteLink key="service" href="/nl/services/zirconiaa">
    no
  </SiteLink>,
];

/** A template reads only its own page's content. */
export function DetailLike({ content }: TemplateProps<'detail'>) {
  // @ts-expect-error the home page's featured services are not in a detail page's content
  return <p>{content.featured.title}</p>;
}
declare const home: TemplateContent['home'];
// @ts-expect-error the detail template is given a detail page's content, not the home page's
export const wrongContent = <templates.detail content={home} />;

/** A form's fields are its schema's keys. */
export function useContactFields() {
  const form = useForm({ kind: 'contact', onSuccess: () => {} });
  // @ts-expect-error the contact form has no phone field
  form.field('phone');
  // @ts-expect-error only the order form has a file
  form.setFieldError('file', undefined);
  return form.field('email');
}

/** The appointment confirmation mail reads the appointment's fields by its schema's keys. */
declare const setup: MailSetup;
// @ts-expect-error the appointment's name field is "FullName"
export const confirmation = appointmentConfirmation({ Name: 'Anna de Vries' }, 'en', setup);

/** Interface strings are looked up by the keys of content/ui.yaml. */
export function useStrings() {
  const t = useT();
  // @ts-expect-error "nav.closeMenus" is no key of content/ui.yaml
  t('nav.closeMenus');
  // @ts-expect-error the mails' strings stay on the server
  t('mail.confirmSubject');
  return t('nav.closeMenu');
}
