/** Rules of a file's schema (schemas/): what validate.ts reports from zod's issues, and the custom rules the schemas raise. */
import { defineRules } from './spec.ts';

const mismatch = (what: string) => ({ severity: 'error', description: `The file does not match its schema: ${what}.` }) as const;

export const rules = defineRules({
  'schema/unknown-key': mismatch('a key the schema does not know (with the key that was probably meant)'),
  'schema/missing-key': mismatch('a required key is missing, with what belongs there'),
  'schema/invalid-type': mismatch('a value of the wrong type (a text where a number belongs)'),
  'schema/invalid-value': mismatch('a value that is not one of those allowed (with the closest allowed one)'),
  'schema/invalid-format': mismatch('a text that is not in its format (a date, an e-mail address, a path)'),
  'schema/invalid-key': mismatch('a key of a map that is not allowed there'),
  'schema/too-few': mismatch('too few items, or a text too short'),
  'schema/too-many': mismatch('too many items, or a text too long'),
  'schema/count': mismatch('a list whose number of items is outside what its section shows (4 to 7 benefits)'),
  'photo/consent': {
    severity: 'error',
    description:
      'A photograph of a person or a patient (`shows: person` or `patient`) without recorded consent (who, when, for what, where the form is kept), with a consent that does not cover the website, or with a consent dated in the future.',
  },
});
