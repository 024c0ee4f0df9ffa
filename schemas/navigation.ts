import { z } from 'zod';
import { Href, Localized } from './common.ts';

/** A link in a menu; without a label it shows the target page's name. */
export const NavLink = z
  .strictObject({
    href: Href.describe('The target, an internal path in English form such as "/services/zirconia".'),
    label: Localized.optional().describe("The link text; leave out to use the target page's name."),
  })
  .describe('A menu link.');
export type NavLink = z.infer<typeof NavLink>;

/** A titled group of links, in the mega-menu or the footer. */
export const NavGroup = z
  .strictObject({
    title: Localized.describe('The group heading.'),
    href: Href.optional().describe('Optional link for the heading itself (e.g. the category page).'),
    links: z.array(NavLink).min(1).describe('The links of the group, in order.'),
  })
  .describe('A group of links.');

/** Navigation as data: the header, the services mega-menu and the footer. */
export const Navigation = z
  .strictObject({
    header: z
      .array(
        NavLink.extend({
          megaMenu: z.boolean().default(false).describe('true on the one item that opens the services mega-menu.'),
        }),
      )
      .min(1)
      .describe('The header items, in order.'),
    megaMenu: z.array(NavGroup).min(1).describe('The services mega-menu (desktop) and the services accordion (mobile).'),
    footer: z
      .strictObject({
        quickLinks: NavGroup.describe('The "quick links" column: the pages every visitor may look for (for dentists, booking and contact among them).'),
        dentists: NavGroup.describe("The dentists' links, under the quick links: what a practice looks for beyond the main menu (sending a case, the marketing services for clinics)."),
        services: NavGroup.describe('The "services" column.'),
      })
      .describe('The footer link columns; the contact block and hours come from site settings.'),
  })
  .describe('Site navigation (content/navigation.yaml).');
export type Navigation = z.infer<typeof Navigation>;
