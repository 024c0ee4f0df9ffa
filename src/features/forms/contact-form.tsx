import { useT } from '../../lib/i18n.tsx';
import { useFeedback } from './feedback.tsx';
import { Honeypot, RequiredNote, SubmitRow, TextAreaField, TextField } from './fields.tsx';
import { useForm } from './use-form.ts';

/** The contact form: name, e-mail, subject and message, all required, posted to /api/contact. */
export function ContactForm() {
  const t = useT();
  const { notify } = useFeedback();
  const form = useForm({
    kind: 'contact',
    endpoint: '/api/contact',
    onSuccess: () => notify({ kind: 'success', title: t('feedback.contactSuccessTitle'), text: t('feedback.contactSuccessText') }),
  });
  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <TextField state={form.field('name')} label={t('forms.name')} required type="text" autoComplete="name" placeholder={t('forms.namePlaceholder')} />
      <TextField state={form.field('email')} label={t('forms.email')} required type="email" autoComplete="email" inputMode="email" placeholder={t('forms.emailPlaceholder')} />
      <TextField state={form.field('subject')} label={t('forms.subject')} required type="text" maxLength={150} className="sm:col-span-2" />
      <TextAreaField state={form.field('message')} label={t('forms.contactMessage')} required rows={6} maxLength={5000} className="sm:col-span-2" />
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitRow sending={form.sending} label={t('forms.submitContact')} sendingLabel={t('forms.sending')} />
      </div>
    </form>
  );
}
