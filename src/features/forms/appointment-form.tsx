import { useState } from 'react';
import { useShell, useT } from '../../lib/i18n.tsx';
import { appointmentServices } from '../../../schemas/appointment-services.ts';
import { todayInNetherlands } from '../../shared/netherlands-clock.ts';
import { hoursOn, startsWithinHours, weekSlots } from '../../shared/opening-hours.ts';
import { appointmentServiceLabels } from '../../shared/appointment-services.ts';
import { Honeypot, hydrateLater, SelectField, SubmitRow, TextAreaField, TextField } from './fields.tsx';
import type { SentRow } from './form-actions.ts';
import { useForm } from './use-form.ts';

/** The date's three boxes: in the prerendered page, their code fetched on the form's first touch. */
const DateField = hydrateLater(import.meta.env.SSR ? await import('./date-field.tsx') : undefined, () => import('./date-field.tsx'));

/** The appointment request: the specification's seven fields, posted to its endpoint (schemas/form-endpoints.ts). */
export function AppointmentForm() {
  const t = useT();
  const { shell } = useShell();
  const [sent, setSent] = useState<{ reference: string; rows: readonly SentRow[] } | null>(null);
  // The times are the week's quarter hours, in the 24-hour clock whatever the browser's language (a time
  // input would show AM and PM on a Dutch page); the chosen date's hours leave the rest unavailable, and
  // the schemas say why a time is refused.
  const [date, setDate] = useState('');
  const day = date ? hoursOn(date, shell.site.openingHours) : undefined;
  const times = weekSlots(shell.site.openingHours).map((time) => ({ value: time, label: time, disabled: day !== undefined && !startsWithinHours(time, day) }));
  const form = useForm({
    kind: 'appointment',
    checkOnLeave: ['PhoneNumber', 'EmailAddress'],
    later: [DateField],
    onSuccess: ({ reference, rows }) => setSent({ reference, rows }),
  });
  const dateState = form.field('PreferredDate', { hint: true });

  /** A day the lab is closed is refused as soon as the boxes make it, not on submit; a past day likewise. */
  const pick = (picked: string, weekday: string) => {
    setDate(picked);
    if (!picked) return;
    if (picked < todayInNetherlands()) form.setFieldError('PreferredDate', { key: 'validation.datePast' });
    else if (!hoursOn(picked, shell.site.openingHours).opens) form.setFieldError('PreferredDate', { key: 'validation.dayClosed', vars: { day: weekday } });
    else form.setFieldError('PreferredDate');
  };

  if (sent) {
    return form.parts ? (
      <form.parts.FormSent
        title={t('feedback.appointmentSuccessTitle')}
        reference={sent.reference}
        rows={sent.rows}
        next={t('feedback.appointmentNext')}
        again={t('forms.anotherAppointment')}
        onAgain={() => setSent(null)}
      />
    ) : null;
  }
  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2">
      {form.parts ? <form.parts.ErrorSummary items={form.summary} focusRequest={form.focusRequest} /> : null}
      <TextField state={form.field('FullName')} label={t('forms.name')} required type="text" autoComplete="name" placeholder={t('forms.namePlaceholder')} className="sm:col-span-2" />
      <TextField state={form.field('EmailAddress')} label={t('forms.email')} required type="email" autoComplete="email" inputMode="email" placeholder={t('forms.emailPlaceholder')} />
      <TextField state={form.field('PhoneNumber')} label={t('forms.phone')} required type="tel" autoComplete="tel" placeholder={t('forms.phonePlaceholder')} />
      <SelectField
        state={form.field('Service')}
        label={t('forms.service')}
        required
        placeholder={t('forms.servicePlaceholder')}
        hint={t('forms.serviceHint')}
        options={appointmentServices.map((id) => ({ value: id, label: t(appointmentServiceLabels[id]) }))}
        className="sm:col-span-2"
      />
      <DateField state={dateState} legend={t('forms.date')} required hint={t('forms.dateHint')} onDate={pick} />
      <SelectField state={form.field('PreferredTime')} label={t('forms.time')} required placeholder={t('forms.timePlaceholder')} options={times} className="sm:self-end" />
      <TextAreaField state={form.field('AdditionalMessage')} label={t('forms.message')} placeholder={t('forms.messagePlaceholder')} maxLength={2000} className="sm:col-span-2" />
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitRow sending={form.sending} label={t('forms.submitAppointment')} sendingLabel={t('forms.sending')} />
      </div>
    </form>
  );
}
