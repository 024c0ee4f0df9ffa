import { useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { useFeedback } from './feedback.tsx';
import { FieldMessages, Honeypot, RequiredNote, SubmitRow, TextAreaField, TextField } from './fields.tsx';
import { readForm, useForm } from './use-form.ts';

/** A testimonial for the lab to review: name, role or clinic, text, rating 1-5 and consent to publish. */
export function TestimonialForm() {
  const t = useT();
  const { notify } = useFeedback();
  const form = useForm({
    kind: 'testimonial',
    endpoint: '/api/testimonial',
    read: (element) => {
      const values = readForm(element);
      const consent = element.elements.namedItem('consent');
      // Only a ticked box counts as consent; the schema refuses anything but true.
      if (consent instanceof HTMLInputElement && consent.checked) values.consent = true;
      else delete values.consent;
      return values;
    },
    onSuccess: () => notify({ kind: 'success', title: t('feedback.testimonialSuccessTitle'), text: t('feedback.testimonialSuccessText') }),
  });
  const rating = form.field('rating');
  const consent = form.field('consent');

  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <TextField state={form.field('name')} label={t('forms.name')} required type="text" autoComplete="name" placeholder={t('forms.namePlaceholder')} />
      <TextField state={form.field('role')} label={t('forms.role')} required type="text" autoComplete="organization-title" placeholder={t('forms.rolePlaceholder')} maxLength={150} />
      <fieldset className="sm:col-span-2" aria-describedby={rating.error ? rating.errorId : undefined}>
        <legend className="field-label">
          {t('forms.rating')}
          <span className="ml-0.5 text-coral" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="rating flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="rating-star">
              <input
                type="radio"
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
      <TextAreaField state={form.field('text')} label={t('forms.testimonialText')} required rows={6} maxLength={2000} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3">
          <input type="checkbox" {...consent.control} required className="mt-1 size-5 shrink-0 accent-teal" />
          <span>
            {t('forms.consent')}
            <span className="ml-0.5 text-coral" aria-hidden="true">
              *
            </span>
          </span>
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
