import type { AppointmentService } from '../../schemas/appointment-services.ts';

/** The interface string (content/ui.yaml) that names each service, in the form and in the mails. */
export const appointmentServiceLabels = {
  dental_implants: 'appointmentServices.dentalImplants',
  crowns_bridges: 'appointmentServices.crownsBridges',
  prosthetics: 'appointmentServices.prosthetics',
  dental_veneers: 'appointmentServices.dentalVeneers',
  orthodontics: 'appointmentServices.orthodontics',
  digital_dentistry: 'appointmentServices.digitalDentistry',
  other: 'appointmentServices.other',
} as const satisfies Record<AppointmentService, `appointmentServices.${string}`>;
