import { lazyRouteComponent } from '@tanstack/react-router';
import type { UiGroup } from '@generated/manifest.ts';
import type { Template } from '../content/types.ts';

/** One lazily loaded component per kind of page; a page downloads only its own template. */
export const templates = {
  home: lazyRouteComponent(() => import('./home.tsx')),
  about: lazyRouteComponent(() => import('./about.tsx')),
  services: lazyRouteComponent(() => import('./services.tsx')),
  'marketing-services': lazyRouteComponent(() => import('./marketing-services.tsx')),
  appointment: lazyRouteComponent(() => import('./appointment.tsx')),
  'for-doctors': lazyRouteComponent(() => import('./for-doctors.tsx')),
  contact: lazyRouteComponent(() => import('./contact.tsx')),
  blog: lazyRouteComponent(() => import('./blog.tsx')),
  testimonials: lazyRouteComponent(() => import('./testimonials.tsx')),
  privacy: lazyRouteComponent(() => import('./privacy.tsx')),
  'not-found': lazyRouteComponent(() => import('./not-found.tsx')),
  category: lazyRouteComponent(() => import('./category.tsx')),
  detail: lazyRouteComponent(() => import('./detail.tsx')),
  allon4: lazyRouteComponent(() => import('./allon4.tsx')),
  article: lazyRouteComponent(() => import('./article.tsx')),
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
