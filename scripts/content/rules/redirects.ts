/** Rules of content/redirects.yaml: a redirect never takes a page off the site, and lands on a page in one step. */
import { Redirects } from '../../../schemas/index.ts';
import { englishPath, langOfPath } from '../../../src/shared/paths.ts';
import { list, record, type Entry } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import type { SourceFile } from '../source.ts';
import { didYouMeanPath } from '../suggest.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'redirect/source-is-page': { severity: 'error', description: "A redirect would take a page off the site: its source is a page, or a page's Dutch path." },
  'redirect/source-is-dutch': { severity: 'error', description: 'A redirect starts from a Dutch path: write the English one (both languages follow).' },
  'redirect/target-missing': { severity: 'error', description: 'A redirect points at no page.' },
  'redirect/chain': { severity: 'error', description: "A redirect points at another redirect's source: point it straight at the page." },
  'redirect/loop': { severity: 'error', description: 'Redirects lead back to where they started.' },
  'redirect/duplicate': { severity: 'error', description: 'One path is redirected twice.' },
});

const RedirectItem = Redirects.shape.redirects.element;

/**
 * The redirects of a file that failed its schema which are right in themselves, each at its own index (the
 * others are holes, which forEach, map and filter pass over), so that they are checked and pointed at.
 */
export function validRedirects(source: SourceFile, data: unknown): Entry<Redirects> {
  const valid: Redirects['redirects'] = [];
  list(record(data).redirects).forEach((item, i) => {
    const parsed = RedirectItem.safeParse(item);
    if (parsed.success) valid[i] = parsed.data;
  });
  return { source, data: { redirects: valid } };
}

/** Redirects: English paths (the Dutch one follows), never a page of the site, never chained. Gives each source's target. */
export function checkRedirects(run: CheckRun, known: Set<string>, routes: Map<string, string>): Map<string, string> {
  const redirectTo = new Map<string, string>();
  for (const entry of run.redirects) {
    entry.data.redirects.forEach((r, i) => {
      const source = ['redirects', i, 'from'];
      if (langOfPath(r.from) === 'nl') {
        const english = englishPath(r.from);
        if (known.has(english))
          run.at(
            entry,
            source,
            'redirect/source-is-page',
            `"${r.from}" is the Dutch page of "${english}" (${routes.get(english) ?? 'a page whose file has an error'}), so redirecting it would take the page off the site`,
            'remove the redirect: a page cannot redirect',
          );
        else run.at(entry, source, 'redirect/source-is-dutch', `"${r.from}" is a Dutch path`, `write the English path "${english}": its Dutch path redirects with it, to the Dutch page`);
        return;
      }
      if (redirectTo.has(r.from)) run.at(entry, source, 'redirect/duplicate', `"${r.from}" is redirected twice`, 'keep one of the two entries');
      else if (known.has(r.from))
        run.at(
          entry,
          source,
          'redirect/source-is-page',
          `"${r.from}" is a page (${routes.get(r.from) ?? 'a page whose file has an error'}), so redirecting it would take the page off the site`,
          'remove the redirect or the page',
        );
      redirectTo.set(r.from, r.to);
    });
  }
  for (const entry of run.redirects) {
    entry.data.redirects.forEach((r, i) => {
      if (!redirectTo.has(r.from) || redirectTo.get(r.from) !== r.to) return;
      if (redirectTo.has(r.to)) {
        const seen = new Set([r.from]);
        let next: string | undefined = r.to;
        while (next !== undefined && !seen.has(next)) {
          seen.add(next);
          next = redirectTo.get(next);
        }
        if (next !== undefined) run.at(entry, ['redirects', i, 'to'], 'redirect/loop', `redirecting "${r.from}" to "${r.to}" leads back to "${next}"`, 'point the redirect at a page');
        else run.at(entry, ['redirects', i, 'to'], 'redirect/chain', `"${r.to}" redirects again (to "${redirectTo.get(r.to)}")`, `point "${r.from}" straight at "${redirectTo.get(r.to)}"`);
      } else if (!known.has(englishPath(r.to))) {
        run.at(entry, ['redirects', i, 'to'], 'redirect/target-missing', `"${r.to}" is not a page`, didYouMeanPath(r.to, routes.keys()) || 'point the redirect at an existing page');
      }
    });
  }
  return redirectTo;
}
