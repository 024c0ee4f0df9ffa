import { lazyRouteComponent } from '@tanstack/react-router';
import type { UiGroup } from '@generated/manifest.ts';
import type { Template } from '../shared/content-types.ts';

/** One lazily loaded component per kind of page; a page downloads only its own template. */
export const templates = {
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
  'not-found': lazyRouteComponent(() => import('../templates/not-found.tsx')),
  category: lazyRouteComponent(() => import('../templates/category.tsx')),
  detail: lazyRouteComponent(() => import('../templates/detail.tsx')),
  allon4: lazyRouteComponent(() => import('../templates/allon4.tsx')),
  article: lazyRouteComponent(() => import('../templates/article.tsx')),
} satisfies Record<Template, unknown>;

/** The interface-string groups each template uses beyond the shell's; they load with the page. */
export const templateUi: Record<Template, UiGroup[]> = {
  home: ['carousel'],
  about: [],
  services: ['services'],
  'marketing-services': [],
  appointment: ['forms', 'validation', 'feedback', 'apiErrors', 'appointmentServices'],
  'for-doctors': ['forms', 'validation', 'feedback', 'apiErrors'],
  contact: ['forms', 'validation', 'feedback', 'apiErrors', 'contact', 'chat'],
  blog: ['blog'],
  testimonials: ['testimonials', 'forms', 'validation', 'feedback', 'apiErrors'],
  privacy: ['blog'],
  'not-found': [],
  category: ['services'],
  detail: ['services'],
  allon4: ['services'],
  article: ['blog'],
};
