import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSchemas, formSchemasFor, formShape, type FormKind } from '../../src/server/forms.ts';
import { messageVars } from '../../src/shared/field-messages.ts';
import { loadSiteIndex } from '../../src/server/site-index.ts';
import { appointment, contact, fixtureDist, orderFields, postJson, send, startApiServer, testimonial, type ApiServer, type Reply } from '../support/api.ts';
import { multipart, uploadFixture } from '../support/uploads.ts';

// Whatever a client sends, the forms API answers 2xx or 4xx, never 5xx: every field of every form is
// given values a person, a broken client or an attacker could send, and the answer must be exactly what
// the form's schema says of that value, on that field, in the visitor's language.

const {
  messages: { en: messages },
  openingHours,
} = loadSiteIndex(fixtureDist).forms;
const schemas = formSchemasFor(openingHours);
/** The field messages the API gives for a body, worked out from the schema here. */
function expectedFields(kind: FormKind, body: Record<string, unknown>): Record<string, string> | null {
  const result = schemas[kind].safeParse(body);
  if (result.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (field in fields) continue;
    const key = issue.message in messages ? issue.message : 'apiErrors.invalid';
    // As the API words it: {max} of a text that is too long, the day and its hours of an appointment.
    const vars = messageVars(issue, 'en');
    fields[field] = messages[key]!.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  }
  return fields;
}

/** A value where a form field goes: any JSON, any text (control characters, line breaks, lone surrogates), long text, or near-dates. */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '\t', '\u0000', '\u001b', '\u0085', '\u2028', '\u202e', 'é', '-', '1'), maxLength: 40 }),
  fc.string({ minLength: 90, maxLength: 5_100 }),
  fc
    .tuple(fc.integer({ min: 0, max: 12_000 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom('', 'T10:00', ' ', 'Z'))
    .map(([year, month, day, tail]) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}${tail}`),
  fc.constantFrom('', ' ', '2026-13-01', '2026-02-30', '0000-00-00', '99:99', '24:00', 'NaN', '1e400', '-0', '06-12345678\nBcc: x@evil.example'),
);

/** Any value at all, for a whole request body. */
const anyBody = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })));

const jsonForms: [FormKind, string, () => Record<string, unknown>][] = [
  ['appointment', '/api/AppointmentBooking.php', appointment],
  ['contact', '/api/contact', contact],
  ['testimonial', '/api/testimonial', testimonial],
];
const fieldsOf = (kind: FormKind) => Object.keys(formShape(formSchemas[kind]));

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer({ rateLimit: 100_000 });
});
afterAll(() => api.stop());

/** No request may make the server log an error (a stack trace), and none may answer 5xx. */
function expectNoFault(reply: Reply): void {
  expect(reply.status, reply.text).toBeLessThan(500);
  expect(api.logs.filter((line) => line.level >= 50)).toEqual([]);
}

describe('every field of every form, with any value', () => {
  it.each(jsonForms.flatMap(([kind, path, valid]) => fieldsOf(kind).map((field) => [kind, field, path, valid] as const)))(
    "%s: %s answers 200 when the schema takes the value and 400 with that field's message when not",
    async (kind, field, path, valid) => {
      await fc.assert(
        fc.asyncProperty(hostile, async (value) => {
          const body = { ...valid(), [field]: value };
          const reply = await postJson(api.port, `${path}?lang=en`, body);
          expectNoFault(reply);
          const fields = expectedFields(kind, body);
          if (fields === null) expect(reply.status).toBe(200);
          else {
            expect(reply.status).toBe(400);
            expect(Object.keys(fields)).toEqual([field]);
            expect(reply.json).toEqual({ success: false, error: messages['apiErrors.invalid'], fields });
          }
        }),
        { numRuns: 40 },
      );
    },
    120_000,
  );

  it.each(fieldsOf('order'))(
    'order: %s, sent as multipart text, is judged as the schema judges it',
    async (field) => {
      const png = uploadFixture('pixel.png');
      await fc.assert(
        fc.asyncProperty(
          hostile.filter((value): value is string => typeof value === 'string'),
          async (value) => {
            const fields = { ...orderFields(), [field]: value };
            const { body, type } = multipart(fields, [{ bytes: png, filename: 'photo.png' }]);
            const reply = await send(api.port, '/api/order?lang=en', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': body.length }, body });
            expectNoFault(reply);
            // As the server reads it: UTF-8 (a lone surrogate becomes U+FFFD), a blank field an absent one.
            const read = Buffer.from(value, 'utf8').toString('utf8');
            const sent = Object.fromEntries(Object.entries({ ...fields, [field]: read }).filter(([, text]) => text.trim() !== ''));
            const expected = expectedFields('order', sent);
            if (expected === null) expect(reply.status).toBe(200);
            else {
              expect(reply.status).toBe(400);
              expect(reply.json).toEqual({ success: false, error: messages['apiErrors.invalid'], fields: expected });
            }
          },
        ),
        { numRuns: 30 },
      );
    },
    120_000,
  );
});

describe('any request at all', () => {
  it.each(jsonForms.map(([kind, path]) => [kind, path] as const))(
    '%s: any JSON body, any bytes, any language asked for: never 5xx',
    async (_kind, path) => {
      await fc.assert(
        fc.asyncProperty(anyBody, async (body) => {
          expectNoFault(await postJson(api.port, path, body));
        }),
        { numRuns: 60 },
      );
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
          const reply = await send(api.port, path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': bytes.length }, body: Buffer.from(bytes) });
          expectNoFault(reply);
          expect(reply.status).toBe(400);
        }),
        { numRuns: 40 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
          async (lang, accept) => {
            const reply = await postJson(api.port, `${path}?lang=${encodeURIComponent(lang)}`, { _hp: '', _elapsedMs: 8_000 }, { 'Accept-Language': accept });
            expectNoFault(reply);
            expect(reply.status).toBe(400);
          },
        ),
        { numRuns: 40 },
      );
    },
    120_000,
  );
});

describe('the schemas themselves, many more cases', () => {
  it.each((Object.keys(formSchemas) as FormKind[]).flatMap((kind) => fieldsOf(kind).map((field) => [kind, field] as const)))(
    '%s: %s never throws, and refuses a value only on its own field, with a message the visitor can read',
    (kind, field) => {
      const valid = { appointment: appointment(), contact: contact(), testimonial: testimonial(), order: orderFields() }[kind];
      fc.assert(
        fc.property(hostile, (value) => {
          const result = schemas[kind].safeParse({ ...valid, [field]: value });
          if (result.success) return;
          for (const issue of result.error.issues) {
            expect(issue.path).toEqual([field]);
            // A key of content/ui.yaml, not zod's own English.
            expect(messages[issue.message], `${issue.message} for ${JSON.stringify(value)}`).toBeDefined();
            // Only a text that is too long is told a maximum.
            if (messages[issue.message]!.includes('{max}')) expect(issue.code, issue.message).toBe('too_big');
          }
        }),
        { numRuns: 1_000 },
      );
    },
  );
});
