/** Rules of the two languages: every text in English and Dutch, the same placeholders and links in both, Dutch that is not stale. */
import { defineRules } from './spec.ts';

const missing = 'A text lacks one language, or has an empty, `~` or invisible (zero-width) one.';

export const rules = defineRules({
  'i18n/missing-en': { severity: 'error', description: missing },
  'i18n/missing-nl': { severity: 'error', description: missing },
  'i18n/empty-en': { severity: 'error', description: missing },
  'i18n/empty-nl': { severity: 'error', description: missing },
  'i18n/length-mismatch': { severity: 'error', description: 'A list has a different number of items in English and Dutch.' },
  'i18n/placeholder-mismatch': { severity: 'error', description: 'A `{placeholder}` appears in one language only.' },
  'i18n/link-mismatch': { severity: 'error', description: 'The English and Dutch of one text link to different pages, or one lost a link.' },
  'i18n/identical': { severity: 'warning', description: 'A long text is the same in both languages: probably not translated.' },
  'i18n/stale-nl': {
    severity: 'warning',
    also: { severity: 'error', when: 'in a release build' },
    description: 'The English of a text has changed since its Dutch was confirmed (`content/translations.lock.json`; see "Translations that know when they are stale").',
  },
});
