import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { load } from 'js-yaml';
import { getCountries, getExampleNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';
import metadata from 'libphonenumber-js/metadata.max.json';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { formSchemasWith, formShape, phoneForms, phoneNumber, type FormKind } from '../../schemas/form-requests.ts';
import { AppointmentRequest, ContactRequest, OrderRequest, TestimonialRequest } from '../../src/server/forms.ts';
import { netherlandsCalendar, todayInNetherlands } from '../../src/shared/netherlands-clock.ts';
import { checkForm } from '../../src/features/forms/form-actions.ts';
import { dateFromBoxes } from '../../src/features/forms/date-parts.ts';
import { isValidPhoneNumber as browserPhoneCheck } from '../../src/features/forms/phone-check.ts';
import { projectRoot } from '../support/fixtures.ts';

/** The field errors of a failed check, as `field: message key`. */
function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] {
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const tomorrow = (() => {
  const d = new Date(`${todayInNetherlands()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();

const appointment = {
  FullName: 'Anna de Vries',
  EmailAddress: 'anna@example.nl',
  PhoneNumber: '06-12345678',
  Service: 'crowns_bridges',
  PreferredDate: tomorrow,
  PreferredTime: '10:30',
  AdditionalMessage: '',
};

describe('the appointment request', () => {
  it("accepts the specification's payload and trims the text", () => {
    const result = AppointmentRequest.safeParse({ ...appointment, FullName: '  Anna de Vries ' });
    expect(errors(result)).toEqual([]);
    expect(result.data?.FullName).toBe('Anna de Vries');
  });

  it('requires every field but the message, naming each one with what to fill in', () => {
    expect(errors(AppointmentRequest.safeParse({}))).toEqual([
      'FullName: validation.nameMissing',
      'EmailAddress: validation.emailMissing',
      'PhoneNumber: validation.phoneMissing',
      'Service: validation.service',
      'PreferredDate: validation.date',
      'PreferredTime: validation.time',
    ]);
  });

  it.each(['06-12345678', '0612345678', '+31 6 12345678', '0031 6 12345678', '020 123 4567', '+44 20 7946 0958'])('accepts the phone number %s', (phone) => {
    expect(errors(AppointmentRequest.safeParse({ ...appointment, PhoneNumber: phone }))).toEqual([]);
  });

  it.each(['12345', '06-1234567', 'call me', '+31 6 1234567890123'])('refuses the phone number %s', (phone) => {
    expect(errors(AppointmentRequest.safeParse({ ...appointment, PhoneNumber: phone }))).toEqual(['PhoneNumber: validation.phone']);
  });

  it('refuses a date in the past, accepts today, and refuses a date that does not exist', () => {
    expect(errors(AppointmentRequest.safeParse({ ...appointment, PreferredDate: '2020-01-06' }))).toEqual(['PreferredDate: validation.datePast']);
    expect(errors(AppointmentRequest.safeParse({ ...appointment, PreferredDate: todayInNetherlands() }))).toEqual([]);
    expect(errors(AppointmentRequest.safeParse({ ...appointment, PreferredDate: '2099-02-30' }))).toEqual(['PreferredDate: validation.date']);
  });

  it('refuses an unknown service, a bad e-mail, a bad time and an overlong message', () => {
    expect(errors(AppointmentRequest.safeParse({ ...appointment, Service: 'whitening', EmailAddress: 'anna@', PreferredTime: '25:00', AdditionalMessage: 'x'.repeat(2001) }))).toEqual([
      'EmailAddress: validation.email',
      'Service: validation.service',
      'PreferredTime: validation.time',
      'AdditionalMessage: validation.tooLong',
    ]);
  });

  it('knows today in the Netherlands, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    expect(todayInNetherlands(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('the appointment request in the browser, within the opening hours', () => {
  const site = load(readFileSync(join(projectRoot, 'content', 'site.yaml'), 'utf8')) as { openingHours: { opens?: string; closes?: string }[] };
  /** The first such weekday (0 Sunday .. 6 Saturday) more than a week from today in the Netherlands: within the year an appointment may be asked for. */
  const next = (weekday: number) => {
    const day = new Date(`${todayInNetherlands()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 8);
    while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
    return day.toISOString().slice(0, 10);
  };
  const [saturday, friday, monday] = [next(6), next(5), next(1)];
  const check = (lang: 'en' | 'nl', PreferredDate: string, PreferredTime: string) => checkForm('appointment', { ...appointment, PreferredDate, PreferredTime }, { lang, hours: site.openingHours });

  it("names the closed day in the page's language, as a sentence writes it", async () => {
    expect(await check('en', saturday, '22:00')).toEqual({ ok: false, problems: { PreferredDate: { key: 'validation.dayClosed', vars: { date: saturday, day: 'Saturday' } } } });
    expect(await check('nl', saturday, '22:00')).toEqual({ ok: false, problems: { PreferredDate: { key: 'validation.dayClosed', vars: { date: saturday, day: 'zaterdag' } } } });
  });

  it('names the hours of the day and the last start, a quarter before closing', async () => {
    expect(await check('nl', friday, '16:30')).toEqual({
      ok: false,
      problems: { PreferredTime: { key: 'validation.timeOutsideHours', vars: { date: friday, day: 'vrijdag', opens: '08:30', closes: '16:30', last: '16:15' } } },
    });
    expect(await check('en', friday, '08:29')).toMatchObject({ ok: false, problems: { PreferredTime: { key: 'validation.timeOutsideHours' } } });
    expect((await check('en', friday, '16:15')).ok).toBe(true);
    expect((await check('en', monday, '18:15')).ok).toBe(true);
  });

  it('names a closed day at once, beside the fields still empty', async () => {
    const verdict = await checkForm('appointment', { PreferredDate: saturday }, { lang: 'en', hours: site.openingHours });
    expect(verdict.ok ? [] : Object.keys(verdict.problems)).toEqual(['FullName', 'EmailAddress', 'PhoneNumber', 'Service', 'PreferredTime', 'PreferredDate']);
    expect(verdict.ok ? undefined : verdict.problems.PreferredDate?.key).toBe('validation.dayClosed');
  });
});

describe('a date typed in day, month and year boxes', () => {
  const order = { dentistName: 'J. Bakker', clinicName: 'Tandartspraktijk Centrum', email: 'praktijk@example.nl', phone: '030 123 4567', serviceType: 'Zirconia crown 16' };
  const box = (digits: fc.Arbitrary<string>) =>
    fc.oneof(
      digits,
      digits.map((text) => ` ${text} `),
      fc.string({ maxLength: 6 }),
      fc.constantFrom('', '0', '00', '１２', '1e1', '0x1', '-1', '1.5', '3\n'),
    );

  it('makes a date the order takes only when the boxes name that very date, whatever is typed in them (seeded)', () => {
    const days = box(fc.integer({ min: 0, max: 40 }).map(String));
    const months = box(fc.integer({ min: 0, max: 14 }).map(String));
    const years = box(fc.integer({ min: 2020, max: 2040 }).map(String));
    fc.assert(
      fc.property(days, months, years, (day, month, year) => {
        const made = dateFromBoxes(day, month, year);
        if (!day.trim() && !month.trim() && !year.trim()) return made === '';
        const taken = OrderRequest.safeParse({ ...order, dueDate: made });
        if (!taken.success) return true;
        const date = new Date(`${made}T00:00:00Z`);
        return date.getUTCFullYear() === Number(year) && date.getUTCMonth() + 1 === Number(month) && date.getUTCDate() === Number(day);
      }),
      { seed: 25, numRuns: 5000 },
    );
  });

  it('reads 2 3 2030 as 2 March, padded, and leaves nothing when the boxes are blank', () => {
    expect(dateFromBoxes('2', '3', '2030')).toBe('2030-03-02');
    expect(dateFromBoxes(' 02 ', '03', '2030')).toBe('2030-03-02');
    expect(dateFromBoxes(' ', '', '')).toBe('');
    expect(OrderRequest.safeParse({ ...order, dueDate: dateFromBoxes('31', '2', '2030') }).success).toBe(false);
  });
});

describe("the dentist's order request", () => {
  const order = { dentistName: 'J. Bakker', clinicName: 'Tandartspraktijk Centrum', email: 'praktijk@example.nl', phone: '030 123 4567', serviceType: 'Zirconia crown 16' };

  it('needs the dentist, clinic, e-mail, phone and service type, each named; the rest is optional', () => {
    expect(errors(OrderRequest.safeParse(order))).toEqual([]);
    expect(errors(OrderRequest.safeParse({ ...order, patientName: 'AB-1234', patientAge: '54', additionalInfo: 'Shade A2' }))).toEqual([]);
    expect(errors(OrderRequest.safeParse({}))).toEqual([
      'dentistName: validation.dentistMissing',
      'clinicName: validation.clinicMissing',
      'email: validation.emailMissing',
      'phone: validation.phoneMissing',
      'serviceType: validation.workMissing',
    ]);
  });

  it('takes what a lab works from: the date needed and what it is, the teeth, the shade, the stage and a pickup', () => {
    const future = '2099-03-18';
    const full = { ...order, dueDate: future, dueKind: 'appointment', teeth: '11, 21-23', shade: 'A3.5', stage: 'tryIn', pickup: 'yes' };
    expect(OrderRequest.safeParse(full).data).toMatchObject({ dueDate: future, dueKind: 'appointment', teeth: [11, 21, 22, 23], shade: 'A3.5', stage: 'tryIn', pickup: true });
    // A date is a delivery date unless said otherwise; what a date is means nothing without one.
    expect(OrderRequest.safeParse({ ...order, dueDate: future }).data?.dueKind).toBe('delivery');
    expect(OrderRequest.safeParse({ ...order, dueKind: 'appointment' }).data?.dueKind).toBeUndefined();
    expect(errors(OrderRequest.safeParse({ ...order, dueDate: '2020-01-06', dueKind: 'later', teeth: '19', stage: 'done', pickup: 'no' }))).toEqual([
      'dueDate: validation.datePast',
      'dueKind: validation.dueKind',
      'teeth: validation.teeth',
      'stage: validation.stage',
      'pickup: validation.pickup',
    ]);
    expect(errors(OrderRequest.safeParse({ ...order, teeth: ' , ' }))).toEqual(['teeth: validation.teeth']);
    expect(errors(OrderRequest.safeParse({ ...order, teeth: '16-36' }))).toEqual(['teeth: validation.teeth']);
    expect(errors(OrderRequest.safeParse({ ...order, shade: 'A2\nBcc: x@evil.example' }))).toEqual(['shade: validation.oneLine']);
  });

  it('reads the patient age from a form field and refuses one that is no age', () => {
    expect(OrderRequest.safeParse({ ...order, patientAge: '54' }).data?.patientAge).toBe(54);
    expect(errors(OrderRequest.safeParse({ ...order, patientAge: '121' }))).toEqual(['patientAge: validation.age']);
    expect(errors(OrderRequest.safeParse({ ...order, patientAge: 'old' }))).toEqual(['patientAge: validation.age']);
  });
});

describe('the contact and testimonial forms', () => {
  it('needs all four contact fields', () => {
    expect(errors(ContactRequest.safeParse({ name: 'Anna', email: 'anna@example.nl', subject: 'Question', message: 'Hello' }))).toEqual([]);
    expect(errors(ContactRequest.safeParse({ name: ' ', email: 'anna@example.nl', subject: 'Question' }))).toEqual(['name: validation.nameMissing', 'message: validation.messageMissing']);
  });

  it('needs a rating from 1 to 5 and consent to publish', () => {
    const testimonial = { name: 'Anna', role: 'Patient', text: 'Very good.', rating: 5, consent: true };
    expect(errors(TestimonialRequest.safeParse(testimonial))).toEqual([]);
    expect(errors(TestimonialRequest.safeParse({ ...testimonial, rating: 6, consent: false }))).toEqual(['rating: validation.rating', 'consent: validation.consent']);
    expect(errors(TestimonialRequest.safeParse({ ...testimonial, rating: 0 }))).toEqual(['rating: validation.rating']);
  });
});

describe("the browser's phone check", () => {
  const server = AppointmentRequest.shape.PhoneNumber;
  const browser = phoneNumber(browserPhoneCheck);
  const accepts = (schema: typeof server, text: string) => z.safeParse(schema, text).success;
  /** A number as a visitor may write it: +31612345678, +31 6 12345678, 0031612345678, and a Dutch one as 06 12345678. */
  const writings = (e164: string) => {
    const number = parsePhoneNumberWithError(e164);
    return [number.number, number.formatInternational(), `00${number.number.slice(1)}`, ...(number.country === 'NL' ? [number.formatNational(), `0${number.nationalNumber}`] : [])];
  };

  it.each(getCountries())("accepts %s's example mobile number however it is written, as the server does", (country) => {
    const example = getExampleNumber(country, examples);
    if (!example) return;
    for (const text of writings(example.number)) {
      expect(accepts(server, text), text).toBe(true);
      expect(accepts(browser, text), text).toBe(true);
    }
  });

  // Every number range of the full metadata (fixed line, mobile, toll-free, ...) of every country and non-geographic code.
  type Plan = [string, ...unknown[]];
  const ranges = [...Object.values(metadata.countries), ...Object.values(metadata.nonGeographic)].flatMap((plan) => {
    const [callingCode, , , , , , , , , , , types] = plan as Plan;
    return ((types ?? []) as ([string] | 0)[]).flatMap((type) => (type && type[0] ? [fc.stringMatching(new RegExp(`^(?:${type[0]})$`)).map((national) => `+${callingCode}${national}`)] : []));
  });

  it('accepts any number the server accepts, from every range of every country', () => {
    expect(ranges.length).toBeGreaterThan(1000);
    const numbers = fc
      .oneof(...ranges)
      .filter((e164) => accepts(server, e164))
      .chain((e164) => fc.constantFrom(...writings(e164)));
    fc.assert(
      fc.property(numbers, (text) => accepts(server, text) === false || accepts(browser, text)),
      { numRuns: 3000 },
    );
  });

  it('is needed by exactly the forms with a phone field', () => {
    const check = vi.fn(() => true);
    const judgesAPhone = (kind: FormKind) =>
      Object.values(formShape(formSchemasWith(check, netherlandsCalendar())[kind])).some((field) => {
        check.mockClear();
        z.safeParse(field, '+31 6 12345678');
        return check.mock.calls.length > 0;
      });
    expect((['appointment', 'contact', 'order', 'testimonial'] as const).filter(judgesAPhone)).toEqual([...phoneForms].sort());
  });
});

describe('the messages', () => {
  it('are all interface strings in both languages', () => {
    const source = ['form-requests.ts', 'opening-hours.ts'].map((file) => readFileSync(join(projectRoot, 'schemas', file), 'utf8')).join('\n');
    const keys = [...new Set([...source.matchAll(/'(validation\.\w+)'/g)].map((m) => m[1]!))];
    const ui = load(readFileSync(join(projectRoot, 'content', 'ui.yaml'), 'utf8')) as Record<string, Record<string, { en: string; nl: string }>>;
    expect(keys.length).toBeGreaterThan(8);
    for (const key of keys) {
      const [group, name] = key.split('.') as [string, string];
      expect(typeof ui[group]?.[name]?.en, key).toBe('string');
      expect(typeof ui[group]?.[name]?.nl, key).toBe('string');
    }
  });
});
