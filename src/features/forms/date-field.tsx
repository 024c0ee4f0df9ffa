import { useEffect, useRef, useState } from 'react';
import { useShell, useT } from '../../lib/i18n.tsx';
import { longDate, weekdayName } from '../../shared/format.ts';
import { dateOf } from './date-parts.ts';
import { FieldMessages, OptionalMark } from './fields.tsx';
import type { FieldState } from './use-form.ts';

// Hydrated on the form's first touch (hydrateLater in fields.tsx): the appointment's and the order's date, with what checks it.

/**
 * A date as three boxes, day, month and year (GOV.UK's date input): the page's language, whatever the
 * browser's, and the numeric keyboard on a phone. Below it the date is read back in words once it is one;
 * the form sends what the boxes make as one YYYY-MM-DD value under the field's name.
 */
export default function DateField({
  state,
  legend,
  required,
  hint,
  onDate,
  className = '',
}: {
  state: FieldState;
  legend: string;
  required?: boolean;
  hint?: string;
  /** Told what the boxes make whenever they change: a real date and its weekday in the page's language, or '' for none. */
  onDate?: (date: string, weekday: string) => void;
  className?: string;
}) {
  const t = useT();
  const { lang } = useShell();
  const { id, name } = state.control;
  const [value, setValue] = useState('');
  const sent = useRef<HTMLInputElement>(null);
  const real = isRealDate(value);
  const readBack = real ? longDate(value, lang, { weekday: true }) : '';
  const onDateChange = () => {
    const form = sent.current?.form;
    const made = form ? dateOf(form, name) : '';
    setValue(made);
    onDate?.(isRealDate(made) ? made : '', isRealDate(made) ? weekdayName(made, lang) : '');
  };
  // Boxes typed in before this part was hydrated are read, and checked, once it is.
  useEffect(() => {
    const form = sent.current?.form;
    if (form && dateOf(form, name)) onDateChange();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at hydration
  const invalid = state.control['aria-invalid'];
  const describedBy = [hint && state.hintId, state.error && state.errorId].filter(Boolean).join(' ') || undefined;
  const labels = { day: t('forms.day'), month: t('forms.month'), year: t('forms.year') };
  const part = (key: 'day' | 'month' | 'year', size: string, max: number) => (
    <div className={size}>
      <label htmlFor={key === 'day' ? id : `${id}-${key}`} className="block text-sm font-medium text-ink/80">
        {labels[key]}
      </label>
      <input
        id={key === 'day' ? id : `${id}-${key}`}
        name={`_${name}-${key}`}
        className="field-input mt-1 text-center"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={max}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={onDateChange}
      />
    </div>
  );
  return (
    <fieldset className={className} role="group" aria-describedby={describedBy}>
      <legend className="field-label">
        {legend}
        {required ? null : <OptionalMark />}
      </legend>
      {hint ? (
        <p id={state.hintId} className="field-hint mb-2 mt-0">
          {hint}
        </p>
      ) : null}
      <div className="flex gap-3">
        {part('day', 'w-16', 2)}
        {part('month', 'w-16', 2)}
        {part('year', 'w-24', 4)}
      </div>
      <input ref={sent} type="hidden" name={name} value={value} />
      <p className="date-readback" aria-hidden="true">
        {readBack}
      </p>
      {/* What the boxes make is read out as it changes: the date in words, or at once why it cannot be booked. */}
      <p className="sr-only" aria-live="polite">
        {state.error ?? readBack}
      </p>
      {/* The error below the boxes, as every field shows it (its hint stands above the boxes). */}
      <FieldMessages state={state} />
    </fieldset>
  );
}

/** Whether a YYYY-MM-DD is a date that exists (no 30 February). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
