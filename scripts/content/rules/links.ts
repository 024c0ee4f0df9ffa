/** Rules of links and the markup of texts: every link reaches a page (and its anchor), every text renders. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'link/broken': {
    severity: 'error',
    description: 'A link points at no page, redirect or anchor. Every kind of page has its anchors (`src/shared/anchors.ts`: its sections\' headings, and the headings of its rich text).',
  },
  'link/invalid': {
    severity: 'error',
    description: 'A link inside a text is not a path of this site nor a full `https://`, `mailto:` or `tel:` address (`htps://`, `http://`, `javascript:`, a relative path).',
  },
  'link/language-prefix': { severity: 'warning', description: 'A link is written with `/nl`; write the English path.' },
  'markup/broken': {
    severity: 'error',
    description: 'A text has markup the page cannot render: `[label] (/path)` with a space, an unclosed `[label](/path`, a `**` without its pair, or HTML such as `<b>` or `<a href>`.',
  },
  'anchor/duplicate': { severity: 'error', description: 'Two headings of one text have the same anchor, so a link reaches only the first.' },
});
