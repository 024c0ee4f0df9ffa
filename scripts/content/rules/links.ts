/** Rules of links and the markup of texts: every link reaches a page (and its anchor), every text renders. */
import { hrefPattern, type Redirects } from '../../../schemas/index.ts';
import { contentAnchors, headingAnchors } from '../../../src/shared/anchors.ts';
import { hasMarkupChar, readMarkup } from '../../../src/shared/inline-text.ts';
import { englishPath, langOfPath, localizePath } from '../../../src/shared/paths.ts';
import { offsetInSource } from '../check/locate.ts';
import { list, own, record, type Entry, type Facts, type LinkFact, type Scanned } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import type { PathSegment } from '../source.ts';
import { didYouMean, didYouMeanPath } from '../suggest.ts';
import type { RuleId } from './registry.ts';
import { defineRules, type Severity } from './spec.ts';

export const rules = defineRules({
  'link/broken': {
    severity: 'error',
    description: "A link points at no page, redirect or anchor. Every kind of page has its anchors (`src/shared/anchors.ts`: its sections' headings, and the headings of its rich text).",
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

/** What is wrong with a link, as a rule, a message and a hint. */
type Verdict = { rule: RuleId; message: string; hint: string; severity: Severity };

const noLinks: string[] = [];

/**
 * Judges links to pages of this site by their target: a page in either language, or a redirect's source
 * (the anchors of a page once they are known). Each target is judged once, for every file that links to it.
 */
function linkJudge(known: Set<string>, redirects: Entry<Redirects>[], facts: Facts): (href: string) => Verdict[] {
  // English redirect sources; a Dutch one is refused where redirects are checked.
  const sources = redirects.flatMap((entry) => entry.data.redirects.map((r) => r.from)).filter((from) => langOfPath(from) !== 'nl');
  const targets = new Set<string>();
  for (const p of [...known, ...sources]) {
    targets.add(p);
    targets.add(localizePath(p, 'nl'));
  }
  const verdicts = new Map<string, Verdict[]>();
  return (href) => {
    const cached = verdicts.get(href);
    if (cached) return cached;
    const [beforeHash, hash] = href.split('#', 2) as [string, string | undefined];
    const target = beforeHash.split('?')[0]!;
    const found: Verdict[] = [];
    const clean = target.length > 1 && target.endsWith('/') ? target.slice(0, -1) : target;
    if (!targets.has(clean)) {
      found.push({
        rule: 'link/broken',
        message: `the link "${href}" points at no page`,
        hint: didYouMeanPath(englishPath(clean), [...known, ...sources]) || 'link to an existing page (npm run routes lists them)',
        severity: 'error',
      });
    } else {
      if (langOfPath(clean) === 'nl') {
        found.push({
          rule: 'link/language-prefix',
          message: `the link "${href}" names the Dutch page`,
          hint: `write the English path "${englishPath(clean)}"; Dutch pages add /nl themselves`,
          severity: 'warning',
        });
      }
      const anchors = hash ? facts.anchors.get(englishPath(clean)) : undefined;
      if (hash && anchors && !anchors.has(hash))
        found.push({ rule: 'link/broken', message: `"${clean}" has no anchor "#${hash}"`, hint: didYouMean(hash, anchors) || `anchors there: ${[...anchors].join(', ')}`, severity: 'error' });
    }
    // Kept by a copy of its target: the target is a slice of a file's text, which the cache would hold to the end of the run.
    verdicts.set(own(href), found);
    return found;
  };
}

/** Reports a link's verdicts: at its target inside a text, else at its field. */
function reportVerdicts(run: CheckRun, entry: Scanned, path: PathSegment[], href: string, inText: LinkFact['inText'], verdicts: Verdict[]): void {
  for (const verdict of verdicts) {
    const offset = inText ? offsetInSource(entry.source, path, inText.value, `](${href})`, inText.at) : undefined;
    run.report(entry, path, verdict.rule, verdict.message, verdict.hint, verdict.severity, offset === undefined ? undefined : offset + 2);
  }
}

/** The link rules of one run, as files are scanned: `href:` fields and the links and markup of texts. */
export function linkRules(run: CheckRun) {
  // Links are judged where they are found, by their target alone: each target once. A link to an anchor
  // waits for the end, when every page's anchors are known.
  let judge: ((href: string) => Verdict[]) | undefined;
  const link = (entry: Scanned, path: PathSegment[], href: string, owner: string | undefined, inText?: LinkFact['inText']) => {
    const first = href[0];
    if (first !== '/' && first !== '#') return;
    if (href.includes('#')) {
      run.facts.links.push({ entry, path: [...path], href: own(href), owner, inText: inText && { value: own(inText.value), at: inText.at } });
      return;
    }
    judge ??= linkJudge(run.routes, run.redirects, run.facts);
    reportVerdicts(run, entry, path, href, inText, judge(href));
  };
  // The inline markup of a text: what would not render, and its links, checked as `href:` fields are.
  // Returns the link targets, for comparing a text's two languages.
  const scanText = (entry: Scanned, value: string, path: PathSegment[], owner: string | undefined, lang?: 'en' | 'nl'): string[] => {
    // Most texts have no markup at all.
    if (!hasMarkupChar(value)) return noLinks;
    const { problems, links } = readMarkup(value);
    if (!problems.length && !links.length) return noLinks;
    const linkPath = lang ? [...path, lang] : [...path];
    for (const problem of problems) {
      run.report(entry, linkPath, 'markup/broken', problem.message, problem.hint, 'error', offsetInSource(entry.source, linkPath, value, problem.snippet, problem.at));
    }
    // Links, and links inside bold text (**[label](/path)**), which the page shows as links too.
    const targets: string[] = [];
    for (const { href, hrefAt } of links) {
      targets.push(href.endsWith('/') ? href.slice(0, -1) : href);
      if (!hrefPattern.test(href)) {
        const offset = offsetInSource(entry.source, linkPath, value, href, hrefAt);
        run.report(
          entry,
          linkPath,
          'link/invalid',
          `the link "${href}" in the text is not a page of this site nor a full address`,
          'write an internal path such as "/services/zirconia", or a full "https://", "mailto:" or "tel:" address',
          'error',
          offset,
        );
        continue;
      }
      link(entry, linkPath, href, owner, { value, at: hrefAt - 2 });
    }
    return targets.length ? targets : noLinks;
  };
  return { link, scanText };
}

/** The links to an anchor, once every page's anchors are known (with those the site settings add). */
export function checkAnchorLinks(run: CheckRun, known: Set<string>): void {
  const { facts } = run;
  const site = record(run.site);
  facts.anchors.useSite(site);
  const judge = linkJudge(known, run.redirects, facts);
  // An anchor alone where no page is its own: broken when no page has it.
  let everyAnchor: Set<string> | undefined;
  const nowhere = (hash: string): Verdict[] => {
    everyAnchor ??= facts.anchors.every();
    if (everyAnchor.has(hash)) return [];
    const suggestion = didYouMean(hash, everyAnchor);
    return [
      {
        rule: 'link/broken',
        message: `"#${hash}" is an anchor on the page that shows this link, and no page has it`,
        hint: `${suggestion ? `${suggestion.replace(/\?$/, '')}, on its page? ` : ''}write the page's path before it, such as "/about#team", so the link leads to that page`,
        severity: 'error',
      },
    ];
  };
  for (const { entry, path, href, owner, inText } of facts.links) {
    let found: Verdict[];
    if (href[0] === '#') {
      // An anchor on the page itself; in a file without a page of its own (a menu), on whichever page shows it.
      const hash = href.slice(1);
      const own = owner ? facts.anchors.get(owner) : undefined;
      if (!owner) found = hash ? nowhere(hash) : [];
      else
        found =
          hash && own && !own.has(hash)
            ? [{ rule: 'link/broken', message: `this page has no anchor "#${hash}"`, hint: didYouMean(hash, own) || `anchors on this page: ${[...own].join(', ')}`, severity: 'error' }]
            : [];
    } else found = judge(href);
    reportVerdicts(run, entry, path, href, inText, found);
  }
}

/** Records the anchors of the page a file defines; looks for two headings with one anchor only when there are. */
export function addAnchors(run: CheckRun, entry: Scanned, owner: string | undefined, template: string): void {
  if (!owner) return;
  // Those every page of the template has are the template's (PageAnchors); copied, as a heading's id is a slice of the file's text.
  const anchors = contentAnchors(template, record(entry.data)).map(own);
  run.facts.anchors.set(owner, template, anchors);
  // Two headings with one anchor are two of the content's anchors alike.
  if (anchors.length > 1 && new Set(anchors).size < anchors.length) duplicateHeadings(run, entry, template === 'about' ? ['story', 'body'] : ['body']);
}

/** Reports each heading of a rich text whose anchor an earlier heading has. */
function duplicateHeadings(run: CheckRun, entry: Scanned, path: PathSegment[]): void {
  const seen = new Set<string>();
  list(path.reduce<unknown>((value, segment) => record(value)[segment], entry.data)).forEach((block, i) => {
    const b = record(block);
    const id = b.type === 'heading' ? headingAnchors([b])[0] : undefined;
    if (!id) return;
    if (seen.has(id))
      run.at(
        entry,
        [...path, i, b.id === undefined ? 'text' : 'id'],
        'anchor/duplicate',
        `two headings have the anchor "#${id}", so a link reaches only the first`,
        'give this heading an id of its own: add "id:" with a short slug',
      );
    seen.add(id);
  });
}
