import { z } from 'zod';
import { Localized } from './common.ts';

/**
 * What a photograph shows, which decides whether it needs consent: the lab's work (on a model, in the
 * hand, on the bench) and the lab's rooms need none; a person (a team member, anyone recognisable) and a
 * patient (a patient's mouth, smile or face) need the consent of the one shown.
 */
export const photoSubjects = ['work', 'premises', 'person', 'patient'] as const;
/** The subjects a photograph may show only with the consent of the one shown. */
export const subjectsNeedingConsent: readonly (typeof photoSubjects)[number][] = ['person', 'patient'];
/** What a consent covers; a photograph on the site needs "website". */
export const consentUses = ['website', 'social-media', 'print'] as const;

/** The consent of the person shown (or a patient's parent or guardian), as the lab recorded it. */
export const PhotoConsent = z
  .strictObject({
    by: z.string().trim().min(1).describe('Who gave consent, as on the signed form: the person shown, or for a child the parent or guardian ("J. de Vries, parent").'),
    date: z.iso.date('write the date as YYYY-MM-DD').describe('The day consent was given (YYYY-MM-DD); not in the future.'),
    for: z.array(z.enum(consentUses)).min(1).describe('What the photograph may be used for: website, social-media, print. A photograph on the site needs "website".'),
    record: z.string().trim().min(1).describe('Where the signed consent is kept, so it can be found when it is withdrawn ("consent form 2026-014, lab office").'),
  })
  .describe('The consent of the person shown, recorded; a photograph of a person or a patient is refused without it.');
export type PhotoConsent = z.infer<typeof PhotoConsent>;

/**
 * A photograph from `src/assets/images/` (JPEG, PNG, WebP or AVIF, at least as wide as its widest
 * size on the site): the build makes AVIF, WebP and JPEG files of it at several widths, cropped for each
 * width around `focus`.
 */
export const Photo = z
  .strictObject({
    src: z
      .string()
      .regex(
        /^(?!.*(?:^|\/)\.\.(?:\/|$))[a-z0-9][a-z0-9/_.-]*\.(png|jpe?g|webp|avif)$/,
        'give the path of a photograph (JPEG, PNG, WebP or AVIF) inside src/assets/images/ (without ".." to climb out of it), e.g. "photos/zirconia-bridge.jpg"',
      )
      .describe('Path of the original photograph inside `src/assets/images/` (e.g. `photos/zirconia-bridge.jpg`); the build makes every size and format from it.'),
    alt: Localized.describe('What the photograph shows, for screen readers and when it fails to load: the work, the material, the person.'),
    credit: z.string().trim().min(1).describe('Who took the photograph, as it is credited under it ("Studio Jansen", "the lab").'),
    shows: z
      .enum(photoSubjects)
      .describe('What it shows: "work" (on a model, in the hand) or "premises" need no consent; "person" (anyone recognisable) and "patient" (a patient\'s mouth or face) need `consent`.'),
    consent: PhotoConsent.optional().describe('Required when it shows a person or a patient.'),
    focus: z
      .strictObject({
        x: z.number().min(0).max(100).describe('From the left edge, in percent.'),
        y: z.number().min(0).max(100).describe('From the top edge, in percent.'),
      })
      .optional()
      .describe('The point every crop keeps in view (the work, a face), in percent of the width and height; the centre when left out.'),
  })
  .superRefine((photo, ctx) => {
    const needs = subjectsNeedingConsent.includes(photo.shows);
    if (needs && !photo.consent) {
      ctx.addIssue({
        code: 'custom',
        path: ['consent'],
        params: { rule: 'photo/consent' },
        message: `a photograph of a ${photo.shows} is published only with consent: record who consented, when, for what and where the form is kept`,
      });
    }
    if (needs && photo.consent && !photo.consent.for.includes('website')) {
      ctx.addIssue({ code: 'custom', path: ['consent', 'for'], params: { rule: 'photo/consent' }, message: 'the consent does not cover the website, so the photograph cannot be shown here' });
    }
    // A date is compared as written: ISO dates sort as text.
    if (photo.consent && photo.consent.date > new Date().toISOString().slice(0, 10)) {
      ctx.addIssue({ code: 'custom', path: ['consent', 'date'], params: { rule: 'photo/consent' }, message: `the consent is dated ${photo.consent.date}, in the future` });
    }
  })
  .describe('A photograph with its alternative text, credit and, for a person or a patient, consent.');
export type Photo = z.infer<typeof Photo>;

/** A case study: one piece of work, what the dentist asked and what the lab did, with its photographs. */
export const CaseStudy = z
  .strictObject({
    title: Localized.describe('What the case is, in a few words ("Three-unit zirconia bridge, 14 to 16").'),
    material: Localized.describe('The material and how it was made ("Multilayer 4Y zirconia, monolithic, stained and glazed").'),
    asked: Localized.describe('What the dentist asked for: the situation and the wish.'),
    done: Localized.describe('What the lab did, and how it turned out.'),
    photos: z.array(Photo).min(1).max(4).describe('One to four photographs of the work (on the model, in the hand, in the mouth with consent); the first is shown largest.'),
  })
  .describe('A case study with real photographs.');
export type CaseStudy = z.infer<typeof CaseStudy>;
