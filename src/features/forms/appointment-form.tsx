import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useShell, useT } from '../../lib/i18n.tsx';
import { appointmentServices } from '../../../schemas/appointment-services.ts';
import { hoursOn, lastSlot, todayInNetherlands, weekSlots } from '../../../schemas/opening-hours.ts';
import { appointmentServiceLabels } from '../../shared/appointment-services.ts';
import { Honeypot, RequiredNote, SelectField, SubmitRow, TextAreaField, TextField } from './fields.tsx';
import { useForm } from './use-form.ts';

// Shown only once a request has been sent: its code is fetched with the form's first touch, not with the page.
const loadSuccessDialog = () => import('./success-dialog.tsx');
const SuccessDialog = lazy(() => loadSuccessDialog().then((module) => ({ default: module.SuccessDialog })));

/** The appointment request: the specification's seven fields, posted to /api/AppointmentBooking.php. */
export function AppointmentForm() {
  const t = useT();
  const { shell } = useShell();
  const [sent, setSent] = useState(false);
  // Known only in the browser: a date rendered at build time would be stale the next day. Today is the lab's, in the Netherlands.
  const today = useHydrated() ? todayInNetherlands() : undefined;
  // The times are the week's quarter hours, in the 24-hour clock whatever the browser's language (a time
  // input would show AM and PM on a Dutch page); the chosen date's hours leave the rest unavailable, and
  // the schemas say why a time is refused.
  const [date, setDate] = useState('');
  const { opens, closes } = date ? hoursOn(date, shell.site.openingHours) : {};
  const last = closes && lastSlot(closes);
  const times = weekSlots(shell.site.openingHours).map((time) => ({ value: time, label: time, disabled: date !== '' && (!opens || !last || time < opens || time > last) }));
  const form = useForm({
    kind: 'appointment',
    endpoint: '/api/AppointmentBooking.php',
    onSuccess: () => {
      setSent(true);
      setDate('');
    },
  });

  return (
    <>
      <form
        {...form.formProps}
        onFocus={() => {
          form.formProps.onFocus();
          // A failed download is tried again when the dialog is needed.
          loadSuccessDialog().catch(() => undefined);
        }}
        className="grid gap-5 sm:grid-cols-2"
        aria-describedby="appointment-required"
      >
        <div id="appointment-required" className="sm:col-span-2">
          <RequiredNote />
        </div>
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
        <TextField state={form.field('PreferredDate')} label={t('forms.date')} required type="date" min={today} onChange={(event) => setDate(event.currentTarget.value)} />
        <SelectField state={form.field('PreferredTime')} label={t('forms.time')} required placeholder={t('forms.timePlaceholder')} options={times} />
        <TextAreaField state={form.field('AdditionalMessage')} label={t('forms.message')} placeholder={t('forms.messagePlaceholder')} maxLength={2000} className="sm:col-span-2" />
        <Honeypot />
        <div className="sm:col-span-2">
          <SubmitRow sending={form.sending} label={t('forms.submitAppointment')} sendingLabel={t('forms.sending')} />
        </div>
      </form>
      {sent && (
        <Suspense fallback={null}>
          <SuccessDialog open title={t('feedback.appointmentSuccessTitle')} text={t('feedback.appointmentSuccessText')} onClose={() => setSent(false)} />
        </Suspense>
      )}
    </>
  );
}
