import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import yaml from 'js-yaml';

// What each page should show, read from the content the site is built from.
export type Text = { en: string; nl: string };
export type Lang = keyof Text;
export interface Service {
  kind: 'category' | 'detail' | 'allon4';
  audience: 'dentist' | 'patient';
  slug: string;
  name: Text;
  nameInText?: Text;
  hero: { title: Text };
  items?: string[];
  comparison?: { title: Text };
  benefits: { en: string[] } | unknown[];
  process?: unknown[];
  testimonials?: string[];
  cases?: unknown[];
  closingBanner?: boolean;
  details?: { title: Text };
  cta?: { title: Text };
}
const read = (file: string) => yaml.load(readFileSync(join(process.cwd(), file), 'utf8'));
export const services = new Map(
  readdirSync(join(process.cwd(), 'content', 'services'))
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => read(`content/services/${file}`) as Service)
    .map((service) => [service.slug, service]),
);
export const service = (slug: string) => services.get(slug)!;
export const ui = read('content/ui.yaml') as { services: Record<string, Text>; common: Record<string, Text>; patientGuide: Record<string, Text> };
export const say = (key: string, lang: Lang, name = '') => (ui.services[key] ?? ui.common[key])![lang].replace('{name}', name);
/** "Who do I go to?", the first section of a page for patients. */
export const guide = (s: Service, lang: Lang) => (s.audience === 'patient' ? [ui.patientGuide.title![lang]] : []);
export const overview = read('content/pages/services.yaml') as { hero: { title: Text }; categories: { title: Text; services: string[] }; whyChooseUs: { title: Text }; cta: { title: Text } };

export const langs: Lang[] = ['en', 'nl'];
export const at = (lang: Lang, path: string) => (lang === 'nl' ? `/nl${path}` : path);
/** The headings of the page's main content at one level, as their text reads. */
export const headings = async (page: Page, level: number) => (await page.getByRole('main').getByRole('heading', { level }).allTextContents()).map((text) => text.trim());

/** The h2 headings of a detail page, in the shared layout's order, for what its content has. */
export function detailSections(s: Service, lang: Lang): string[] {
  const name = (s.nameInText ?? s.name)[lang];
  return [
    ...guide(s, lang),
    say('moreInfoTitle', lang, name),
    say('benefitsTitle', lang, name),
    say('processTitle', lang, name),
    ...(s.testimonials?.length ? [say('testimonialsTitle', lang)] : []),
    ...(s.cases?.length ? [say('casesTitle', lang, name)] : []),
    ...(s.closingBanner === false ? [] : [say('interestedTitle', lang, name)]),
  ];
}

/** A service page shows its heading and its sections in the layout order of its kind (run on the page as loaded). */
export async function checkServicePage(page: Page, s: Service, lang: Lang): Promise<void> {
  const path = at(lang, `/services/${s.slug}`);
  expect.soft(await headings(page, 1), `${path}: its h1`).toEqual([s.hero.title[lang]]);
  // Links and bold written in the content show as links and bold, never as their markup.
  expect.soft(await page.getByRole('main').innerText(), `${path}: no Markdown shown as markup`).not.toMatch(/\]\(|\*\*/);
  if (s.kind === 'detail') {
    expect.soft(await headings(page, 2), `${path}: its h2 sections in the layout order`).toEqual(detailSections(s, lang));
    const name = (s.nameInText ?? s.name)[lang];
    const benefits = page.getByRole('region', { name: say('benefitsTitle', lang, name) }).getByRole('listitem');
    await expect.soft(benefits, `${path}: a benefit for each in its content`).toHaveCount((s.benefits as { en: string[] }).en.length);
    const steps = page.getByRole('region', { name: say('processTitle', lang, name) }).locator('ol > li');
    await expect.soft(steps, `${path}: a step for each in its content`).toHaveCount(s.process!.length);
    await expect.soft(page.getByRole('region', { name: say('moreInfoTitle', lang, name) }).getByRole('heading', { level: 3 }), `${path}: three more-information headings`).toHaveCount(3);
  } else if (s.kind === 'category') {
    // The cards are the page's sections, in the content's order.
    // Then the materials table, where the category has one.
    expect
      .soft(await headings(page, 2), `${path}: its h2 sections in the layout order`)
      .toEqual([...s.items!.map((slug) => service(slug).name[lang]), ...(s.comparison ? [s.comparison.title[lang]] : []), ...guide(s, lang)]);
  } else {
    expect
      .soft(await headings(page, 2), `${path}: its h2 sections in the layout order`)
      .toEqual([...guide(s, lang), s.details!.title[lang], say('benefitsTitle', lang, s.name[lang]), s.cta!.title[lang]]);
    await expect.soft(page.getByRole('region', { name: say('benefitsTitle', lang, s.name[lang]) }).getByRole('listitem'), `${path}: five benefits`).toHaveCount(5);
  }
}
