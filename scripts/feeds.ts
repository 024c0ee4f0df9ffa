/**
 * The blog's Atom feeds, one per language (`/feed.xml`, `/nl/feed.xml`), from the checked content:
 * every article with its title, link, summary (the excerpt), dates, author and category, every URL
 * absolute from the site settings' `url`. The build writes them; blog pages link them in their head.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Lang, Page } from '../schemas/index.ts';
import { plainText } from '../src/shared/inline-text.ts';
import { localizePath } from '../src/shared/paths.ts';
import type { ContentModel } from './content/check.ts';

/** Text and attribute values with the five XML special characters escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as Record<string, string>)[c]};`);
}

/** Where a language's feed lives, below the site's root. */
export const feedPath = (lang: Lang): string => localizePath('/feed.xml', lang);

/** The Atom feed of one language, newest article first. */
export function atomFeed(model: ContentModel, lang: Lang): string {
  const site = model.site!.data;
  const blog = model.pages.get('blog')!.data as Extract<Page, { id: 'blog' }>;
  const origin = site.url.replace(/\/$/, '');
  const time = (date: string) => `${date}T00:00:00Z`;
  const title = (model.ui?.data.blog?.feedTitle?.[lang] ?? '{name} blog').replace('{name}', site.name);
  const articles = [...model.articles.values()].map((e) => e.data).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const updated =
    articles
      .map((a) => a.updated ?? a.date)
      .sort()
      .at(-1) ?? '1970-01-01';
  const e = escapeXml;

  const entries = articles.map((a) => {
    const url = `${origin}${localizePath(`/blog/${a.slug}`, lang)}`;
    const category = blog.categories.find((c) => c.id === a.category);
    return [
      '  <entry>',
      `    <id>${e(url)}</id>`,
      `    <title>${e(a.title[lang])}</title>`,
      `    <link rel="alternate" type="text/html" href="${e(url)}"/>`,
      `    <published>${time(a.date)}</published>`,
      `    <updated>${time(a.updated ?? a.date)}</updated>`,
      `    <author><name>${e(a.author[lang])}</name><uri>${e(`${origin}${localizePath('/', lang)}`)}</uri></author>`,
      `    <category term="${e(a.category)}" label="${e(category?.label[lang] ?? a.category)}"/>`,
      `    <summary type="text">${e(plainText(a.excerpt[lang]))}</summary>`,
      '  </entry>',
    ].join('\n');
  });

  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${e(origin + feedPath(lang))}</id>`,
    `  <title>${e(title)}</title>`,
    `  <subtitle>${e(blog.seo.description[lang])}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${e(origin + feedPath(lang))}"/>`,
    `  <link rel="alternate" type="text/html" hreflang="${lang}" href="${e(`${origin}${localizePath('/blog', lang)}`)}"/>`,
    `  <updated>${time(updated)}</updated>`,
    `  <author><name>${e(site.name)}</name><uri>${e(`${origin}/`)}</uri></author>`,
    `  <icon>${e(`${origin}/favicon.svg`)}</icon>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** Writes both languages' feeds into the client folder of the build; returns their paths there. */
export function writeFeeds(model: ContentModel, clientDir: string): string[] {
  return (['en', 'nl'] as const).map((lang) => {
    const file = join(clientDir, feedPath(lang).slice(1));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, atomFeed(model, lang));
    return feedPath(lang);
  });
}
