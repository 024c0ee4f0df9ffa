/** Rules of the house style: the glossary's words and sentence case. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'style/term': {
    severity: 'warning',
    also: { severity: 'error', when: 'for a word the glossary forbids' },
    description: 'A word the glossary (`content/glossary.yaml`) says not to use, in any case, with the word to write instead.',
  },
  'style/case': {
    severity: 'warning',
    description: 'An English heading, title, menu item, button or link label (a `title`, `label`, `name` or `...Title` field, a rich-text heading, every text of `ui.yaml` and `navigation.yaml`) is written in title case: two or more words and every one after the first that tells begins with a capital ("About Us", "More Information about {name}"). Pointed at the first word to lower, with the text in sentence case.',
  },
});
