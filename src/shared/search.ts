/**
 * The site's search: what kind of page a result is (the dialog and the search page name it), from the
 * page's template. The build writes it into the index as each page's `kind`.
 */
export const searchKinds = ['service', 'article', 'page'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** A page's kind for search: a service's page (a category, a detail, All-on-4), a blog article, or any other page. */
export function searchKind(template: string): SearchKind {
  if (template === 'category' || template === 'detail' || template === 'allon4') return 'service';
  return template === 'article' ? 'article' : 'page';
}

/** The parts of the index's search a query is worth sending for: at least two characters, or nothing. */
export function searchTerm(query: string): string | null {
  const term = query.replace(/\s+/g, ' ').trim().slice(0, 100).trimEnd();
  return term.length >= 2 ? term : null;
}
