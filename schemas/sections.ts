import { z } from 'zod';
import { Cta, Href, Image, Localized, TextBlock } from './common.ts';

/** Names of the line icons the site draws; a feature picks one. */
export const iconNames = [
  'tooth', 'crown', 'implant', 'denture', 'aligner', 'shield', 'clock', 'award', 'bolt', 'scan',
  'palette', 'wrench', 'megaphone', 'headset', 'users', 'sparkles', 'heart', 'check', 'chart',
  'camera', 'mail', 'search', 'map', 'calendar', 'microscope', 'truck',
] as const;
export const IconName = z.enum(iconNames).describe('One of the site\'s line icons.');

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

/** A hero carousel slide: image, self-hosted video or a YouTube video that loads only on request. */
export const Slide = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('image').describe('A picture slide.'),
      image: Image.describe('The background picture.'),
      title: Localized.describe('Slide heading.'),
      description: Localized.describe('Slide text.'),
      cta: Cta.describe('The slide\'s button (book now).'),
    })
    .describe('A slide with a background picture.'),
  z
    .strictObject({
      type: z.literal('video').describe('A self-hosted video slide.'),
      video: z
        .string()
        .regex(/^[a-z0-9][a-z0-9/_.-]*\.(mp4|webm)$/, 'give a path inside src/assets/videos/, e.g. "lab.mp4"')
        .describe('A muted looping video file in `src/assets/videos/`.'),
      image: Image.describe('The poster picture, shown before the video plays and under reduced motion.'),
      title: Localized.describe('Slide heading.'),
      description: Localized.describe('Slide text.'),
      cta: Cta.describe('The slide\'s button.'),
    })
    .describe('A slide with a self-hosted video.'),
  z
    .strictObject({
      type: z.literal('youtube').describe('A YouTube slide, loaded on request.'),
      youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'a YouTube video id has 11 characters').describe('The YouTube video id.'),
      image: Image.describe('A self-hosted preview picture; nothing is loaded from YouTube until the visitor presses play.'),
      title: Localized.describe('Slide heading.'),
      description: Localized.describe('Slide text.'),
      cta: Cta.describe('The slide\'s button.'),
    })
    .describe('A slide with a YouTube video, loaded only on request.'),
]);

/** A link back to a list page, used under sections that preview it. */
export const SectionLink = Cta.describe('A link to the full list (e.g. all articles).');

export { Href };
