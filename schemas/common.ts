import { z } from 'zod';

/** The site's two languages; English is the default and lives at the unprefixed paths. */
export const languages = ['en', 'nl'] as const;
export const Lang = z.enum(languages);
export type Lang = z.infer<typeof Lang>;

/** One text in both languages, side by side; both must be present and non-empty. */
export const Localized = z
  .strictObject({
    en: z.string().trim().min(1).describe('English text.'),
    nl: z.string().trim().min(1).describe('Dutch text (u-form).'),
  })
  .describe('A text in English and Dutch: `en:` and `nl:` on their own lines.');
export type Localized = z.infer<typeof Localized>;

/** A list of short texts per language; both lists must have the same length (item n is one thing). */
export const LocalizedList = z
  .strictObject({
    en: z.array(z.string().trim().min(1)).min(1).describe('The English items.'),
    nl: z.array(z.string().trim().min(1)).min(1).describe('The Dutch items, in the same order.'),
  })
  .superRefine((value, ctx) => {
    if (value.en.length !== value.nl.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['nl'],
        message: `the English list has ${value.en.length} items and the Dutch list ${value.nl.length}`,
        params: { rule: 'i18n/length-mismatch' },
      });
    }
  })
  .describe('A list in English and Dutch with the same number of items.');
export type LocalizedList = z.infer<typeof LocalizedList>;

/** A slug or id: lower-case letters, digits and single hyphens; also the file's name. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case letters, digits and single hyphens, e.g. "glass-ceramics-lithium"')
  .describe('Lower-case letters, digits and hyphens; the same in both languages.');

/**
 * A link target (`hrefPattern`; the content check holds links inside texts to it too). Internal links are written as the English path (`/services/zirconia`) and shown
 * under `/nl` on Dutch pages; they are checked against every page and redirect. External links
 * start with `https://`, `mailto:` or `tel:`.
 */
export const hrefPattern = /^(\/[^\s]*|#[\w-]+|https:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[0-9]+)$/;
export const Href = z
  .string()
  .regex(hrefPattern, 'write an internal path such as "/services/zirconia", or a full "https://", "mailto:" or "tel:" address')
  .describe('An internal path (English form, e.g. `/contact`) or an https/mailto/tel address.');

/** A picture from `src/assets/images/`, with alternative text in both languages. */
export const Image = z
  .strictObject({
    src: z
      .string()
      .regex(/^(?!.*(?:^|\/)\.\.(?:\/|$))[a-z0-9][a-z0-9/_.-]*\.(svg|png|jpe?g|webp|avif)$/, 'give a path inside src/assets/images/ (without ".." to climb out of it), e.g. "services/zirconia.svg"')
      .describe('Path of the file inside `src/assets/images/`; width and height are read from the file.'),
    alt: Localized.describe('What the picture shows, for screen readers and when it fails to load.'),
  })
  .describe('An image file and its alternative text.');
export type Image = z.infer<typeof Image>;

/** Search-engine text for one page: the <title> and the meta description. */
export const Seo = z
  .strictObject({
    title: Localized.describe("The page title in search results, the browser tab and the page's social image (aim for at most 60 characters)."),
    description: Localized.describe('The meta description shown in search results (aim for 70 to 160 characters).'),
  })
  .describe('Title and meta description for search engines.');

/** A button or link with its own label. */
export const Cta = z
  .strictObject({
    label: Localized.describe('The button text.'),
    href: Href.describe('Where the button goes.'),
  })
  .describe('A call-to-action button.');
export type Cta = z.infer<typeof Cta>;

/** The top section of a page. */
export const Hero = z
  .strictObject({
    title: Localized.describe('The page heading (the only h1).'),
    description: Localized.describe('One or two sentences under the heading.'),
    image: Image.optional().describe('Optional background or side picture.'),
    cta: Cta.optional().describe('Optional button under the description.'),
  })
  .describe('The page hero: heading, description, optional picture and button.');
export type Hero = z.infer<typeof Hero>;

/** A heading with a paragraph, used for feature and information blocks. */
export const TextBlock = z
  .strictObject({
    title: Localized.describe('Block heading.'),
    text: Localized.describe('Block text. Inline `[label](/path)` links and `**bold**` are allowed.'),
  })
  .describe('A heading and a paragraph.');

/**
 * Rich text: a list of blocks. Paragraphs and list items may hold inline links `[label](/path)`
 * and `**bold**`; no HTML is allowed or rendered.
 */
export const RichBlock = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('heading').describe('A heading block.'),
      level: z
        .union([z.literal(2), z.literal(3)])
        .default(2)
        .describe('2 for a section, 3 for a subsection.'),
      id: Slug.optional().describe('Anchor id for links to this heading; defaults to the English text as a slug.'),
      text: Localized.describe('The heading text.'),
    })
    .describe('A section heading.'),
  z
    .strictObject({
      type: z.literal('paragraph').describe('A paragraph block.'),
      text: Localized.describe('The paragraph; `[label](/path)` links and `**bold**` are allowed.'),
    })
    .describe('A paragraph.'),
  z
    .strictObject({
      type: z.literal('list').describe('A list block.'),
      ordered: z.boolean().default(false).describe('true for a numbered list.'),
      items: z.array(Localized).min(1).describe('The list items; each may hold links and bold text.'),
    })
    .describe('A bulleted or numbered list.'),
]);
export type RichBlock = z.infer<typeof RichBlock>;

/** A body of rich text. */
export const RichText = z.array(RichBlock).min(1).describe('Rich text: a list of heading, paragraph and list blocks.');
