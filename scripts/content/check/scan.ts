/**
 * The walk over every value of a file, dispatching each text, pair of texts, list pair and picture to the
 * rule families that read it. A file that failed its schema is walked as parsed, so one mistake in it never
 * hides another.
 */
import { checkYamlReading } from '../rules/yaml.ts';
import { i18nRules } from '../rules/i18n.ts';
import { imageRules } from '../rules/images.ts';
import { linkRules } from '../rules/links.ts';
import { checkSeo } from '../rules/seo.ts';
import { siteTextRules } from '../rules/site.ts';
import { styleRules } from '../rules/style.ts';
import { hasMarkupChar } from '../../../src/shared/inline-text.ts';
import type { PathSegment } from '../source.ts';
import { collectFacts } from './facts.ts';
import { ownPath, type Scanned } from './model.ts';
import type { CheckRun } from './run.ts';

/** Whether a text holds a character inline markup needs or a placeholder's brace: a pair without any has no markup to read. */
const hasSpecialChar = (text: string): boolean => hasMarkupChar(text) || text.includes('{');

/** The scanner of one run: `scan(file)` checks one file on its own and records what the cross-file rules need. */
export function scanner(run: CheckRun) {
  const style = styleRules(run);
  const i18n = i18nRules(run);
  const links = linkRules(run);
  const site = siteTextRules(run);
  const image = imageRules(run);
  const { scanText } = links;

  // The file being scanned, the page it defines and whether every text of it is a label; set by `scan` for
  // `visit`, which is made once for the run rather than once for each file.
  let entry: Scanned;
  let owner: string | undefined;
  let labels = false;
  // Every value of the file, depth first, with its path (one array, pushed and popped).
  const path: PathSegment[] = [];
  const visit = (value: unknown, key: PathSegment | undefined, heading = false): void => {
    if (typeof value === 'string') {
      if (key === 'href') links.link(entry, path, value, owner);
      // The texts of an { en, nl } pair are read with their pair (below), once each.
      else if (key !== 'en' && key !== 'nl') {
        scanText(entry, value, path, owner);
        // An item of a list in one language (`en: [...]`).
        const list = typeof key === 'number' ? path[path.length - 2] : undefined;
        if (list === 'en' || list === 'nl') {
          style.checkTerms(entry, value, path, list, false);
          site.checkFigures(entry, value, path, list, false);
          site.checkFactRefs(entry, value, path);
        }
      }
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i], i);
        path.pop();
      }
      return;
    }
    const object = value as Record<string, unknown>;
    const { en, nl } = object;
    if (en === undefined && nl === undefined) image(entry, object, path);
    else if (typeof en === 'string' && typeof nl === 'string') {
      // Most pairs hold no markup and no placeholder: one look at each text tells.
      if (!hasSpecialChar(en) && !hasSpecialChar(nl)) i18n.plainPair(entry, path, en, nl);
      else {
        i18n.checkPair(entry, path, en, nl, scanText(entry, en, path, owner, 'en'), scanText(entry, nl, path, owner, 'nl'));
        site.checkFactRefs(entry, en, path, 'en');
        site.checkFactRefs(entry, nl, path, 'nl');
      }
      style.checkTerms(entry, en, path, 'en', true);
      style.checkTerms(entry, nl, path, 'nl', true);
      site.checkFigures(entry, en, path, 'en', true);
      site.checkFigures(entry, nl, path, 'nl', true);
      i18n.checkStale(entry, path, en);
      if (labels || heading || key === 'title' || key === 'label' || key === 'name' || (typeof key === 'string' && key.endsWith('Title'))) style.checkCase(entry, en, path);
      return;
    } else {
      if (typeof en === 'string') scanText(entry, en, path, owner, 'en');
      if (typeof nl === 'string') scanText(entry, nl, path, owner, 'nl');
      if (Array.isArray(en) && Array.isArray(nl)) {
        i18n.checkListPair(entry, path, en, nl);
        i18n.checkStale(entry, path, en);
      }
    }
    // A rich-text heading's text is a heading (style/case); looked at once for the object, not for each of its keys.
    const isHeading = object.type === 'heading';
    for (const name in object) {
      path.push(name);
      visit(object[name], name, isHeading && name === 'text');
      path.pop();
    }
  };

  const scan = (scanned: Scanned) => {
    entry = scanned;
    owner = ownPath(entry.data, entry.collection);
    const { source } = entry;
    // Every text of the interface strings and the menus is a label or a title; elsewhere, those fields and headings.
    labels = entry.collection === 'singles' && /(^|\/)(ui|navigation)\.yaml$/.test(source.file);
    checkYamlReading(run, source);
    path.length = 0;
    visit(entry.data, undefined);
    checkSeo(run, entry);
    collectFacts(run, entry, owner);
  };
  return scan;
}
