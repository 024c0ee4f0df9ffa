import { createElement, lazy, Suspense, type ComponentType, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
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

/** A field's label ("(optional)" after it when it is: only optional fields are marked), its control, hint and error message. */
export function FieldFrame({ state, label, required, hint, children, className = '' }: LabelProps & { children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={state.control.id} className="field-label">
        {label}
        {required ? null : <OptionalMark />}
      </label>
      {children}
      <FieldMessages state={state} hint={hint} />
    </div>
  );
}

/** "(optional)" after the label of a field that may be left empty. */
export function OptionalMark() {
  const t = useT();
  return <span className="optional-mark ml-1.5 text-sm font-normal text-ink/70">({t('forms.optional')})</span>;
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

/** The privacy link beside the button, and the submit button, named for what it does, with its sending state. */
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

/**
 * A part of a form whose code the page's first load leaves out, yet whose HTML is in the prerendered page
 * (so nothing moves when it arrives, and a visitor without scripts sees it). The server renders it at once
 * from the module it imported; the browser fetches its chunk while hydrating and hydrates the server's HTML
 * when it arrives (React's selective hydration of a Suspense boundary).
 */
export function hydrateLater<P extends object>(server: { default: ComponentType<P> } | undefined, load: () => Promise<{ default: ComponentType<P> }>) {
  // On the server the module is there: a thenable that resolves at once lets React render it without suspending.
  const Lazy = lazy(() => (server ? ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(server) } as unknown as Promise<{ default: ComponentType<P> }>) : load()));
  return function Later(props: P) {
    return <Suspense fallback={null}>{createElement(Lazy as ComponentType<P>, props)}</Suspense>;
  };
}
