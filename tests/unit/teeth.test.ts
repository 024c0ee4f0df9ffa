import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderRequest } from '../../src/server/forms.ts';
import { deciduousQuadrants, isTooth, permanentQuadrants, readTeeth, writeTeeth } from '../../schemas/teeth.ts';

// The teeth of an order: one parser in the browser (the chart and the typed list) and on the server.
// Property tests take their seed from FC_SEED when given (to replay a failure) and print it.

const seed = Number(process.env.FC_SEED ?? 25_03);
const every = [...permanentQuadrants.flat(), ...deciduousQuadrants.flat()];
const tooth = fc.constantFrom(...every);
const order = { dentistName: 'J. Bakker', clinicName: 'Tandartspraktijk Centrum', email: 'praktijk@example.nl', phone: '030 123 4567', serviceType: 'Zirconia crown' };

describe('reading teeth', () => {
  it('knows the 32 permanent and 20 milk teeth of FDI notation, and nothing else', () => {
    expect(every).toHaveLength(52);
    const all = Array.from({ length: 100 }, (_, n) => n).filter(isTooth);
    expect(all).toEqual([...every].sort((a, b) => a - b));
  });

  it('reads single teeth, lists and ranges along one arch, across the midline', () => {
    expect(readTeeth('11, 21-23')).toEqual({ ok: true, teeth: [11, 21, 22, 23] });
    expect(readTeeth('13-23')).toEqual({ ok: true, teeth: [11, 12, 13, 21, 22, 23] });
    expect(readTeeth('23 – 13')).toEqual({ ok: true, teeth: [11, 12, 13, 21, 22, 23] });
    expect(readTeeth('36;46  47')).toEqual({ ok: true, teeth: [36, 46, 47] });
    expect(readTeeth('44-34')).toEqual({ ok: true, teeth: [31, 32, 33, 34, 41, 42, 43, 44] });
    expect(readTeeth('55-62')).toEqual({ ok: true, teeth: [51, 52, 53, 54, 55, 61, 62] });
    expect(readTeeth('')).toEqual({ ok: true, teeth: [] });
  });

  it('names the first part that is no tooth or no range within one arch', () => {
    expect(readTeeth('11, 19')).toEqual({ ok: false, part: '19' });
    expect(readTeeth('16-36')).toEqual({ ok: false, part: '16-36' });
    expect(readTeeth('55-15')).toEqual({ ok: false, part: '55-15' });
    expect(readTeeth('11 and 12')).toEqual({ ok: false, part: 'and' });
    expect(readTeeth('1-2')).toEqual({ ok: false, part: '1-2' });
    expect(readTeeth('011')).toEqual({ ok: false, part: '011' });
  });

  it('writes any set of teeth so that it reads back as the same set', () => {
    fc.assert(
      fc.property(fc.uniqueArray(tooth, { maxLength: 52 }), (teeth) => {
        const written = writeTeeth(teeth);
        expect(readTeeth(written)).toEqual({ ok: true, teeth: [...teeth].sort((a, b) => a - b) });
        // Short: never more parts than teeth, each a tooth or a range within one quadrant.
        for (const part of written === '' ? [] : written.split(', ')) expect(part).toMatch(/^(\d)\d(?:-\1\d)?$/);
      }),
      { seed, numRuns: 500 },
    );
  });

  it('reads a range as every tooth between its ends along the arch, in either direction', () => {
    const sameArch = fc.tuple(tooth, tooth).filter(([a, b]) => {
      const arch = (t: number) => `${Math.floor(t / 10) <= 4 ? 'p' : 'd'}${[1, 2, 5, 6].includes(Math.floor(t / 10)) ? 'u' : 'l'}`;
      return arch(a) === arch(b);
    });
    fc.assert(
      fc.property(sameArch, ([a, b]) => {
        const forward = readTeeth(`${a}-${b}`);
        expect(forward).toEqual(readTeeth(`${b} - ${a}`));
        expect(forward.ok).toBe(true);
        if (!forward.ok) return;
        expect(forward.teeth).toContain(a);
        expect(forward.teeth).toContain(b);
        // Both ends in one quadrant: exactly the teeth between them.
        if (Math.floor(a / 10) === Math.floor(b / 10)) expect(forward.teeth).toHaveLength(Math.abs(a - b) + 1);
      }),
      { seed, numRuns: 500 },
    );
  });

  it('never throws on any text, and what it reads is always real teeth, sorted and each once', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: fc.constantFrom('1', '2', '3', '4', '5', '8', '9', '0', '-', '–', ',', ';', ' ', '\n', '\u0000', '\u202e', 'a'), maxLength: 120 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        const reading = readTeeth(value);
        if (!reading.ok) return;
        expect(reading.teeth.every(isTooth)).toBe(true);
        expect(reading.teeth).toEqual([...new Set(reading.teeth)].sort((a, b) => a - b));
      }),
      { seed, numRuns: 2000 },
    );
  });
});

describe('the order fields a lab works from, as the server checks them', () => {
  /** Any value a hostile client may put in a field: JSON of any shape, binary text, near-misses of the real values. */
  const hostile = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ unit: 'binary', maxLength: 320 }),
    fc.constantFrom('yes', 'no', 'true', 'tryIn', 'final', 'TRYIN', 'delivery', 'appointment', '2099-02-30', '2020-01-01', '2099-12-31', '11-48', '11, 21-23', '99', ' ', '\u0000'),
  );
  const fields = ['dueDate', 'dueKind', 'teeth', 'shade', 'stage', 'pickup'] as const;
  /** Values the form really sends, so that most records pass but for one or two hostile fields. */
  const good: Record<(typeof fields)[number], fc.Arbitrary<unknown>> = {
    dueDate: fc.constantFrom('2099-12-31', '2098-02-28'),
    dueKind: fc.constantFrom('delivery', 'appointment'),
    teeth: fc.constantFrom('11', '11, 21-23', '36 46', '55-62'),
    shade: fc.constantFrom('A2', '3M2', 'lighter than A1 at the incisal edge'),
    stage: fc.constantFrom('tryIn', 'final'),
    pickup: fc.constantFrom('yes', true),
  };
  const value = (field: (typeof fields)[number]) => fc.oneof({ arbitrary: good[field], weight: 3 }, { arbitrary: hostile, weight: 1 });

  it('accepts only well-formed values and keeps each as its schema says, refusing the rest by field', () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(fields.map((field) => [field, value(field)])), { requiredKeys: [] }), (values) => {
        const result = OrderRequest.safeParse({ ...order, ...values });
        if (!result.success) {
          // Refused on these fields only, never on the good ones around them.
          for (const issue of result.error.issues) expect(fields).toContain(issue.path[0]);
          return;
        }
        const data = result.data;
        if (data.dueDate !== undefined) expect(data.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(data.dueKind === undefined || (data.dueDate !== undefined && ['delivery', 'appointment'].includes(data.dueKind))).toBe(true);
        if (data.teeth !== undefined) {
          expect(data.teeth.length).toBeGreaterThan(0);
          expect(data.teeth.every(isTooth)).toBe(true);
        }
        if (data.shade !== undefined) expect(data.shade).toMatch(/^[^\p{Cc}\u2028\u2029]{0,40}$/u);
        expect([undefined, 'tryIn', 'final']).toContain(data.stage);
        expect([undefined, true]).toContain(data.pickup);
      }),
      { seed, numRuns: 1000 },
    );
  });
});
