import type { Dispatch, SetStateAction } from 'react';
import type { UiKey } from '@generated/manifest.ts';
import type { Lang } from '../../../schemas/common.ts';
import { phoneForms, type FormField, type FormKind, type PhoneCheck } from '../../../schemas/form-requests.ts';
import { bookableFormSchemas } from '../../shared/appointment-slots.ts';
import { formEndpoints } from '../../../schemas/form-endpoints.ts';
import type { WeekHours } from '../../../schemas/opening-hours.ts';
import { messageVars } from '../../shared/field-messages.ts';
import { dateOf } from './date-parts.ts';

// Loaded on a visitor's first touch of a form, not with the page: the schemas and the sending code are
// the largest part of a form, and most visitors never fill one in. The phone library comes after, and
// only for a form that asks for a phone.

export type { FormKind };
// What a form shows only after a submit comes with the rest of its sending code.
export { ErrorSummary } from './error-summary.tsx';
import { describeForm, type SentRow } from './form-sent.tsx';
export { describeForm, FormSent, type SentRow } from './form-sent.tsx';

/** Every non-empty text value of the form by name, a date's three boxes as the one YYYY-MM-DD they make; files, spam signals and unchecked boxes are left out. */
export function readForm(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    const date = /^_(.+)-day$/.exec(name)?.[1];
    // Read from the boxes themselves: typed before their part was hydrated, they have not made the field's value yet.
    if (date) {
      const made = dateOf(form, date);
      if (made) values[date] = made;
    } else if (typeof value === 'string' && value.trim() !== '' && !name.startsWith('_') && !(name in values)) values[name] = value;
  }
  return values;
}

/** A field's problem as a UI key (e.g. `validation.phone`) with the values its text needs. */
export interface FieldProblem {
  key: UiKey;
  vars?: Record<string, string | number>;
}

/** What a check needs beside the values: the page's language (for the words a message names) and the lab's opening hours. */
export interface CheckContext {
  lang: Lang;
  hours: WeekHours;
}

let phoneCheck: PhoneCheck | undefined;
let loadingPhoneCheck: Promise<void> | undefined;

/** Loads what checking this form needs beside this module: the phone check, for a form that asks for a phone. */
export function prepare(kind: FormKind): Promise<void> {
  if (!phoneForms.includes(kind)) return Promise.resolve();
  loadingPhoneCheck ??= import('./phone-check.ts').then(
    (module) => {
      phoneCheck = module.isValidPhoneNumber;
    },
    (error: unknown) => {
      // A failed download (offline) may succeed on the next try.
      loadingPhoneCheck = undefined;
      throw error;
    },
  );
  return loadingPhoneCheck;
}

/** The loaded phone check; `prepare` has loaded it before any form with a phone field is checked. */
const isValidPhoneNumber: PhoneCheck = (text, defaultCountry) => {
  if (!phoneCheck) throw new Error('A phone number was checked before the phone check was loaded');
  return phoneCheck(text, defaultCountry);
};

let bound: { hours: WeekHours; schemas: ReturnType<typeof bookableFormSchemas> } | undefined;
/** The schemas bound to these opening hours, made once for the page's (the same object on every check). */
function schemasFor(hours: WeekHours) {
  if (bound?.hours !== hours) bound = { hours, schemas: bookableFormSchemas(hours, isValidPhoneNumber) };
  return bound.schemas;
}

/** The same verdict the server gives: the cleaned data, or the first problem of each field. */
export type Verdict = { ok: true; data: Record<string, unknown> } | { ok: false; problems: Record<string, FieldProblem> };

/** Checks a form's values with its shared schema, as the server will (a phone number against less metadata). */
export async function checkForm(kind: FormKind, values: Record<string, unknown>, context: CheckContext): Promise<Verdict> {
  await prepare(kind);
  const result = schemasFor(context.hours)[kind].safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const problems: Record<string, FieldProblem> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in problems) continue;
    // The schemas word every problem as a UI key (tests/unit/forms.test.ts checks each one exists).
    problems[field] = { key: issue.message as UiKey, vars: messageVars(issue, context.lang) };
  }
  return { ok: false, problems };
}

/** A request body for the API, made from the validated data and the spam signals. */
export type Encode = (data: Record<string, unknown>, spam: { _hp: string; _elapsedMs: number }) => { body: XMLHttpRequestBodyInit; headers?: Record<string, string> };

