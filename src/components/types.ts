import type { ResolvedImage, SiteHref } from '../shared/content-types.ts';

export type { ResolvedImage };

/** A localised call to action. */
export interface Cta {
  label: string;
  href: SiteHref;
}
