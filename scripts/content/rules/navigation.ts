/** Rules of the menus (content/navigation.yaml). */
import { list, record } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import { walk } from '../walk.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'nav/mega-menu': { severity: 'error', description: 'A second header item opens the mega-menu (`megaMenu: true`): reported at its own `megaMenu`, naming the first.' },
  'nav/missing-label': { severity: 'error', description: 'A menu link to something other than a page of this site has no label.' },
});

/** One header item opens the mega-menu; a link to anything but a page of this site has its label. */
export function checkNavigation(run: CheckRun, routes: Map<string, string>): void {
  // navigation.yaml with a schema error is still checked, as it was read.
  const nav = run.model.navigation ?? run.invalidSingles.find((entry) => entry.source.file.endsWith('/navigation.yaml'));
  if (!nav) return;
  // Each item after the first that opens the mega-menu, at its own "megaMenu: true".
  let first: number | undefined;
  list(record(nav.data).header).forEach((item, i) => {
    if (record(item).megaMenu !== true) return;
    if (first === undefined) first = i;
    else {
      const href = record(list(record(nav.data).header)[first]).href;
      run.at(
        nav,
        ['header', i, 'megaMenu'],
        'nav/mega-menu',
        `a second header item opens the mega-menu: header[${first}]${typeof href === 'string' ? ` (${href})` : ''} does already`,
        'set "megaMenu: true" on one item only: remove it here, or there',
      );
    }
  });
  walk(nav.data, (value, path) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const v = value as { href?: unknown; label?: unknown; title?: unknown };
    if (typeof v.href === 'string' && v.label === undefined && v.title === undefined && !routes.has(v.href) && !v.href.startsWith('/')) {
      run.at(nav, path, 'nav/missing-label', `the link to "${v.href}" needs a label`, 'only links to pages of this site can leave out "label"');
    }
  });
}
