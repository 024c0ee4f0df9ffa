/** Rules of the menus (content/navigation.yaml). */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'nav/mega-menu': { severity: 'error', description: 'More than one header item opens the mega-menu (`megaMenu: true`).' },
  'nav/missing-label': { severity: 'error', description: 'A menu link to something other than a page of this site has no label.' },
});
