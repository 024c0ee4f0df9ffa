import { z } from 'zod';

/** One entry of the glossary: what not to write, what to write instead, and why. */
export const GlossaryTerm = z
  .strictObject({
    avoid: z
      .union([z.string().trim().min(1), z.array(z.string().trim().min(1)).min(1)])
      .describe('The word or words not to use (matched as whole words, in any case; a phrase matches with any spaces between its words).'),
    use: z.string().trim().min(1).describe('What to write instead.'),
    note: z.string().trim().min(1).optional().describe('Why, for the author who meets the warning.'),
    forbidden: z.boolean().default(false).describe('true makes a use an error (a claim the site may not make), not a warning.'),
  })
  .describe('A term to avoid and the one to use.');
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;

/**
 * The team's glossary (content/glossary.yaml): per language, the words that are not the site's and the
 * word to use, so one thing has one name everywhere. The content check reports each use (style/term), and
 * knows from `names` which capitals a heading keeps (style/case).
 */
export const Glossary = z
  .strictObject({
    names: z
      .array(z.string().trim().min(1))
      .default([])
      .describe(
        'Names that keep their capitals in an English heading, title, menu or button (rule style/case): brands, products, places, bodies, e.g. "Zirkonzahn", "Chamber of Commerce". Abbreviations (CAD/CAM, GDPR), words with a capital inside (LinkedIn) or a digit (All-on-4) and the lab\'s name need no entry.',
      ),
    en: z.array(GlossaryTerm).default([]).describe('Terms in English texts.'),
    nl: z.array(GlossaryTerm).default([]).describe('Terms in Dutch texts.'),
  })
  .describe('The glossary (content/glossary.yaml).');
export type Glossary = z.infer<typeof Glossary>;
