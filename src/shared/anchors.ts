// The ids a link may point at with `#id` on each kind of page: the headings and sections its template
// always renders, those it renders depending on the content, and the headings of its rich text. The
// content check accepts a link's anchor only when it is here; a browser test compares this with the ids
// of every built page, so a template that renames a section fails the test rather than breaking links.

import { pageSections, type PageKindId } from '../../schemas/page-kinds.ts';
import type { Template } from './content-types.ts';
import { slugify } from './slug.ts';

/** On every page: the main content (the skip link's target) and the footer. */
export const shellAnchors = ['main', 'footer'] as const;

/** The anchors the pages of the other templates (services and articles, which are not page kinds) always have. */
const otherSectionAnchors: { [T in Exclude<Template, PageKindId>]: readonly string[] } = {
  category: ['page-title'],
  detail: ['page-title', 'more-info-title', 'benefits-title', 'process-title'],
  allon4: ['page-title', 'details-title', 'benefits-title', 'cta-title'],
  article: ['page-title', 'share-title'],
};

/** The anchors every page of a template always has: a page kind's from the registry (schemas/page-kinds.ts), the others' from the table above; none for a name that is no template. */
export function sectionAnchors(template: string): readonly string[] {
  if (Object.hasOwn(pageSections, template)) return pageSections[template as PageKindId];
  if (Object.hasOwn(otherSectionAnchors, template)) return otherSectionAnchors[template as keyof typeof otherSectionAnchors];
  return [];
}

/** A block of rich text, as far as its anchor goes. */
interface Block {
  type?: unknown;
  id?: unknown;
  text?: unknown;
}

/** The anchors of rich-text headings: their `id`, or their English text as a slug. */
export function headingAnchors(body: unknown): string[] {
  if (!Array.isArray(body)) return [];
  const ids: string[] = [];
  for (const block of body as Block[]) {
    if (block?.type !== 'heading') continue;
    const english = (block.text as { en?: unknown } | undefined)?.en;
    if (typeof block.id === 'string') ids.push(block.id);
    else if (typeof english === 'string') ids.push(slugify(english));
  }
  return ids;
}

/**
 * Every anchor of one page, from its template and its content (read defensively: a file that failed its
 * schema is checked too): a detail page has its testimonials, case studies and closing sections only
 * when its content has them, the page for dentists a section for each of the lab's facts the site settings (`site`) give.
 */
export function pageAnchors(template: string, content: Record<string, unknown>, site?: Record<string, unknown>): string[] {
  return [...shellAnchors, ...sectionAnchors(template), ...siteAnchors(template, site), ...contentAnchors(template, content)];
}

/** The anchors a page has from its content (`pageAnchors` without those every page of its template has). */
export function contentAnchors(template: string, content: Record<string, unknown>): string[] {
  const anchors: string[] = [];
  if (template === 'detail') {
    if (Array.isArray(content.testimonials) && content.testimonials.length > 0) anchors.push('testimonials-title');
    if (Array.isArray(content.cases) && content.cases.length > 0) anchors.push('cases-title');
    if (content.closingBanner !== false) anchors.push('cta-title');
  }
  // A service page for patients answers "Who do I go to?".
  if (content.audience === 'patient') anchors.push('who-to-go-to', 'who-to-go-to-title');
  if (template === 'category' && content.comparison) anchors.push('comparison-title');
  if (template === 'article' || template === 'privacy') anchors.push(...headingAnchors(content.body));
  if (template === 'about') anchors.push(...headingAnchors((content.story as { body?: unknown } | undefined)?.body));
  if (template === 'about' && content.team) anchors.push('team-title');
  return anchors;
}

/** The sections of the page for dentists that each show one of the lab's facts, by the field that holds it. */
export const dentistFactAnchors = ['turnaround', 'pickup', 'scanners', 'downloads', 'guarantee'] as const;

/** The anchors a page has from the site settings: on the page for dentists, a section for each fact the lab gives, and its clinical role when it has one. */
export function siteAnchors(template: string, site: Record<string, unknown> | undefined): string[] {
  // Only the page for dentists has any; every other page asks for them too, so no function is made for those.
  if (template !== 'for-doctors') return [];
  return [...dentistFactAnchors, 'clinical'].filter((field) => site?.[field] !== undefined && site[field] !== null);
}
