import type { FormKind } from './form-requests.ts';

// Where each form is sent and which of its fields name the visitor: one table the browser's forms, the
// server's API and the lab's desk all read. Plain data, no zod, so a form's page loads it without the schemas.

/** A form's endpoint: its path, how its body comes, and the page (below the language) whose form posts to it. */
export interface FormEndpoint {
  path: string;
  body: 'json' | 'multipart';
  page: string;
}

/** Each form's endpoint; the page's language is added as `?lang=`. */
export const formEndpoints = {
  appointment: { path: '/api/AppointmentBooking.php', body: 'json', page: '/appointment' },
  contact: { path: '/api/contact', body: 'json', page: '/contact' },
  testimonial: { path: '/api/testimonial', body: 'json', page: '/testimonials' },
  order: { path: '/api/order', body: 'multipart', page: '/for-doctors' },
} as const satisfies { [K in FormKind]: FormEndpoint };
