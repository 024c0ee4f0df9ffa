import { z } from 'zod';
import { Image, Localized, LocalizedList, Seo, Slug, TextBlock } from './common.ts';
import { CtaSection } from './sections.ts';
import { CaseStudy, Photo } from './photo.ts';

/** Who a service page is written for; it decides the page's main button and whether patients get "Who do I go to?". */
export const Audience = z
  .enum(['dentist', 'patient'])
  .describe(
    'Who the page is written for. "dentist": its buttons lead to sending a case (the order form on the page for dentists) and to asking the lab\'s advice. "patient": they lead to booking an appointment and to contact, and the page answers "Who do I go to?" (dentist, denturist, the lab for a repair, what insurance pays).',
  );
export type Audience = z.infer<typeof Audience>;

/** Fields every service file has. */
const serviceBase = {
  slug: Slug.describe('The URL segment under /services/ and the file name.'),
  audience: Audience,
  name: Localized.describe('The short name ("Zirconia crowns"), used in menus, cards and the "Benefits of X" headings.'),
  seo: Seo,
  hero: z
    .strictObject({
      title: Localized.describe('The page heading (h1).'),
      description: Localized.describe('One or two sentences under the heading.'),
      image: Image.describe('The illustration beside the heading, shown until the lab gives a photograph.'),
      photo: Photo.optional().describe("The lab's photograph of this work, shown instead of the illustration once given; a release lists the services still without one."),
    })
    .describe('The page hero.'),
  card: z
    .strictObject({
      description: Localized.describe('One or two sentences on the card.'),
      image: Image.describe('The card picture.'),
    })
    .describe('How the service appears as a card in listings and on the home page.'),
};

/** One material in a category's comparison table: its page, then what the table says of it. */
const ComparedMaterial = z.strictObject({
  service: Slug.describe("Slug of the material's detail page; its name heads the row and links there."),
  indications: Localized.describe('What the material is used for (and where it is not).'),
  strength: Localized.describe('Its flexural strength, typical values with the unit ("about 450–530 MPa").'),
  aesthetics: Localized.describe('How natural it looks: translucency, layering, masking a dark stump.'),
  thickness: Localized.describe('The minimal wall thickness and the preparation it needs, and how it is cemented.'),
});

/** A table comparing the materials of a category, read by dentists choosing one for a case. */
export const MaterialComparison = z
  .strictObject({
    title: Localized.describe('The heading (h2) above the table.'),
    intro: Localized.describe('A sentence under the heading.'),
    caption: Localized.describe("The table's caption: what it compares."),
    columns: z.strictObject({ material: Localized, indications: Localized, strength: Localized, aesthetics: Localized, thickness: Localized }).describe("The column headers, in the table's order."),
    rows: z.array(ComparedMaterial).min(2).describe('One row per material, in order.'),
    note: Localized.describe('The line under the table: where the values come from and what decides in a case.'),
  })
  .describe("A comparison table of a category's materials.");

/** A category listing: a grid of cards for the services it contains. */
export const CategoryService = z
  .strictObject({
    kind: z.literal('category').describe('A category listing: a grid of cards.'),
    ...serviceBase,
    intro: Localized.describe('A paragraph above the grid.'),
    items: z.array(Slug).min(1).describe('Slugs of the detail services shown as cards, in order.'),
    comparison: MaterialComparison.optional().describe('A table comparing the materials of the category, under the cards.'),
  })
  .describe('A category listing page.');

/** A treatment or product page in the shared detail layout. */
export const DetailService = z
  .strictObject({
    kind: z.literal('detail').describe('A treatment page in the shared detail layout.'),
    ...serviceBase,
    category: Slug.optional().describe('Slug of the category this service belongs to, for breadcrumbs.'),
    nameInText: Localized.optional().describe(
      'The name as it reads inside the section headings ("Benefits of …", "Geïnteresseerd in …?"): lower-case unless it is a proper name or an abbreviation, plural where that reads better ("klikgebitten"). Defaults to `name`.',
    ),
    moreInfo: z.array(TextBlock).length(3, 'give exactly three blocks').describe('"More Information about X": three heading and paragraph blocks.'),
    benefits: LocalizedList.superRefine((list, ctx) => {
      if (list.en.length < 4 || list.en.length > 7) {
        ctx.addIssue({ code: 'custom', path: ['en'], message: `give 4 to 7 benefits (now ${list.en.length})`, params: { rule: 'schema/count' } });
      }
    }).describe('"Benefits of X": 4 to 7 short items with a check mark.'),
    process: z
      .array(z.strictObject({ title: Localized, description: Localized }))
      .min(5, 'give 5 or 6 steps')
      .max(6, 'give 5 or 6 steps')
      .describe('"Process of X": 5 or 6 numbered steps, from scan or impression to delivery.'),
    testimonials: z.array(Slug).default([]).describe('Ids of testimonials shown on the page; the section is hidden when empty.'),
    cases: z.array(CaseStudy).max(3).default([]).describe('Up to three case studies of this work with real photographs, shown in their own section; none is shown until the lab gives one.'),
    closingBanner: z.boolean().default(true).describe('false hides the closing "Interested in X?" banner.'),
  })
  .describe('A service detail page.');

/** The All-on-4 / All-on-6 page. */
export const AllOn4Service = z
  .strictObject({
    kind: z.literal('allon4').describe('The All-on-4 / All-on-6 page.'),
    ...serviceBase,
    details: TextBlock.describe('The details section: title and text.'),
    benefits: z.array(TextBlock).length(5, 'give the five benefits').describe('The five benefits: immediate function, fewer implants, minimally invasive, satisfaction, durable results.'),
    cta: CtaSection,
  })
  .describe('The All-on-4 / All-on-6 page.');

/** One file in `content/services/`; `kind` picks the layout, `slug` must match the file name. */
export const Service = z.discriminatedUnion('kind', [CategoryService, DetailService, AllOn4Service]);
export type Service = z.infer<typeof Service>;
