/** Rules of what search results show of a page. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'length/title': { severity: 'warning', description: 'A search title over 60 characters (measured with the lab\'s facts written in).' },
  'length/description': { severity: 'warning', description: 'A search description outside 70 to 160 characters.' },
});
