/** Rules of content/redirects.yaml: a redirect never takes a page off the site, and lands on a page in one step. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'redirect/source-is-page': { severity: 'error', description: 'A redirect would take a page off the site: its source is a page, or a page\'s Dutch path.' },
  'redirect/source-is-dutch': { severity: 'error', description: 'A redirect starts from a Dutch path: write the English one (both languages follow).' },
  'redirect/target-missing': { severity: 'error', description: 'A redirect points at no page.' },
  'redirect/chain': { severity: 'error', description: 'A redirect points at another redirect\'s source: point it straight at the page.' },
  'redirect/loop': { severity: 'error', description: 'Redirects lead back to where they started.' },
  'redirect/duplicate': { severity: 'error', description: 'One path is redirected twice.' },
});
