/** Rules of references from one entry to another: a service, article, testimonial or blog category named by its id. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'ref/unknown': { severity: 'error', description: 'A referenced service, article, testimonial or blog category does not exist.' },
  'ref/wrong-kind': { severity: 'error', description: 'A referenced service is of the wrong kind (a detail page where a category belongs).' },
  'ref/self': { severity: 'error', description: 'An article is listed as related to itself.' },
  'ref/duplicate': { severity: 'error', description: 'An entry is listed twice in one list.' },
});
