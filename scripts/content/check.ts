/**
 * The content check: reads, validates and cross-checks all of content/, reporting every problem found. One
 * `CheckRun` (check/run.ts) holds what a run knows; the rules are families of modules over it (rules/, each
 * listed with its id, severity and description in rules/registry.ts).
 */
import { existsSync } from 'node:fs';
import type { UiDictionary } from '../../schemas/index.ts';
import { readCollections, readSingles } from './check/discover.ts';
import { isRecord, routePaths, type CheckOptions, type CheckResult } from './check/model.ts';
import { CheckRun } from './check/run.ts';
import { scanner } from './check/scan.ts';
import { checkPagePaths, checkRequiredFiles, checkRequiredPages } from './rules/files.ts';
import { checkAnchorLinks } from './rules/links.ts';
import { checkNavigation } from './rules/navigation.ts';
import { checkRedirects } from './rules/redirects.ts';
import { checkRefs } from './rules/refs.ts';
import { checkSite } from './rules/site.ts';
import { checkUiGroups, checkUiKeys } from './rules/ui.ts';
import { checkPublished } from './rules/urls.ts';

export { pageFiles, requiredPages, routePaths, type CheckOptions, type CheckResult, type ContentModel, type Entry } from './check/model.ts';
export { labFigures } from './rules/site.ts';
export { seoLimits } from './rules/seo.ts';

/** Reads, validates and cross-checks all of `content/`, reporting every problem found. */
export function checkContent(options: CheckOptions): CheckResult {
  const run = new CheckRun(options);
  const { model, diagnostics } = run;
  const done = () => ({ diagnostics, model, files: run.files });
  if (!existsSync(run.contentDir)) {
    run.fileProblem(run.rel(run.contentDir), 'content/missing-file', 'the content folder does not exist', 'run the command from the project root');
    return done();
  }
  const scan = scanner(run);

  // Discover and read: the site-wide files first, then the collections (all but pages scanned as they come).
  readSingles(run);
  checkRequiredFiles(run);
  const pages = readCollections(run, scan);
  // Site-wide files and pages are few and needed whole by the cross-file checks; they are scanned last.
  for (const entry of [model.site, model.navigation, model.ui, ...model.redirects]) if (entry) scan({ ...entry, valid: true, collection: 'singles' });
  for (const entry of run.invalidSingles) scan(entry);
  for (const entry of pages) scan(entry);
  checkRequiredPages(run);

  // Across files: the English path of every page, service and article, also of files that failed their
  // schema (their path is known from the file), so a link to them is not reported as well.
  const routes = routePaths(model);
  const known = new Set(routes.keys());
  for (const slug of run.brokenSlugs.services) known.add(`/services/${slug}`);
  for (const slug of run.brokenSlugs.articles) known.add(`/blog/${slug}`);
  for (const path of run.unreadablePages) known.add(path);
  checkPagePaths(run, known);
  const redirectTo = checkRedirects(run, known, routes);
  checkAnchorLinks(run, known);
  checkRefs(run);
  checkNavigation(run, routes);
  checkPublished(run, known, redirectTo);
  checkSite(run);
  // ui.yaml with a schema error is still checked for the keys the code uses, as it was read.
  const uiAsRead = run.invalidSingles.find((entry) => entry.source.file.endsWith('/ui.yaml'));
  const ui = model.ui ?? (uiAsRead && isRecord(uiAsRead.data) ? { source: uiAsRead.source, data: uiAsRead.data as UiDictionary } : undefined);
  checkUiGroups(run, ui);
  checkUiKeys(run, ui);
  return done();
}
