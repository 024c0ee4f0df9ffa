import { formSchemasFor } from './forms.ts';
import { messageVars } from '../shared/field-messages.ts';
import { referenceOf } from '../shared/reference.ts';
import { DeskError, type Prepare } from './desk.ts';
import { mailsFor, translator, type MailSetup } from './submissions.ts';

// What the lab's desk needs to release a submission the server kept as suspected spam: the forms' schemas
// (with the full phone metadata) and the mails' texts. Loaded by `not-spam` alone, so every other command
// starts without them.

/**
 * Checks a submission kept as suspected spam with its form's schema, as the API would have at `now`, and
 * makes the mails it would have caused; refuses one that does not pass, naming each field's problem.
 */
export function preparer(setup: MailSetup): Prepare {
  const t = translator(setup.forms.messages.en);
  return ({ id, kind, lang, data, createdAt, now }) => {
    const result = formSchemasFor(setup.forms.openingHours, () => new Date(now))[kind].safeParse(data);
    if (!result.success) {
      const problems = result.error.issues.map((issue) => {
        const field = issue.path.map(String).join('.') || '(the form)';
        let message = issue.message;
        try {
          message = t(issue.message, messageVars(issue, 'en'));
        } catch {
          // zod's own English for a case the schema does not word.
        }
        return `${field}: ${message}`;
      });
      throw new DeskError(`${id} does not pass the ${kind} form's checks, so it cannot be sent as a submission: ${problems.join('; ')}`);
    }
    const checked = result.data as Record<string, unknown>;
    // The lab's notification says when it was received: when the server stored it, not now.
    return { data: checked, ...mailsFor(kind, checked, lang, setup, new Date(createdAt), undefined, referenceOf(id)) };
  };
}
