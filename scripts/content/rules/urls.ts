/** Rules of the addresses a release published (content/published-urls.txt). */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'url/removed': { severity: 'error', description: 'An address a release published (`content/published-urls.txt`) is no longer a page nor redirected (see "Addresses that never vanish").' },
});
