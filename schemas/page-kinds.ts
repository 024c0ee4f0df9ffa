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
  /** The ids a link may point at with `#id` on every page of this kind: the headings and sections its template always renders. */
  sections: readonly string[];
}

export const pageKinds = {
  home: {
    route: 'page',
    sections: ['page-title', 'door-dentist', 'door-patient', 'featured-title', 'who-to-go-to', 'who-to-go-to-title', 'claims-title', 'testimonials-title', 'news-title'],
  },
  about: { route: 'page', sections: ['page-title', 'story-title', 'claims-title', 'cta-title'] },
  services: { route: 'page', sections: ['page-title', 'categories-title', 'why-title', 'cta-title'] },
  'marketing-services': { route: 'page', sections: ['page-title', 'intro-title', 'offers-title', 'packages-title', 'additional-title', 'cta-title'] },
  appointment: { route: 'page', sections: ['page-title', 'form-title', 'info-title', 'visit-title'] },
  'for-doctors': { route: 'page', sections: ['page-title', 'order', 'form-title', 'mdr'] },
  contact: { route: 'page', sections: ['page-title', 'form-title', 'card-title', 'map-title'] },
  blog: { route: 'own', sections: ['page-title'] },
  testimonials: { route: 'page', sections: ['page-title', 'list-title', 'policy-title', 'submit', 'form-title'] },
  privacy: { route: 'page', sections: ['page-title'] },
  search: { route: 'page', sections: ['page-title', 'search-service', 'search-article', 'search-page'] },
  'not-found': { route: 'none', sections: [] },
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
