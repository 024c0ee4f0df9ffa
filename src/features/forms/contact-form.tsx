import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Honeypot, SubmitRow, TextAreaField, TextField } from './fields.tsx';
import type { SentRow } from './form-actions.ts';
import { useForm } from './use-form.ts';

/** The contact form: name, e-mail, subject and message, all required, posted to its endpoint. */
export function ContactForm() {
  const t = useT();
  const [sent, setSent] = useState<{ reference: string; rows: readonly SentRow[] } | null>(null);
  const form = useForm({
    kind: 'contact',
    checkOnLeave: ['email'],
    onSuccess: ({ reference, rows }) => setSent({ reference, rows }),
  });
  if (sent) {
    return form.parts ? (
      <form.parts.FormSent
        title={t('feedback.contactSuccessTitle')}
        reference={sent.reference}
        rows={sent.rows}
        next={t('feedback.contactSuccessText')}
        again={t('forms.anotherContact')}
        onAgain={() => setSent(null)}
      />
    ) : null;
  }
  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2">
      {form.parts ? <form.parts.ErrorSummary items={form.summary} focusRequest={form.focusRequest} /> : null}
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
