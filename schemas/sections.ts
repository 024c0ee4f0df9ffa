import { z } from 'zod';
import { Cta, Href, Localized, TextBlock } from './common.ts';

/** Names of the line icons the site draws; a feature picks one. */
export const iconNames = [
  'tooth',
  'crown',
  'implant',
  'denture',
  'aligner',
  'shield',
  'clock',
  'award',
  'bolt',
  'scan',
  'palette',
  'wrench',
  'megaphone',
  'headset',
  'users',
  'sparkles',
  'heart',
  'check',
  'chart',
  'camera',
  'mail',
  'search',
  'map',
  'calendar',
  'microscope',
  'truck',
] as const;
export const IconName = z.enum(iconNames).describe("One of the site's line icons.");

/** A feature, claim or offer: an icon, a heading and a short text. */
export const Feature = TextBlock.extend({
  icon: IconName.optional().describe('Optional icon shown beside the heading.'),
}).describe('A heading and text with an optional icon.');

/** A titled list of features. */
export const FeatureSection = z
  .strictObject({
    title: Localized.describe('Section heading.'),
    intro: Localized.optional().describe('Optional sentence under the heading.'),
    items: z.array(Feature).min(1).describe('The features, in order.'),
  })
  .describe('A section of features.');

/** A closing call to action with one or two buttons. */
export const CtaSection = z
  .strictObject({
    title: Localized.describe('Heading of the call to action.'),
    text: Localized.describe('One or two sentences.'),
    primary: Cta.describe('The main button.'),
    secondary: Cta.optional().describe('An optional second button.'),
  })
  .describe('A call-to-action banner.');

/** Heading and introduction above a form; the fields themselves are interface strings. */
export const FormIntro = z
  .strictObject({
    title: Localized.describe('Heading above the form.'),
    intro: Localized.describe('A sentence or two on what happens with the request.'),
  })
  .describe('Heading and introduction of a form.');

/** A link back to a list page, used under sections that preview it. */
export const SectionLink = Cta.describe('A link to the full list (e.g. all articles).');

export { Href };
