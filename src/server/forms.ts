import { isValidPhoneNumber } from 'libphonenumber-js/max';
import type * as z from 'zod/mini';
import { formSchemasWith } from '../../schemas/form-requests.ts';
import type { WeekHours } from '../../schemas/opening-hours.ts';
import { bookableFormSchemas } from '../shared/appointment-slots.ts';
import { netherlandsCalendar } from '../shared/netherlands-clock.ts';

// The forms' schemas as the server checks a submission, which has the last word: a phone number is judged
// against the full metadata, each country's number ranges. The browser judges with less (form-actions.ts).

export * from '../../schemas/form-requests.ts';

/** The site's forms by the schema that checks them, dates on the Netherlands' calendar; `formSchemasFor` binds the appointment to the opening hours. */
export const formSchemas = formSchemasWith(isValidPhoneNumber, netherlandsCalendar());

/** The appointment request, with the payload names of the specification (`POST /api/AppointmentBooking.php`). */
export const AppointmentRequest = formSchemas.appointment;
export type AppointmentRequest = z.infer<typeof AppointmentRequest>;

/** A dentist's order request; the file is checked apart, by its content (src/server/uploads.ts). */
export const OrderRequest = formSchemas.order;
export type OrderRequest = z.infer<typeof OrderRequest>;

/** The schemas the server checks a submission with: the appointment within the lab's opening hours. */
export function formSchemasFor(week: WeekHours, now?: () => Date) {
  return bookableFormSchemas(week, isValidPhoneNumber, now);
}
