// The choices of the order form, apart from its schema so the form's first load carries them without zod.

/** What the date an order gives is: the delivery the dentist wants, or the patient's next appointment. */
export const dueKinds = ['delivery', 'appointment'] as const;
/** The stage the work is to be made to: a try-in (pasbeurt) or final. */
export const orderStages = ['tryIn', 'final'] as const;
