import { useT } from '../../lib/i18n.tsx';
import { dueKinds, orderStages } from '../../../schemas/order-options.ts';
import DateField from './date-field.tsx';
import { FieldFrame, FieldMessages, OptionalMark, TextAreaField, TextField } from './fields.tsx';
import TeethPicker from './teeth-picker.tsx';
import type { FormField } from '../../../schemas/form-requests.ts';
import type { FieldState } from './use-form.ts';

// Hydrated on the form's first touch (hydrateLater in fields.tsx): the order's fields a lab works from, with the tooth chart.

/** The order's fields but its files: who sends it, and what a lab works from: the teeth (typed, or ticked on the chart), the shade, the stage, the date needed and what it is, and a pickup. */
export default function OrderDetails({
  field,
  onTeethPicked,
}: {
  /** The order form's `field` (use-form.ts): each field's ids, state and message. */
  field: (name: Exclude<FormField<'order'>, 'file'>, extra?: { hint?: boolean }) => FieldState;
  /** A box of the chart was ticked or unticked: the list's message, if any, is out of date. */
  onTeethPicked: () => void;
}) {
  const t = useT();
  const fields = {
    dentistName: field('dentistName'),
    clinicName: field('clinicName'),
    email: field('email'),
    phone: field('phone'),
    serviceType: field('serviceType', { hint: true }),
    patientName: field('patientName', { hint: true }),
    patientAge: field('patientAge'),
    additionalInfo: field('additionalInfo'),
  };
  const [teeth, shade, stage, dueDate, dueKind, pickup] = [
    field('teeth', { hint: true }),
    field('shade', { hint: true }),
    field('stage'),
    field('dueDate', { hint: true }),
    field('dueKind'),
    field('pickup', { hint: true }),
  ];
  return (
    <>
      <TextField state={fields.dentistName} label={t('forms.dentistName')} required type="text" autoComplete="name" />
      <TextField state={fields.clinicName} label={t('forms.clinicName')} required type="text" autoComplete="organization" />
      <TextField state={fields.email} label={t('forms.email')} required type="email" autoComplete="email" inputMode="email" placeholder={t('forms.emailPlaceholder')} />
      <TextField state={fields.phone} label={t('forms.phone')} required type="tel" autoComplete="tel" placeholder={t('forms.phonePlaceholder')} />
      <TextField state={fields.serviceType} label={t('forms.serviceType')} hint={t('forms.serviceTypeHint')} required type="text" maxLength={200} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <FieldFrame state={teeth} label={t('forms.teeth')} hint={t('forms.teethHint')}>
          <input type="text" {...teeth.control} className="field-input sm:max-w-sm" autoComplete="off" spellCheck={false} maxLength={300} />
        </FieldFrame>
        <div className="tooth-chart-slot">
          <TeethPicker inputId={teeth.control.id} shadesId={`${shade.control.id}-list`} onPicked={onTeethPicked} />
        </div>
      </div>
      <TextField state={shade} label={t('forms.shade')} hint={t('forms.shadeHint')} type="text" list={`${shade.control.id}-list`} autoComplete="off" maxLength={40} />
      <fieldset aria-describedby={stage.error ? stage.errorId : undefined}>
        <legend className="field-label">
          {t('forms.stage')}
          <OptionalMark />
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {orderStages.map((value, index) => (
            <label key={value} className="choice">
              <input type="radio" name="stage" value={value} id={index === 0 ? stage.control.id : undefined} aria-invalid={stage.control['aria-invalid']} />
              {t(value === 'tryIn' ? 'forms.stageTryIn' : 'forms.stageFinal')}
            </label>
          ))}
        </div>
        <FieldMessages state={stage} />
      </fieldset>
      <fieldset className="sm:col-span-2">
        <legend className="section-subtitle">{t('forms.dueLegend')}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <DateField state={dueDate} legend={t('forms.dueDate')} hint={t('forms.dateHint')} />
          <fieldset aria-describedby={dueKind.error ? dueKind.errorId : undefined}>
            <legend className="field-label">{t('forms.dueKind')}</legend>
            <div className="grid gap-2">
              {dueKinds.map((value, index) => (
                <label key={value} className="choice">
                  <input type="radio" name="dueKind" value={value} defaultChecked={value === 'delivery'} id={index === 0 ? dueKind.control.id : undefined} />
                  {t(value === 'delivery' ? 'forms.dueDelivery' : 'forms.dueAppointment')}
                </label>
              ))}
            </div>
            <FieldMessages state={dueKind} />
          </fieldset>
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <label className="choice">
          <input type="checkbox" value="yes" {...pickup.control} />
          <span>
            {t('forms.pickup')}
            <OptionalMark />
          </span>
        </label>
        <FieldMessages state={pickup} hint={t('forms.pickupHint')} />
      </div>
      <TextField state={fields.patientName} label={t('forms.patientName')} hint={t('forms.patientNameHint')} type="text" autoComplete="off" maxLength={100} />
      <TextField state={fields.patientAge} label={t('forms.patientAge')} type="number" inputMode="numeric" min={0} max={120} step={1} />
      <TextAreaField state={fields.additionalInfo} label={t('forms.additionalInfo')} placeholder={t('forms.additionalInfoPlaceholder')} maxLength={3000} className="sm:col-span-2" />
    </>
  );
}
