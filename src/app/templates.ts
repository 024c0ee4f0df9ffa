import { lazyRouteComponent, type AsyncRouteComponent } from '@tanstack/react-router';
import type { UiGroup } from '@generated/manifest.ts';
import type { UnroutedPageKind } from '../../schemas/page-kinds.ts';
import type { Template, TemplateProps } from '../shared/content-types.ts';

/** The templates a route renders with its content; a page kind without a route (the not-found page) is the layout's own. */
export type RoutedTemplate = Exclude<Template, UnroutedPageKind>;

/**
 * One lazily loaded component per template (each page kind of schemas/page-kinds.ts, the service kinds and the
 * article; a kind missing here fails the typecheck by name), each taking exactly its own content: a page downloads
 * only its template, and a template given another page's content does not compile.
 */
export const templates: { [T in RoutedTemplate]: AsyncRouteComponent<TemplateProps<T>> } = {
  home: lazyRouteComponent(() => import('../templates/home.tsx')),
  about: lazyRouteComponent(() => import('../templates/about.tsx')),
  services: lazyRouteComponent(() => import('../templates/services.tsx')),
  'marketing-services': lazyRouteComponent(() => import('../templates/marketing-services.tsx')),
  appointment: lazyRouteComponent(() => import('../templates/appointment.tsx')),
  'for-doctors': lazyRouteComponent(() => import('../templates/for-doctors.tsx')),
  contact: lazyRouteComponent(() => import('../templates/contact.tsx')),
  blog: lazyRouteComponent(() => import('../templates/blog.tsx')),
  testimonials: lazyRouteComponent(() => import('../templates/testimonials.tsx')),
  privacy: lazyRouteComponent(() => import('../templates/privacy.tsx')),
  search: lazyRouteComponent(() => import('../templates/search.tsx')),
  category: lazyRouteComponent(() => import('../templates/category.tsx')),
  detail: lazyRouteComponent(() => import('../templates/detail.tsx')),
  allon4: lazyRouteComponent(() => import('../templates/allon4.tsx')),
  article: lazyRouteComponent(() => import('../templates/article.tsx')),
};

/**
 * The interface-string groups each template uses beyond the shell's; they load with the page.
 * tests/unit/ui-groups.test.ts reads the keys each template's code uses and fails when one is missing here.
 */
export const templateUi: Record<RoutedTemplate, UiGroup[]> = {
  home: ['patientGuide'],
  about: [],
  services: [],
  'marketing-services': [],
  appointment: ['forms', 'validation', 'feedback', 'appointmentServices'],
  'for-doctors': ['forms', 'validation', 'feedback'],
  contact: ['forms', 'validation', 'feedback', 'contact', 'chat'],
  blog: ['blog'],
  testimonials: ['testimonials', 'forms', 'validation', 'feedback'],
  privacy: ['blog'],
  search: ['search'],
  category: ['services', 'patientGuide'],
  detail: ['services', 'patientGuide'],
  allon4: ['services', 'patientGuide'],
  article: ['blog'],
};
