// The registry of page kinds: one entry per kind of page in content/pages/, and everything else follows from
// it. The page schema's union (schemas/page.ts), the content each template takes (TemplateContent in
// src/shared/content-types.ts, which the generated modules satisfy), the templates and their interface
// strings (src/app/templates.ts), the routes (src/app/router.tsx), the anchors a link may point at
// (src/shared/anchors.ts) and the browser tests' pages (tests/e2e/site.ts) are read from here or typed over
// its keys, so a kind added here and missing there fails the typecheck by name; a kind missing here is
// refused wherever its id is used (tests/types/page-kinds.ts). Plain data, no zod: the router reads it in the browser.

/** How a kind of page is reached. */
export type PageRoute =
  /** A route of its own at the path its file gives, made by the router from this registry. */
  | 'page'
  /** A route the router writes itself (the blog's, which reads its filter from the query). */
  | 'own'
  /** No path: the layout shows it (the not-found page). */
  | 'none';

/** One kind of page. */
export interface PageKind {
  route: PageRoute;
}

export const pageKinds = {
  home: { route: 'page' },
  about: { route: 'page' },
  services: { route: 'page' },
  'marketing-services': { route: 'page' },
  appointment: { route: 'page' },
  'for-doctors': { route: 'page' },
  contact: { route: 'page' },
  blog: { route: 'own' },
  testimonials: { route: 'page' },
  privacy: { route: 'page' },
  search: { route: 'page' },
  'not-found': { route: 'none' },
} as const satisfies Record<string, PageKind>;

/** A kind of page: the `id` of its file in content/pages/, and the name of its template. */
export type PageKindId = keyof typeof pageKinds;

/** The kinds of page the router gives a route of their own from this registry. */
export type RoutedPageKind = { [K in PageKindId]: (typeof pageKinds)[K]['route'] extends 'page' ? K : never }[PageKindId];

/** The kinds of page without a path, which the layout shows. */
export type UnroutedPageKind = { [K in PageKindId]: (typeof pageKinds)[K]['route'] extends 'none' ? K : never }[PageKindId];

/** The page kinds' ids, in the registry's order. */
export const pageKindIds = Object.keys(pageKinds) as PageKindId[];

/** The kinds with a route of their own from this registry. */
export const routedPageKinds = pageKindIds.filter((id): id is RoutedPageKind => pageKinds[id].route === 'page');

/**
 * The ids a link may point at with `#id` on every page of each kind: the headings and sections its template
 * always renders. Beside the registry rather than in it, so the browser's router, which reads the registry,
 * does not carry them; a kind without its entry here fails the typecheck.
 */
export const pageSections = {
  home: ['page-title', 'door-dentist', 'door-patient', 'featured-title', 'who-to-go-to', 'who-to-go-to-title', 'claims-title', 'testimonials-title', 'news-title'],
  about: ['page-title', 'story-title', 'claims-title', 'cta-title'],
  services: ['page-title', 'categories-title', 'why-title', 'cta-title'],
  'marketing-services': ['page-title', 'intro-title', 'offers-title', 'packages-title', 'additional-title', 'cta-title'],
  appointment: ['page-title', 'form-title', 'info-title', 'visit-title'],
  'for-doctors': ['page-title', 'order', 'form-title', 'mdr'],
  contact: ['page-title', 'form-title', 'card-title', 'map-title'],
  blog: ['page-title'],
  testimonials: ['page-title', 'list-title', 'policy-title', 'submit', 'form-title'],
  privacy: ['page-title'],
  search: ['page-title', 'search-service', 'search-article', 'search-page'],
  'not-found': [],
} as const satisfies { [K in PageKindId]: readonly string[] };
