// Apart from the forms' schemas so the page can list the options without loading the schemas.

/** The appointment form's service options (ids sent as `Service`). */
export const appointmentServices = ['dental_implants', 'crowns_bridges', 'prosthetics', 'dental_veneers', 'orthodontics', 'digital_dentistry', 'other'] as const;
/** One of the appointment form's services. */
export type AppointmentService = (typeof appointmentServices)[number];