/** A JSON body, as the appointment, contact and testimonial endpoints take it. */
export const encodeJson: Encode = (data, spam) => ({ body: JSON.stringify({ ...data, ...spam }), headers: { 'Content-Type': 'application/json' } });

/** A file the server refused: its place among the files sent (from 1), its name and why, in the page's language. */
export interface RefusedFile {
  position: number;
  name: string;
  error: string;
}

/** What became of a submit: refused before sending, sent, or failed with the server's words if any. */
export type Outcome =
  | { type: 'invalid'; problems: Record<string, FieldProblem> }
  | { type: 'sent'; reference: string; data: Record<string, unknown> }
  | { type: 'failed'; error?: string; fields?: Record<string, string> };

/** What one submit needs to know. */
export interface Submission {
  kind: FormKind;
  values: Record<string, unknown>;
  context: CheckContext;
  extraProblems: Record<string, FieldProblem>;
  url: string;
  encode?: Encode;
  spam: { _hp: string; _elapsedMs: number };
  /** Told how much of the body has gone out, as it goes (an order's files may take minutes). */
  onProgress?: (sent: number, total: number) => void;
  /** Told which files the server refused, with its word on each, when it names any. */
  onRefusedFiles?: (files: RefusedFile[]) => void;
}

/**
 * POSTs a body once and resolves with the answer parsed as JSON, or null for a network failure or an
 * answer that is not JSON. XMLHttpRequest rather than fetch: only it reports an upload's progress.
 */
function post(url: string, request: ReturnType<Encode>, onProgress?: (sent: number, total: number) => void): Promise<unknown> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded, event.total);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        resolve(null);
      }
    };
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(null);
    xhr.send(request.body);
  });
}

/**
 * Checks the values with the shared schema and, when they pass, posts them once (a submission is
 * never retried on its own). The API answers `{ success: true, reference }` or `{ success: false, error, fields?, files? }`;
 * a network failure or an answer that is not JSON is a failure without words.
 */
export async function submit(submission: Submission): Promise<Outcome> {
  const verdict = await checkForm(submission.kind, submission.values, submission.context);
  const problems = { ...(verdict.ok ? {} : verdict.problems), ...submission.extraProblems };
  if (!verdict.ok || Object.keys(problems).length > 0) return { type: 'invalid', problems };
  const request = (submission.encode ?? encodeJson)(verdict.data, submission.spam);
  const answer = (await post(submission.url, request, submission.onProgress)) as { success?: unknown; reference?: unknown; error?: unknown; fields?: unknown; files?: unknown } | null;
  // The reference is shown as text only, and only in the form the server gives it.
  if (answer?.success === true)
    return { type: 'sent', reference: typeof answer.reference === 'string' && /^[0-9A-F]{4}-[0-9A-F]{4}$/.test(answer.reference) ? answer.reference : '', data: verdict.data };
  const fields =
    answer && typeof answer.fields === 'object' && answer.fields !== null
      ? Object.fromEntries(Object.entries(answer.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
  const listed: unknown = answer?.files;
  if (Array.isArray(listed)) {
    const refused = (listed as unknown[]).filter((file): file is RefusedFile => {
      const { position, name, error } = (file ?? {}) as Partial<RefusedFile>;
      return typeof position === 'number' && typeof name === 'string' && typeof error === 'string';
    });
    submission.onRefusedFiles?.(refused);
  }
  return { type: 'failed', error: typeof answer?.error === 'string' && answer.error !== '' ? answer.error : undefined, fields };
}

/** What a form gives its hook (useForm in use-form.ts); the hook lends it to the code here as `FormHost.options`. */
export interface FormOptions<K extends FormKind> {
  kind: K;
  /** Changes the values read from the form (`readForm` in form-actions.ts: blank fields left out, so "optional" means absent) before they are checked. */
  read?: (form: HTMLFormElement, values: Record<string, unknown>) => Record<string, unknown>;
  /** Parts of the form whose code is fetched on its first touch (`hydrateLater` in fields.tsx). */
  later?: readonly { load: () => void }[];
  /** Problems the schema cannot see (the order form's file). */
  extraProblems?: () => Partial<Record<FormField<K>, FieldProblem>>;
  encode?: Encode;
  /** After a success answer, with the reference the server gave and what was sent as the visitor read it; the form has already been cleared. */
  onSuccess: (sent: { reference: string; rows: SentRow[]; data: Record<string, unknown> }) => void;
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

/** What a form's hook (use-form.ts) lends the code here: its form, its newest options, how it shows messages, and its state. */
export interface FormHost {
  ref: { readonly current: HTMLFormElement | null };
  options: { readonly current: FormOptions<FormKind> };
  context: CheckContext;
  /** A problem in the page's language. */
  text: (problem: FieldProblem) => string;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  setSummaryShown: (shown: boolean) => void;
  /** Moves the focus to the error summary. */
  focus: () => void;
  /** Says that the form could not be sent: with the server's words, or the general message. */
  notify: (text?: string) => void;
  /** The word for a ticked box in what was sent ("Yes"). */
  yes: string;
  /** Whether a submit has been refused since the form was last sent: the messages then follow the corrections. */
  attempted: { current: boolean };
  /** When the form was there to fill in (0: in the prerendered page, from its start). */
  mountedAt: { readonly current: number };
}

/** The values to check, as the form's options read them. */
function valuesOf(host: FormHost, form: HTMLFormElement): Record<string, unknown> {
  const read = readForm(form);
  return host.options.current.read?.(form, read) ?? read;
}

/** The problems the form finds beside the schema's (the order's files), field by field. */
function extraOf(host: FormHost): Record<string, FieldProblem> {
  const found: Record<string, FieldProblem> = {};
  for (const [field, problem] of Object.entries(host.options.current.extraProblems?.() ?? {})) if (problem) found[field] = problem;
  return found;
}

/** Shows these problems at their fields, in the page's language, and no others. */
function show(host: FormHost, problems: Record<string, FieldProblem>) {
  host.setErrors(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, host.text(problem)])));
}

