import {
  createElement,
  lazy,
  Suspense,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { InlineText } from '../../components/inline-text.tsx';
import { KeepWhole } from '../../components/keep-whole.tsx';
import { pageIsLive } from '../../lib/page-live.ts';
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
  // The space is part of the label's accessible name too: "Teeth (FDI) (optional)".
  return <span className="optional-mark text-sm font-normal text-ink/70">{` (${t('forms.optional')})`}</span>;
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
export function SelectField({
  state,
  label,
  required,
  hint,
  placeholder,
  options,
  className,
  ...select
}: LabelProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & { placeholder: string; options: { value: string; label: string; disabled?: boolean }[]; className?: string }) {
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

/** A part of a form made by `hydrateLater`: the component, and `load`, which the form's first touch calls to fetch its code. */
export type Later<P> = ((props: P) => ReactNode) & { load: () => void };

/** The props a part was first rendered with (the HTML it hydrates) and its newest, and whom to tell when they change. */
class PropsStore<P> {
  props: P;
  tell = () => {};
  constructor(readonly first: P) {
    this.props = first;
  }
  subscribe = (tell: () => void) => {
    this.tell = tell;
    return () => (this.tell = () => {});
  };
  set(props: P) {
    this.props = props;
    this.tell();
  }
}

/**
 * A part of a form whose code the page's first load leaves out, yet whose HTML is in the prerendered page
 * (so nothing moves when it arrives, and a visitor without scripts sees it). The server renders it at once
 * from the module it imported. The browser keeps the server's HTML, usable as it is, and fetches the code
 * only when the form is first touched (`load`: a focus or a pointer within it) and then hydrates that HTML
 * (React's selective hydration of a Suspense boundary); on a page that is already live it fetches at once.
 */
export function hydrateLater<P extends object>(server: { default: ComponentType<P> } | undefined, load: () => Promise<{ default: ComponentType<P> }>): Later<P> {
  let touched = () => {};
  const touch = new Promise<void>((resolve) => (touched = resolve));
  const Part: ComponentType<P> = server ? server.default : lazy(() => touch.then(load));
  /** The part with its newest props, hydrated with the first (a later change is rendered once it is hydrated). */
  function Inner({ store }: { store: PropsStore<P> }) {
    const props = useSyncExternalStore(
      store.subscribe,
      () => store.props,
      () => store.first,
    );
    return createElement(Part, props);
  }
  function Later(props: P) {
    const [store] = useState(() => {
      // Rendered on a page already live (not hydrated from the prerendered HTML): nothing to wait for.
      if (!server && pageIsLive()) touched();
      return new PropsStore(props);
    });
    // The boundary's element never changes: React drops a dehydrated boundary whose props change, and with it what was typed there.
    const [part] = useState(() => (
      <Suspense fallback={null}>
        <Inner store={store} />
      </Suspense>
    ));
    useLayoutEffect(() => store.set(props));
    return part;
  }
  return Object.assign(Later, { load: () => touched() });
}
