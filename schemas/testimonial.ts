import { z } from 'zod';
import { Image, Localized, Slug } from './common.ts';

/** One published testimonial (`content/testimonials/<id>.yaml`). */
export const Testimonial = z
  .strictObject({
    id: Slug.describe("The testimonial's id and file name."),
    name: z.string().min(1).describe('Name of the person, as they agreed to be shown.'),
    role: Localized.describe('Their role or clinic, e.g. "Dentist, Utrecht".'),
    text: Localized.describe('What they said.'),
    image: Image.optional().describe('Optional portrait (an illustration unless a real photo was given with consent).'),
    author: z
      .enum(['professional', 'patient'])
      .default('professional')
      .describe(
        'Who wrote it: "professional" (a dentist, implantologist or tandprotheticus: shown without stars, since professionals do not rate a lab by stars) or "patient" (shown with the rating).',
      ),
    rating: z.number().int().min(1).max(5).default(5).describe("Stars, 1 to 5; shown on a patient's testimonial only."),
    sample: z.boolean().default(false).describe('true for an example the lab has not confirmed: a preview shows it, a release build leaves it out (decision 23).'),
  })
  .describe('A testimonial.');
export type Testimonial = z.infer<typeof Testimonial>;
