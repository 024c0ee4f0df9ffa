/** Rules of the addresses a release published (content/published-urls.txt). */
import { join } from 'node:path';
import type { CheckRun } from '../check/run.ts';
import { publishedListName, readPublished, removedDiagnostic, vanishedUrls } from '../published.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'url/removed': { severity: 'error', description: 'An address a release published (`content/published-urls.txt`) is no longer a page nor redirected (see "Addresses that never vanish").' },
});

/** Every URL a release published is still a page, or a redirect's source. */
export function checkPublished(run: CheckRun, known: Set<string>, redirectTo: Map<string, string>): void {
  const urls = readPublished(run.contentDir);
  if (!urls.length) return;
  const pageFiles = new Map([...run.model.pages.values()].map((entry) => [entry.source.file, entry]));
  const vanished = vanishedUrls(urls, {
    pages: known,
    redirected: new Set(redirectTo.keys()),
    pathOf: (file) => {
      const data = pageFiles.get(file)?.data;
      return data && 'path' in data ? data.path : undefined;
    },
  });
  const listFile = run.rel(join(run.contentDir, publishedListName));
  for (const removed of vanished) run.diagnostics.push(removedDiagnostic(removed, listFile, (file, yamlPath) => pageFiles.get(file)?.source.locate(yamlPath)));
}
