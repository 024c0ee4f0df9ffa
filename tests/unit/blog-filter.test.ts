import { describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/index.ts';
import { checkContent } from '../../scripts/content/check.ts';
import { categoryKey, filterArticles, matches } from '../../src/features/blog/filter.ts';
import type { ArticleSummary } from '../../src/shared/content-types.ts';
import { projectRoot } from '../support/fixtures.ts';

const image = { src: '/a.svg', width: 16, height: 9, alt: '' };
const card = (slug: string, category: string, title: string, excerpt: string, tags: string[] = []): ArticleSummary => ({
  slug,
  href: '/blog',
  title,
  excerpt,
  date: '2025-01-01',
  category: { id: category, label: category },
  tags,
  image,
});

const cards = [
  card('implants', 'dental_implants', 'The latest dental implant technologies', 'Guided surgery, scan bodies and **zirconia** bridges.'),
  card('dentures', 'dental_prosthetics', 'Comparing types of dentures', 'Full, partial and [snap-on dentures](/services/snap-on-dentures) side by side.'),
  card('cad-cam', 'digital_technologies', 'CAD/CAM techniques', 'Milled zirconia and lithium disilicate from an intraoral scan.', ['digital workflow', 'milling']),
];
const slugs = (filter: Parameters<typeof filterArticles>[1]) => filterArticles(cards, filter).map((c) => c.slug);

// The real articles as the blog list of each language sees them.
const { model } = checkContent({ root: projectRoot, retain: true });
const real = (lang: 'en' | 'nl') => [...model.articles.values()].map(({ data }) => card(data.slug, data.category, data.title[lang], data.excerpt[lang], data.tags[lang]));

describe('the category key', () => {
  it('is the English name in lower case with spaces turned into underscores', () => {
    expect(categoryKey('Dental Implants')).toBe('dental_implants');
    expect(categoryKey('Tips for Patients')).toBe('tips_for_patients');
    expect(categoryKey(' Digital  Technologies ')).toBe('digital_technologies');
  });

  it('is the id of every category of the blog page', () => {
    const blog = model.pages.get('blog')!.data as Extract<Page, { id: 'blog' }>;
    expect(blog.categories.map((c) => c.id)).toEqual(['dental_implants', 'dental_prosthetics', 'digital_technologies', 'tips_for_dentists', 'tips_for_patients']);
    for (const category of blog.categories) expect(category.id).toBe(categoryKey(category.label.en));
  });
});

describe('filtering and searching the blog list', () => {
  it('shows every article for All and an empty or blank search', () => {
    expect(slugs({})).toEqual(['implants', 'dentures', 'cad-cam']);
    expect(slugs({ category: undefined, query: '   ' })).toEqual(['implants', 'dentures', 'cad-cam']);
  });

  it('shows only the articles of the chosen category', () => {
    expect(slugs({ category: 'dental_prosthetics' })).toEqual(['dentures']);
    expect(slugs({ category: 'tips_for_patients' })).toEqual([]);
  });

  it('matches the title and the excerpt whatever the case', () => {
    expect(slugs({ query: 'IMPLANT' })).toEqual(['implants']);
    expect(slugs({ query: 'Zirconia' })).toEqual(['implants', 'cad-cam']);
    expect(slugs({ query: 'intraoral SCAN' })).toEqual(['cad-cam']);
  });

  it("finds an article by one of its tags, so an article's tag lists the others that carry it", () => {
    expect(slugs({ query: 'digital workflow' })).toEqual(['cad-cam']);
    expect(slugs({ query: 'Milling' })).toEqual(['cad-cam']);
    for (const lang of ['en', 'nl'] as const) {
      for (const article of real(lang))
        for (const tag of article.tags)
          expect(
            filterArticles(real(lang), { query: tag }).map((a) => a.slug),
            tag,
          ).toContain(article.slug);
    }
  });

  it('needs every word searched, in any order, and ignores the markup around the text', () => {
    expect(slugs({ query: 'zirconia milled' })).toEqual(['cad-cam']);
    expect(slugs({ query: 'snap-on' })).toEqual(['dentures']);
    // The address of a link is not text the visitor reads.
    expect(slugs({ query: '/services' })).toEqual([]);
  });

  it('shows an article only when it matches both the category and the search', () => {
    expect(slugs({ category: 'digital_technologies', query: 'zirconia' })).toEqual(['cad-cam']);
    expect(slugs({ category: 'dental_implants', query: 'zirconia' })).toEqual(['implants']);
    expect(slugs({ category: 'dental_prosthetics', query: 'zirconia' })).toEqual([]);
    expect(matches(cards[0]!, { category: 'dental_implants', query: 'dentures' })).toBe(false);
  });

  it('searches the page language only', () => {
    const en = real('en');
    const nl = real('nl');
    // "kunstgebit" is Dutch for denture; "dentures" is English.
    expect(filterArticles(nl, { query: 'kunstgebit' }).length).toBeGreaterThan(0);
    expect(filterArticles(en, { query: 'kunstgebit' })).toEqual([]);
    expect(filterArticles(en, { query: 'dentures' }).length).toBeGreaterThan(0);
    expect(filterArticles(nl, { query: 'dentures' })).toEqual([]);
  });

  it('ignores accents, so "patienten" finds "patiënten"', () => {
    const nl = real('nl');
    const found = filterArticles(nl, { query: 'patienten' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((a) => /patiënten/i.test(`${a.title} ${a.excerpt}`))).toBe(true);
  });

  it('finds every real article by its own title in both languages', () => {
    for (const lang of ['en', 'nl'] as const) {
      const list = real(lang);
      expect(list).toHaveLength(6);
      for (const article of list) expect(filterArticles(list, { query: article.title.toUpperCase(), category: article.category.id })).toContain(article);
    }
  });
});
