import { isValidPhoneNumber } from 'libphonenumber-js/max';
import * as z from 'zod/mini';
import { appointmentServices } from './appointment-services.ts';

// The browser and the server check a submission with these same schemas, so they give the same
// verdict. zod/mini keeps the browser's share small; each message is a key of the UI dictionary
// (content/ui.yaml), shown in the visitor's language.

export { appointmentServices };

/** Today's date in the Netherlands as YYYY-MM-DD: a preferred date before it is refused. */
export function todayInNetherlands(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const required = 'validation.required';
const tooLong = 'validation.tooLong';

/** A required line or paragraph of text, trimmed. */
const text = (max: number) => z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));
/** An optional text, trimmed; empty counts as absent. */
const optionalText = (max: number) => z.optional(z.string(tooLong).check(z.trim(), z.maxLength(max, tooLong)));

/** An e-mail address, trimmed. */
export const Email = z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(254, 'validation.email'), z.regex(z.regexes.email, 'validation.email'));

/** A phone number in Dutch or international form: 06-12345678, +31 6 12345678, 0031 6 12345678, +44 20 7946 0958. */
export const Phone = z.string(required).check(
  z.trim(),
  z.minLength(1, required),
  z.maxLength(32, 'validation.phone'),
  z.refine((value) => isValidPhoneNumber(value.replace(/^00/, '+'), 'NL'), 'validation.phone'),
);

/** The appointment request, with the payload names of the specification (`POST /api/AppointmentBooking.php`). */
export const AppointmentRequest = z.object({
  FullName: text(100),
  EmailAddress: Email,
  PhoneNumber: Phone,
  Service: z.enum(appointmentServices, 'validation.service'),
  PreferredDate: z.string('validation.date').check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
    // Date.parse turns 2026-02-30 into 2 March, so the date must read back as written.
    z.refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'validation.date'),
    z.refine((value) => value >= todayInNetherlands(), 'validation.datePast'),
  ),
  PreferredTime: z.string('validation.time').check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time')),
  AdditionalMessage: optionalText(2000),
});
export type AppointmentRequest = z.infer<typeof AppointmentRequest>;

/** A dentist's order request; the file is checked apart, by its content (src/server/uploads.ts). */
export const OrderRequest = z.object({
  dentistName: text(100),
  clinicName: text(150),
  email: Email,
  phone: Phone,
  serviceType: text(200),
  patientName: optionalText(100),
  patientAge: z.optional(z.coerce.number('validation.age').check(z.int('validation.age'), z.gte(0, 'validation.age'), z.lte(120, 'validation.age'))),
  additionalInfo: optionalText(3000),
});
export type OrderRequest = z.infer<typeof OrderRequest>;

/** A message from the contact form; every field is required. */
export const ContactRequest = z.object({
  name: text(100),
  email: Email,
  subject: text(150),
  message: text(5000),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** A testimonial sent for review; never published without the lab's review and the visitor's consent. */
export const TestimonialRequest = z.object({
  name: text(100),
  role: text(150),
  text: text(2000),
  rating: z.coerce.number('validation.rating').check(z.int('validation.rating'), z.gte(1, 'validation.rating'), z.lte(5, 'validation.rating')),
  consent: z.literal(true, 'validation.consent'),
});
export type TestimonialRequest = z.infer<typeof TestimonialRequest>;

/** The site's forms by the schema that checks them, as the browser and the server both use them. */
export const formSchemas = { appointment: AppointmentRequest, contact: ContactRequest, order: OrderRequest, testimonial: TestimonialRequest };
/** One of the site's forms. */
export type FormKind = keyof typeof formSchemas;
/** What a form's schema makes of an accepted submission. */
export type FormValues<K extends FormKind> = z.output<(typeof formSchemas)[K]>;
/** The fields of a form: its schema's keys, and the order form's file, which is checked by its bytes apart from the schema. */
export type FormField<K extends FormKind> = Extract<keyof FormValues<K>, string> | (K extends 'order' ? 'file' : never);
