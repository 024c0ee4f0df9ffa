import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { pageIsLive } from '../../lib/page-live.ts';
import { useShell, useT } from '../../lib/i18n.tsx';
import { useFeedback } from './feedback.tsx';
import type * as Actions from './form-actions.ts';
import { formEndpoints } from '../../../schemas/form-endpoints.ts';
import type { FormField } from '../../../schemas/form-requests.ts';
import type { FieldProblem, FormHost, FormKind, FormOptions } from './form-actions.ts';

let actions: Promise<typeof Actions> | null = null;

/** Loads the schemas and the sending code once, on the first touch of any form (at the latest on submit); the phone check follows for a form with a phone field. */
function loadActions(): Promise<typeof Actions> {
  actions ??= import('./form-actions.ts').catch((error: unknown) => {
    // A failed download (offline) may succeed on the next try.
    actions = null;
    throw error;
  });
  return actions;
}

/** What a field shows: its control's ids and state, and its current error text. */
export interface FieldState {
  control: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  hintId: string;
  errorId: string;
  error?: string;
}

/**
 * A form's behaviour: checks with the shared schema on submit (then again as the visitor corrects
 * fields, and a few fields as soon as they are left), lists the problems in an error summary that takes
 * the focus, sends once with the spam signals, and hands a success, with its reference, to the caller
 * (a failure the server words is shown as a toast). Inputs are uncontrolled, so what the visitor
 * typed is never lost on an error, and `form.reset()` clears it after a success.
 */
export function useForm<K extends FormKind>(options: FormOptions<K>) {
  const { lang, shell } = useShell();
  const t = useT();
  const { notify } = useFeedback();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // The summary appears with a refused submit and stays, following the corrections, until a success.
  const [summaryShown, setSummaryShown] = useState(false);
  // The error summary and the sent panel, which come with the sending code on the first touch.
  const [parts, setParts] = useState<typeof Actions | null>(null);
  const attempted = useRef(false);
  const held = useRef<HTMLFormElement | null>(null);
  const mountedAt = useRef(0);
  // The newest options, for the checks and answers that arrive after the schemas have loaded.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const form = formRef.current;
    const parts = latest.current.later;
    if (!form || !parts) return;
    const touched = (event?: Event) => {
      if (!event || form.contains(event.target as Node)) for (const part of parts) part.load();
    };
    // Touched before the page was live (its focus is in the form): at once.
    if (form.contains(document.activeElement)) return touched();
    const events = ['focusin', 'pointerover', 'pointerdown', 'touchstart'];
    // Caught on the way down, above React's root: React stops an event aimed at a part not hydrated yet there.
    for (const type of events) document.addEventListener(type, touched, { capture: true, passive: true });
    return () => {
      for (const type of events) document.removeEventListener(type, touched, { capture: true });
    };
  }, []);

  useEffect(() => {
    // A form in the prerendered page was there to fill in from the start (a form sent before the page
    // was live is sent once it is); one that appears later is timed from then.
    mountedAt.current = pageIsLive() ? performance.now() : 0;
  }, []);

  const text = (problem: FieldProblem) => t(problem.key, problem.vars);
  // What the sending code (form-actions.ts) works with once it has loaded.
  const host: FormHost = {
    ref: formRef,
    options: latest,
    context: { lang, hours: shell.site.openingHours },
    text,
    setErrors,
    setSummaryShown,
    focus: () => setFocusRequest((n) => n + 1),
    notify,
    yes: t('forms.sentYes'),
    attempted,
    mountedAt,
  };
  /** Runs `run` with the sending code, loading it if need be; offline, nothing happens (the next submit says what went wrong). */
  const withActions = (run: (actions: typeof Actions) => unknown) =>
    void loadActions()
      .then(run)
      .catch(() => undefined);

  const onSubmit = (form: HTMLFormElement) => {
    setSending(true);
    void loadActions()
      .then((actions) => {
        setParts(actions);
        return actions.send(host, form);
      })
      .catch(() => notify())
      .finally(() => setSending(false));
  };

  const field = (name: FormField<K>, extra: { hint?: boolean } = {}): FieldState => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    const describedBy = [extra.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
    return {
      control: { id, name, ...(error && { 'aria-invalid': true as const }), ...(describedBy && { 'aria-describedby': describedBy }) },
      hintId: `${id}-hint`,
      errorId: `${id}-error`,
      error,
    };
  };

  return {
    sending,
    field,
    /** The error summary's problems, in the order of the fields on the page (read after the form has asked for its fields). */
    summary: () => (summaryShown ? { errors, formId } : null),
    focusRequest,
    /** The error summary and the sent panel, once the form's sending code has loaded (it has by any submit). */
    parts,
    /** Sends the submit held while the form was busy, if there was one. */
    resume: () => {
      held.current?.requestSubmit();
      held.current = null;
    },
    /** A field's message as shown now, if it has one. */
    errorOf: (name: FormField<K>): string | undefined => errors[name],
    /** Sets or clears one field's message from outside the schema (the file check). */
    setFieldError: (name: FormField<K>, problem?: FieldProblem) => setErrors(({ [name]: _old, ...rest }) => (problem ? { ...rest, [name]: text(problem) } : rest)),
    formProps: {
      ref: formRef,
      noValidate: true,
      // Should someone submit before the page has hydrated, the data goes in a POST body, never into the address.
      method: 'post',
      action: formEndpoints[options.kind].path,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (sending) return;
        if (options.busy?.()) held.current = event.currentTarget;
        else onSubmit(event.currentTarget);
      },
      onFocus: () =>
        withActions((actions) => {
          setParts(actions);
          return actions.prepare(options.kind);
        }),
      // After a first attempt, the messages follow the visitor's corrections.
      onChange: () => withActions((actions) => actions.recheck(host)),
      onBlur: (event: FocusEvent<HTMLFormElement>) => withActions((actions) => actions.checkLeft(host, event.target)),
    },
  };
}
