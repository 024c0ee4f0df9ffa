import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { FieldMessages, Honeypot, SubmitRow, TextAreaField, TextField } from './fields.tsx';
import type { SentRow } from './form-actions.ts';
import { useForm } from './use-form.ts';

/** A testimonial for the lab to review: name, role or clinic, text, rating 1-5 and consent to publish. */
export function TestimonialForm() {
  const t = useT();
  const [sent, setSent] = useState<{ reference: string; rows: readonly SentRow[] } | null>(null);
  const form = useForm({
    kind: 'testimonial',
    read: (element, values) => {
      const consent = element.elements.namedItem('consent');
      // Only a ticked box counts as consent; the schema refuses anything but true.
      if (consent instanceof HTMLInputElement && consent.checked) values.consent = true;
      else delete values.consent;
      return values;
    },
    onSuccess: ({ reference, rows }) => setSent({ reference, rows }),
  });
  if (sent) {
    return form.parts ? (
      <form.parts.FormSent
        title={t('feedback.testimonialSuccessTitle')}
        reference={sent.reference}
        rows={sent.rows}
        next={t('feedback.testimonialSuccessText')}
        again={t('forms.anotherTestimonial')}
        onAgain={() => setSent(null)}
      />
    ) : null;
  }
  // Asked for after the fields above them, so the error summary lists them in the page's order.
  const name = form.field('name');
  const role = form.field('role');
  const rating = form.field('rating');
  const text = form.field('text');
  const consent = form.field('consent');

  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2">
      {form.parts ? <form.parts.ErrorSummary items={form.summary} focusRequest={form.focusRequest} /> : null}
      <TextField state={name} label={t('forms.name')} required type="text" autoComplete="name" placeholder={t('forms.namePlaceholder')} />
      <TextField state={role} label={t('forms.role')} required type="text" autoComplete="organization-title" placeholder={t('forms.rolePlaceholder')} maxLength={150} />
      <fieldset className="sm:col-span-2" aria-describedby={rating.error ? rating.errorId : undefined}>
        <legend className="field-label">{t('forms.rating')}</legend>
        <div className="rating flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="rating-star">
              <input
                type="radio"
                // The error summary's link lands on the first star.
                id={n === 1 ? rating.control.id : undefined}
                name="rating"
                value={n}
                required
                className="sr-only"
                {...(rating.error ? { 'aria-invalid': true } : {})}
              />
              <Icon name="star" className="size-9" aria-hidden="true" />
              <span className="sr-only">{t('forms.ratingOption', { n })}</span>
            </label>
          ))}
        </div>
        <FieldMessages state={rating} />
      </fieldset>
      <TextAreaField state={text} label={t('forms.testimonialText')} required rows={6} maxLength={2000} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3">
          <input type="checkbox" {...consent.control} required className="mt-1 size-5 shrink-0 accent-teal" />
          <span>{t('forms.consent')}</span>
        </label>
        <FieldMessages state={consent} />
      </div>
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitRow sending={form.sending} label={t('forms.submitTestimonial')} sendingLabel={t('forms.sending')} />
      </div>
    </form>
  );
}
