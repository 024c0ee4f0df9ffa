import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { InlineText } from '../../components/inline-text.tsx';
import { KeepWhole } from '../../components/keep-whole.tsx';
import type { FieldState } from './use-form.ts';

interface LabelProps {
  state: FieldState;
  label: string;
  required?: boolean;
  hint?: string;
}

/** A field's label (with the required mark or "optional"), its control, hint and error message. */
export function FieldFrame({ state, label, required, hint, children, className = '' }: LabelProps & { children: ReactNode; className?: string }) {
  const t = useT();
  return (
    <div className={className}>
      <label htmlFor={state.control.id} className="field-label">
        {label}
        {required ? (
          <span className="ml-0.5 text-coral" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="ml-1.5 text-sm font-normal text-ink/70">({t('forms.optional')})</span>
        )}
      </label>
      {children}
      <FieldMessages state={state} hint={hint} />
    </div>
  );
}

/** The hint and the error message below a control, with the ids its aria-describedby points at. */
export function FieldMessages({ state, hint }: { state: FieldState; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={state.hintId} className="field-hint">
          <KeepWhole text={hint} />
        </p>
      ) : null}
      {state.error ? (
        <p id={state.errorId} className="field-error">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{state.error}</span>
        </p>
      ) : null}
    </>
  );
}

type TextProps = LabelProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & { className?: string };

/** A one-line input. */
export function TextField({ state, label, required, hint, className, ...input }: TextProps) {
  return (
    <FieldFrame state={state} label={label} required={required} hint={hint} className={className}>
      <input {...input} {...state.control} required={required} className="field-input" />
    </FieldFrame>
  );
}

/** A multi-line input. */
export function TextAreaField({ state, label, required, hint, className, ...input }: LabelProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & { className?: string }) {
  return (
    <FieldFrame state={state} label={label} required={required} hint={hint} className={className}>
      <textarea rows={5} {...input} {...state.control} required={required} className="field-input" />
    </FieldFrame>
  );
}

/** A select that starts on a disabled placeholder, so a choice must be made. */
export function SelectField({ state, label, required, hint, placeholder, options, className, ...select }: LabelProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & { placeholder: string; options: { value: string; label: string; disabled?: boolean }[]; className?: string }) {
  return (
    <FieldFrame state={state} label={label} required={required} hint={hint} className={className}>
      <select defaultValue="" {...select} {...state.control} required={required} className="field-input">
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The field bots fill in and people never see; a filled one makes the server drop the submission. */
export function Honeypot() {
  const t = useT();
  return (
    <div className="hidden" aria-hidden="true">
      <label>
        {t('forms.honeypot')}
        <input type="text" name="_hp" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The required-fields note, the privacy link beside the button, and the submit button with its sending state. */
export function SubmitRow({ sending, label, sendingLabel }: { sending: boolean; label: string; sendingLabel: string }) {
  const t = useT();
  return (
    <div className="mt-2 flex flex-col gap-4 border-t border-deep/10 pt-6 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink/80 sm:max-w-sm">
        <InlineText text={t('forms.privacyNote')} />
      </p>
      {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus to the page while sending. */}
      <button type="submit" className="btn btn-primary shrink-0" aria-disabled={sending || undefined}>
        {sending ? <span className="spinner" aria-hidden="true" /> : null}
        {sending ? sendingLabel : label}
      </button>
    </div>
  );
}

/** "Fields marked with * are required", at the top of each form. */
export function RequiredNote() {
  const t = useT();
  return (
    <p className="text-sm text-ink/80">
      <span className="text-coral" aria-hidden="true">
        *
      </span>{' '}
      {t('forms.requiredNote')}
    </p>
  );
}
