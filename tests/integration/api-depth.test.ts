import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLimits } from '../../src/server/api.ts';
import { appointment, contact, orderFields, postJson, startApiServer, testimonial, type ApiServer } from '../support/api.ts';
import { postOrder, uploadFixture } from '../support/uploads.ts';

// Whatever the nesting of what a client sends, no endpoint answers 5xx or logs an error: a body is
// bounded in depth and size before anything recurses over it (parsing, checking, storing a bot's body
// as suspected spam). Nesting from 1 to 100,000 levels, as arrays or objects, as the whole body or
// in a field, with the honeypot filled (the spam path) or not.

const jsonForms: [string, () => Record<string, unknown>][] = [
  ['/api/AppointmentBooking.php', appointment],
  ['/api/contact', contact],
  ['/api/testimonial', testimonial],
];

/** `depth` levels of arrays or of objects around a string, as JSON text built without recursion. */
function nested(depth: number, shape: 'array' | 'object'): string {
  return shape === 'array' ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
}

/** Depths from 1 to 100,000, the edges around the limit and the stack's usual breaking points among them. */
const depth = fc.oneof(
  fc.integer({ min: 1, max: 100_000 }),
  // What still fits in a body: where the stack gives way (from some 4,000 levels).
  fc.integer({ min: 1, max: 16_000 }),
  fc.integer({ min: 1, max: 64 }),
  fc.constantFrom(8 - 1, 8, 8 + 1, 1_000, 5_000, 10_000, 16_000, 100_000),
);

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer({ rateLimit: 100_000 });
});
afterAll(() => api.stop());

function expectNoFault(status: number, text: string): void {
  expect(status, text).toBeLessThan(500);
  expect(api.logs.filter((line) => line.level >= 50)).toEqual([]);
}

describe('nesting from 1 to 100,000 levels', () => {
  it.each(jsonForms)(
    '%s answers 2xx or 4xx, never 5xx nor an error in the log, spam path included',
    async (path, valid) => {
      await fc.assert(
        fc.asyncProperty(depth, fc.constantFrom<'array' | 'object'>('array', 'object'), fc.constantFrom<'body' | 'field'>('body', 'field'), fc.boolean(), async (levels, shape, where, spam) => {
          const form = JSON.stringify({ ...valid(), ...(spam ? { _hp: 'http://spam.example' } : {}) });
          // In a field of its own beside the form's, or the whole form inside the nesting.
          const text = where === 'field' ? form.replace(/^\{/, `{"note":${nested(levels, shape)},`) : nested(levels, shape).replace('"x"', form);
          const reply = await postJson(api.port, `${path}?lang=en`, text);
          expectNoFault(reply.status, reply.text);
          const bytes = Buffer.byteLength(text);
          if (bytes > apiLimits.jsonBytes) expect(reply.status).toBe(413);
          // Deeper than a form is ever sent: refused as malformed, whatever the honeypot says.
          else if (levels + (where === 'field' ? 1 : 0) > apiLimits.jsonDepth) expect(reply.status).toBe(400);
          // The form inside the nesting is no form: malformed (an array) or without its fields.
          else if (where === 'body') expect(reply.status).toBe(400);
          else if (spam) expect(reply.status).toBe(200);
          else expect([200, 400]).toContain(reply.status);
        }),
        {
          seed: 27_4,
          numRuns: 80,
          examples: [
            [5_000, 'array', 'field', true],
            [4_500, 'object', 'field', true],
            [10_000, 'array', 'field', false],
          ],
        },
      );
    },
    240_000,
  );

  it('the order form answers 2xx or 4xx for nested text in any field, spam path included', async () => {
    await fc.assert(
      fc.asyncProperty(depth, fc.constantFrom<'array' | 'object'>('array', 'object'), fc.boolean(), async (levels, shape, spam) => {
        const text = nested(levels, shape);
        const reply = await postOrder(api.port, orderFields({ additionalInfo: text, ...(spam ? { _hp: 'x' } : {}) }), [{ filename: 'scan.pdf', bytes: uploadFixture('drawing.pdf') }]);
        expectNoFault(reply.status, reply.text);
        if (Buffer.byteLength(text) > apiLimits.fieldBytes) expect(reply.status).toBe(413);
        else if (spam) expect(reply.status).toBe(200);
        else expect([200, 400]).toContain(reply.status);
      }),
      { seed: 27_5, numRuns: 25 },
    );
  }, 240_000);
});
