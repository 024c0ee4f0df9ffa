import { z } from 'zod';
import { Image, Localized, LocalizedList, RichText, Seo, Slug } from './common.ts';

/** One blog article (`content/articles/<slug>.yaml`). */
export const Article = z
  .strictObject({
    slug: Slug.describe('The URL segment under /blog/ and the file name.'),
    seo: Seo,
    title: Localized.describe('The article title (h1).'),
    excerpt: Localized.describe('One or two sentences for the blog list and feeds.'),
    date: z.iso.date('write the date as YYYY-MM-DD').describe('Publication date.'),
    updated: z.iso.date('write the date as YYYY-MM-DD').optional().describe('Date of the last real change, if any.'),
    author: Localized.describe('Who wrote the article, e.g. "Our dental technicians" / "Onze tandtechnici".'),
    category: z.string().describe('Key of a category from content/pages/blog.yaml, e.g. "dental_implants".'),
    image: Image.describe('The cover picture.'),
    intro: Localized.describe('The lead paragraph under the title.'),
    body: RichText.describe('The article text.'),
    tags: LocalizedList.describe('Tags, the same number in both languages.'),
    related: z.array(Slug).max(3).default([]).describe('Slugs of up to three related articles.'),
  })
  .describe('A blog article.');
export type Article = z.infer<typeof Article>;