/** After a refused submit, checks the form again as the visitor corrects it. */
export async function recheck(host: FormHost): Promise<void> {
  const form = host.ref.current;
  if (!host.attempted.current || !form) return;
  const verdict = await checkForm(host.options.current.kind, valuesOf(host, form), host.context);
  show(host, { ...(verdict.ok ? {} : verdict.problems), ...extraOf(host) });
}

/** Checks one field the visitor has just left, if the form checks it on leaving, and shows or clears its message (a blank field is left to the submit). */
export async function checkLeft(host: FormHost, target: EventTarget): Promise<void> {
  const form = host.ref.current;
  const name = (target as { name?: unknown }).name;
  if (!form || typeof name !== 'string' || !(host.options.current.checkOnLeave as readonly string[] | undefined)?.includes(name)) return;
  const values = valuesOf(host, form);
  if (values[name] === undefined) return;
  const verdict = await checkForm(host.options.current.kind, values, host.context);
  const problem = verdict.ok ? undefined : verdict.problems[name];
  host.setErrors(({ [name]: _old, ...rest }) => (problem ? { ...rest, [name]: host.text(problem) } : rest));
}

/** Checks and sends the form once, with its spam signals, and shows what became of it. */
export async function send(host: FormHost, form: HTMLFormElement): Promise<void> {
  const options = host.options.current;
  const honeypot = form.elements.namedItem('_hp');
  // The kind, the encoding and the order form's hooks (its upload's progress, the files the server refused) as the form gave them.
  const outcome = await submit({
    ...options,
    values: valuesOf(host, form),
    context: host.context,
    extraProblems: extraOf(host),
    url: `${formEndpoints[options.kind].path}?lang=${host.context.lang}`,
    spam: { _hp: honeypot instanceof HTMLInputElement ? honeypot.value : '', _elapsedMs: Math.round(performance.now() - host.mountedAt.current) },
  });
  host.attempted.current = true;
  settle(outcome, form, host);
}

/**
 * Shows an outcome: a refused submit lists its problems at the fields and in the focused error summary; a
 * sent form is read back, cleared and handed on; a failure shows the fields the server named, if any, and
 * its words (in the page's language) or the general message in a toast.
 */
export function settle(outcome: Outcome, form: HTMLFormElement, host: FormHost): void {
  if (outcome.type === 'invalid') {
    show(host, outcome.problems);
    host.setSummaryShown(true);
    host.focus();
  } else if (outcome.type === 'sent') {
    const rows = describeForm(form, host.yes, outcome.data);
    form.reset();
    host.setErrors({});
    host.setSummaryShown(false);
    host.attempted.current = false;
    host.options.current.onSuccess({ reference: outcome.reference, rows, data: outcome.data });
  } else {
    if (outcome.fields && Object.keys(outcome.fields).length > 0) {
      host.setErrors(outcome.fields);
      host.setSummaryShown(true);
      host.focus();
    }
    host.notify(outcome.error);
  }
}
