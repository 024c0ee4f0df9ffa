import type { CountryCode } from 'libphonenumber-js';
import * as z from 'zod/mini';
import { appointmentServices } from './appointment-services.ts';
import { dueKinds, orderStages } from './order-options.ts';
import { maxTeethText, readTeeth } from './teeth.ts';

// The browser and the server check a submission with these same schemas, so they give the same
// verdict. zod/mini keeps the browser's share small; each message is a key of the UI dictionary
// (content/ui.yaml), shown in the visitor's language. How a phone number is judged is passed in: the
// server judges with the full metadata (src/server/forms.ts), the browser with the smallest, and only for
// the forms that ask for a phone (src/features/forms/form-actions.ts).

export { appointmentServices, dueKinds, orderStages };

/**
 * What day it is in the Netherlands, as the date fields are judged by it: today (YYYY-MM-DD; an earlier date is
 * refused) and the last day an appointment may be asked for. The clock is not the schemas' to keep:
 * `netherlandsCalendar` in src/shared/netherlands-clock.ts makes one, at the present or at a test's instant.
 */
export interface Calendar {
  today(): string;
  lastBookable(): string;
}

const required = 'validation.required';
const tooLong = 'validation.tooLong';

/**
 * What a one-line field (a name, a subject) may not hold: control characters, line breaks among them,
 * Unicode's line and paragraph separators, and the controls that reorder text for display. Such a value
 * ends up in a mail's header or first line, where a line break could write a line of its own.
 */
export const notOneLine = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** What no text may hold, not even a paragraph: control characters other than tab and line breaks. */
export const notText = /(?![\t\n\r])\p{Cc}/u;

/** A required line of text, trimmed; `missing` says what to fill in ("Enter your name"). */
const line = (max: number, missing: string = required) =>
  z.string(missing).check(
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(max, tooLong),
    z.refine((value) => !notOneLine.test(value), 'validation.oneLine'),
  );
/** An optional line of text, trimmed; empty counts as absent. */
const optionalLine = (max: number) =>
  z.optional(
    z.string('validation.text').check(
      z.trim(),
      z.maxLength(max, tooLong),
      z.refine((value) => !notOneLine.test(value), 'validation.oneLine'),
    ),
  );
/** A required paragraph of text, trimmed; `missing` says what to fill in. */
const text = (max: number, missing: string = required) =>
  z.string(missing).check(
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(max, tooLong),
    z.refine((value) => !notText.test(value), 'validation.characters'),
  );
/** An optional paragraph of text, trimmed; empty counts as absent. */
const optionalText = (max: number) =>
  z.optional(
    z.string('validation.text').check(
      z.trim(),
      z.maxLength(max, tooLong),
      z.refine((value) => !notText.test(value), 'validation.characters'),
    ),
  );

/**
 * A whole number from `min` to `max`, as a number or as the digits a form field sends; nothing else
 * is turned into one (`true`, `[5]` or `null` would be, by a plain coercion).
 */
const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.pipe(
      z.union([z.number(message), z.string(message).check(z.regex(/^\s*-?\d{1,6}\s*$/, message))], message),
      z.transform((value) => Number(value)),
    ),
    z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message)),
  );

