/** Rules of what search results show of a page. */
import { fillFacts } from '../../../src/shared/facts.ts';
import { record, type Scanned } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'length/title': { severity: 'warning', description: "A search title over 60 characters (measured with the lab's facts written in)." },
  'length/description': { severity: 'warning', description: 'A search description outside 70 to 160 characters.' },
});

/** Search engines cut titles after about 60 characters and descriptions after about 160. */
export const seoLimits = { title: 60, descriptionMin: 70, descriptionMax: 160 };

/** A text as search results show it, with the lab's facts written in; undefined for what is not a text. */
function shown(value: unknown, site: unknown, lang: 'en' | 'nl'): string | undefined {
  return typeof value === 'string' ? fillFacts(value, site, lang) : undefined;
}

/** A page's search title and description, measured as search results show them: with the lab's facts written in. */
export function checkSeo(run: CheckRun, entry: Scanned): void {
  const site = run.site;
  const seo = record(record(entry.data).seo);
  for (const lang of ['en', 'nl'] as const) {
    const title = shown(record(seo.title)[lang], site, lang);
    if (title && title.length > seoLimits.title) {
      run.at(entry, ['seo', 'title', lang], 'length/title', `the title has ${title.length} characters; search results show about ${seoLimits.title}`, 'shorten it', 'warning');
    }
    const d = shown(record(seo.description)[lang], site, lang);
    if (d !== undefined && d.trim() !== '' && (d.length > seoLimits.descriptionMax || d.length < seoLimits.descriptionMin)) {
      run.at(entry, ['seo', 'description', lang], 'length/description', `the description has ${d.length} characters`, `aim for ${seoLimits.descriptionMin} to ${seoLimits.descriptionMax}`, 'warning');
    }
  }
}
