/** Rules of the pictures and videos the content names. */
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'image/missing': { severity: 'error', description: 'A picture or video is not in `src/assets/images/` (or `videos/`).' },
  'image/unreadable': { severity: 'error', description: 'The size of a picture cannot be read (save it as SVG with width and height, PNG, JPEG, WebP or AVIF).' },
});
