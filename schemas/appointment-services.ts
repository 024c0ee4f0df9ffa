// Apart from schemas/forms.ts so the page can list the options without loading the schemas.

/** The appointment form's service options (ids sent as `Service`); labels are `appointmentServices.*` strings. */
export const appointmentServices = ['dental_implants', 'crowns_bridges', 'prosthetics', 'dental_veneers', 'orthodontics', 'digital_dentistry', 'other'] as const;
