import type { UiKey } from '@generated/manifest.ts';
import type { Lang } from '../../../schemas/common.ts';
import { bookableFormSchemas, phoneForms, type FormKind, type PhoneCheck } from '../../../schemas/form-requests.ts';
import type { WeekHours } from '../../../schemas/opening-hours.ts';
import { messageVars } from '../../shared/field-messages.ts';

// Loaded on a visitor's first touch of a form, not with the page: the schemas and the sending code are
// the largest part of a form, and most visitors never fill one in. The phone library comes after, and
// only for a form that asks for a phone.

export type { FormKind };
// What a form shows only after a submit comes with the rest of its sending code.
export { ErrorSummary } from './error-summary.tsx';
import { describeForm, type SentRow } from './form-sent.tsx';
export { describeForm, FormSent, type SentRow } from './form-sent.tsx';

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
  if (answer?.success === true) return { type: 'sent', reference: typeof answer.reference === 'string' && /^[0-9A-F]{4}-[0-9A-F]{4}$/.test(answer.reference) ? answer.reference : '', data: verdict.data };
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

/** What a form does with an outcome: the hooks of use-form.ts that show it. */
export interface Settle {
  show: (problems: Record<string, FieldProblem>) => void;
  setErrors: (errors: Record<string, string>) => void;
  setSummaryShown: (shown: boolean) => void;
  /** Moves the focus to the error summary. */
  focus: () => void;
  fail: (message?: string) => void;
  /** The word for a ticked box in what was sent ("Yes"). */
  yes: string;
  /** After a success, the form cleared: what was sent as the visitor read it, and the reference. */
  sent: (rows: SentRow[], reference: string, data: Record<string, unknown>) => void;
}

/**
 * Shows an outcome: a refused submit lists its problems at the fields and in the focused error summary; a
 * sent form is read back, cleared and handed on; a failure shows the fields the server named, if any, and
 * its words (in the page's language) or the general message in a toast.
 */
export function settle(outcome: Outcome, form: HTMLFormElement, hooks: Settle): void {
  if (outcome.type === 'invalid') {
    hooks.show(outcome.problems);
    hooks.setSummaryShown(true);
    hooks.focus();
  } else if (outcome.type === 'sent') {
    const rows = describeForm(form, hooks.yes);
    form.reset();
    hooks.setErrors({});
    hooks.setSummaryShown(false);
    hooks.sent(rows, outcome.reference, outcome.data);
  } else {
    if (outcome.fields && Object.keys(outcome.fields).length > 0) {
      hooks.setErrors(outcome.fields);
      hooks.setSummaryShown(true);
      hooks.focus();
    }
    hooks.fail(outcome.error);
  }
}
