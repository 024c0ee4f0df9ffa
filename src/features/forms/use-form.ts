import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { pageIsLive } from '../../lib/page-live.ts';
import { useShell, useT } from '../../lib/i18n.tsx';
import { useFeedback } from './feedback.tsx';
import type * as Actions from './form-actions.ts';
import type { FormField } from '../../../schemas/forms.ts';
import type { Encode, FieldProblem, FormKind, RefusedFile } from './form-actions.ts';

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

export interface FormOptions<K extends FormKind> {
  kind: K;
  /** The API path, e.g. `/api/contact`; the page's language is added as `?lang=`. */
  endpoint: string;
  /** The values to check, read from the form; blank fields are left out, so "optional" means absent. */
  read?: (form: HTMLFormElement) => Record<string, unknown>;
  /** Problems the schema cannot see (the order form's file). */
  extraProblems?: () => Partial<Record<FormField<K>, FieldProblem>>;
  encode?: Encode;
  /** After a success answer, with the reference the server gave and what was sent as the visitor read it; the form has already been cleared. */
  onSuccess: (sent: { reference: string; rows: Actions.SentRow[]; data: Record<string, unknown> }) => void;
  /** Fields checked as soon as they are left (the phone, with the server's rules), not only on submit. */
  checkOnLeave?: readonly FormField<K>[];
  /** After an answer that refused files, with the server's word on each (the order form shows it beside its file), before the fields' messages are shown. */
  onRefusedFiles?: (files: RefusedFile[]) => void;
  /** How much of the body has gone out, as it goes. */
  onProgress?: (sent: number, total: number) => void;
  /**
   * Work of the form's own is under way (the order form checking its files): a submit is held until the
   * form calls `resume`, so one made meanwhile (or kept from before the page was live) is not lost.
   */
  busy?: () => boolean;
}

/** What a field shows: its control's ids and state, and its current error text. */
export interface FieldState {
  control: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  hintId: string;
  errorId: string;
  error?: string;
}

/** Every non-empty text value of the form by name; files, spam signals and unchecked boxes are left out. */
export function readForm(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '' && !name.startsWith('_')) values[name] = value;
  }
  return values;
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
  const context = { lang, hours: shell.site.openingHours };
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
    // A form in the prerendered page was there to fill in from the start (a form sent before the page
    // was live is sent once it is); one that appears later is timed from then.
    mountedAt.current = pageIsLive() ? performance.now() : 0;
  }, []);

  const text = (problem: FieldProblem) => t(problem.key, problem.vars);
  const show = (problems: Record<string, FieldProblem>) => setErrors(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, text(problem)])));
  const values = (form: HTMLFormElement) => (latest.current.read ?? readForm)(form);
  /** The problems the form finds beside the schema's, field by field. */
  const extraProblems = (): Record<string, FieldProblem> => {
    const found: Record<string, FieldProblem> = {};
    const extra: Partial<Record<string, FieldProblem>> = latest.current.extraProblems?.() ?? {};
    for (const [field, problem] of Object.entries(extra)) if (problem) found[field] = problem;
    return found;
  };

  /** After a first attempt, the messages follow the visitor's corrections. */
  const recheck = () => {
    const form = formRef.current;
    if (!attempted.current || !form) return;
    void loadActions()
      .then(({ checkForm }) => checkForm(latest.current.kind, values(form), context))
      .then((verdict) => show({ ...(verdict.ok ? {} : verdict.problems), ...extraProblems() }))
      // Offline, the messages stay as they were; the next submit says what went wrong.
      .catch(() => undefined);
  };

  const onSubmit = async (form: HTMLFormElement) => {
    const { endpoint, onSuccess } = latest.current;
    const fail = (message?: string) => notify({ kind: 'error', title: t('feedback.errorTitle'), text: message ?? t('feedback.errorDefault') });
    setSending(true);
    try {
      const actions = await loadActions();
      const { submit } = actions;
      setParts(actions);
      const honeypot = form.elements.namedItem('_hp');
      // The kind, the encoding and the order form's hooks (its upload's progress, the files the server refused) as the form gave them.
      const outcome = await submit({
        ...latest.current,
        values: values(form),
        context,
        extraProblems: extraProblems(),
        url: `${endpoint}?lang=${lang}`,
        spam: { _hp: honeypot instanceof HTMLInputElement ? honeypot.value : '', _elapsedMs: Math.round(performance.now() - mountedAt.current) },
      });
      attempted.current = true;
      actions.settle(outcome, form, {
        show,
        setErrors,
        setSummaryShown,
        focus: () => setFocusRequest((n) => n + 1),
        fail,
        yes: t('forms.sentYes'),
        sent: (rows, reference, data) => {
          attempted.current = false;
          onSuccess({ reference, rows, data });
        },
      });
    } catch {
      fail();
    } finally {
      setSending(false);
    }
  };

  /** Checks one field the visitor has just left, with the form's schema, and shows or clears its message (a blank field is left to the submit). */
  const checkLeft = (target: EventTarget) => {
    const form = formRef.current;
    const name = (target as { name?: unknown }).name;
    if (!form || typeof name !== 'string' || !(latest.current.checkOnLeave as readonly string[] | undefined)?.includes(name)) return;
    const value = values(form)[name];
    if (value === undefined) return;
    void loadActions()
      .then(({ checkForm }) => checkForm(latest.current.kind, values(form), context))
      .then((verdict) => {
        const problem = verdict.ok ? undefined : verdict.problems[name];
        setErrors(({ [name]: _old, ...rest }) => (problem ? { ...rest, [name]: text(problem) } : rest));
      })
      .catch(() => undefined);
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
    setFieldError: (name: FormField<K>, problem?: FieldProblem) =>
      setErrors(({ [name]: _old, ...rest }) => (problem ? { ...rest, [name]: text(problem) } : rest)),
    formProps: {
      ref: formRef,
      noValidate: true,
      // Should someone submit before the page has hydrated, the data goes in a POST body, never into the address.
      method: 'post',
      action: options.endpoint,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (sending) return;
        if (options.busy?.()) held.current = event.currentTarget;
        else void onSubmit(event.currentTarget);
      },
      onFocus: () => {
        void loadActions()
          .then((actions) => {
            setParts(actions);
            return actions.prepare(options.kind);
          })
          .catch(() => undefined);
      },
      onChange: recheck,
      onBlur: (event: FocusEvent<HTMLFormElement>) => checkLeft(event.target),
    },
  };
}