/** A calendar date written YYYY-MM-DD that exists (no 30 February, no month 13). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Date turns 2026-02-30 into 2 March, so the date must read back as written.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A domain as a mail server looks it up: an internationalised one (müller.de) in its ASCII form (xn--mller-kva.de); null when it is none. */
function asciiDomain(domain: string): string | null {
  if (domain === '' || /[\s/?#@:[\]\\%]/.test(domain)) return null;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/**
 * An e-mail address as a mail server takes it (RFC 5321): a local part of at most 64 characters, and a
 * domain that may be internationalised (`ü` in it), checked in the ASCII form DNS knows it by; trimmed.
 */
function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const domain = asciiDomain(value.slice(at + 1));
  return domain !== null && domain.length <= 253 && z.regexes.email.test(`${value.slice(0, at)}@${domain}`);
}

/** An e-mail address, trimmed. */
export const Email = z.string('validation.emailMissing').check(z.trim(), z.minLength(1, 'validation.emailMissing'), z.maxLength(254, 'validation.email'), z.refine(isEmailAddress, 'validation.email'));

/** Whether a phone number can be dialled, a number without a country code read as one of `defaultCountry`: libphonenumber-js's `isValidPhoneNumber`, with one metadata or another. */
export type PhoneCheck = (text: string, defaultCountry: CountryCode) => boolean;

/** A phone number in Dutch or international form, judged by `isValidPhoneNumber`: 06-12345678, +31 6 12345678, 0031 6 12345678, +44 20 7946 0958. */
export const phoneNumber = (isValidPhoneNumber: PhoneCheck) =>
  z.string('validation.phoneMissing').check(
    z.trim(),
    z.minLength(1, 'validation.phoneMissing'),
    z.maxLength(32, 'validation.phone'),
    z.refine((value) => isValidPhoneNumber(value.replace(/^00/, '+'), 'NL'), 'validation.phone'),
  );

/** The forms with a phone field: only their schemas judge a phone number, so only they need a phone check loaded. */
export const phoneForms: readonly FormKind[] = ['appointment', 'order'];

/** The appointment request's fields, a date before `calendar`'s today or after its last bookable day refused. */
const appointmentFields = (calendar: Calendar, isValidPhoneNumber: PhoneCheck) => ({
  FullName: line(100, 'validation.nameMissing'),
  EmailAddress: Email,
  PhoneNumber: phoneNumber(isValidPhoneNumber),
  Service: z.enum(appointmentServices, 'validation.service'),
  PreferredDate: z.string('validation.date').check(
    z.refine(isCalendarDate, { message: 'validation.date', abort: true }),
    z.refine((value) => value >= calendar.today(), 'validation.datePast'),
    z.refine((value) => value <= calendar.lastBookable(), 'validation.dateTooFar'),
  ),
  PreferredTime: z.string('validation.time').check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time')),
  AdditionalMessage: optionalText(2000),
});

/** The appointment request, with the payload names of the specification (`POST /api/AppointmentBooking.php`). */
export const appointmentRequest = (isValidPhoneNumber: PhoneCheck, calendar: Calendar) => z.object(appointmentFields(calendar, isValidPhoneNumber));

/** An optional date (YYYY-MM-DD) that exists, `calendar`'s today or later. */
const futureDate = (calendar: Calendar) =>
  z.optional(
    z.string('validation.date').check(
      z.refine(isCalendarDate, { message: 'validation.date', abort: true }),
      z.refine((value) => value >= calendar.today(), 'validation.datePast'),
    ),
  );

/** The teeth as typed ("11, 21-23") or as the chart writes them: FDI numbers, read as the browser reads them (schemas/teeth.ts), kept as a sorted list. */
const teeth = z.optional(
  z.pipe(
    z.string('validation.teeth').check(
      z.maxLength(maxTeethText, tooLong),
      z.refine((value) => {
        const reading = readTeeth(value);
        return reading.ok && reading.teeth.length > 0;
      }, 'validation.teeth'),
    ),
    z.transform((value) => {
      const reading = readTeeth(value);
      return reading.ok ? reading.teeth : [];
    }),
  ),
);

/** A ticked box: `true`, or the value a form sends for it ("yes"). */
const ticked = (message: string) =>
  z.optional(
    z.pipe(
      z.union([z.literal(true), z.literal('yes')], message),
      z.transform((): true => true),
    ),
  );

/** A dentist's order request; the file is checked apart, by its content (src/server/uploads.ts). */
export const orderRequest = (isValidPhoneNumber: PhoneCheck, calendar: Calendar) =>
  z.pipe(
    z.object({
      dentistName: line(100, 'validation.dentistMissing'),
      clinicName: line(150, 'validation.clinicMissing'),
      email: Email,
      phone: phoneNumber(isValidPhoneNumber),
      serviceType: line(200, 'validation.workMissing'),
      dueDate: futureDate(calendar),
      dueKind: z.optional(z.enum(dueKinds, 'validation.dueKind')),
      teeth,
      shade: optionalLine(40),
      stage: z.optional(z.enum(orderStages, 'validation.stage')),
      pickup: ticked('validation.pickup'),
      patientName: optionalLine(100),
      patientAge: z.optional(wholeNumber(0, 120, 'validation.age')),
      additionalInfo: optionalText(3000),
    }),
    // What the date is means nothing without a date; a date says what it is, a delivery date unless told.
    z.transform((order) => ({ ...order, dueKind: order.dueDate === undefined ? undefined : (order.dueKind ?? 'delivery') })),
  );

/** A message from the contact form; every field is required. */
export const ContactRequest = z.object({
  name: line(100, 'validation.nameMissing'),
  email: Email,
  subject: line(150, 'validation.subjectMissing'),
  message: text(5000, 'validation.messageMissing'),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** A testimonial sent for review; never published without the lab's review and the visitor's consent. */
export const TestimonialRequest = z.object({
  name: line(100, 'validation.nameMissing'),
  role: line(150, 'validation.roleMissing'),
  text: text(2000, 'validation.experienceMissing'),
  rating: wholeNumber(1, 5, 'validation.rating'),
  consent: z.literal(true, 'validation.consent'),
});
export type TestimonialRequest = z.infer<typeof TestimonialRequest>;

/** The site's forms by the schema that checks them, phone numbers judged by `isValidPhoneNumber`, dates by `calendar`. */
export function formSchemasWith(isValidPhoneNumber: PhoneCheck, calendar: Calendar) {
  return { appointment: appointmentRequest(isValidPhoneNumber, calendar), contact: ContactRequest, order: orderRequest(isValidPhoneNumber, calendar), testimonial: TestimonialRequest };
}

/** The fields of a form's schema, whether it is an object or an object piped into a transform (the order's). */
export function formShape(schema: z.ZodMiniType): Record<string, z.ZodMiniType> {
  const def = schema._zod.def as { type: string; shape?: Record<string, z.ZodMiniType>; in?: z.ZodMiniType };
  if (def.type === 'pipe' && def.in) return formShape(def.in);
  return def.shape ?? {};
}

/** One of the site's forms. */
export type FormKind = keyof ReturnType<typeof formSchemasWith>;
/** What a form's schema makes of an accepted submission. */
export type FormValues<K extends FormKind> = z.output<ReturnType<typeof formSchemasWith>[K]>;
/** The fields of a form: its schema's keys, and the order form's file, which is checked by its bytes apart from the schema. */
export type FormField<K extends FormKind> = Extract<keyof FormValues<K>, string> | (K extends 'order' ? 'file' : never);

/**
 * The fields that hold the visitor's name and e-mail address, per form (a testimonial asks for no address):
 * the lab's mails, the desk's list and its search for a person's data (GDPR) all read them here.
 */
export const visitorFields: { readonly [K in FormKind]: { readonly name: Extract<keyof FormValues<K>, string>; readonly email?: Extract<keyof FormValues<K>, string> } } = {
  appointment: { name: 'FullName', email: 'EmailAddress' },
  order: { name: 'dentistName', email: 'email' },
  contact: { name: 'name', email: 'email' },
  testimonial: { name: 'name' },
};
