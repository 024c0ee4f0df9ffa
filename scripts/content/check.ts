import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { imageSize } from 'image-size';
import type { z } from 'zod';
import {
  Article, contentUiKeys, Glossary, hrefPattern, Navigation, Page, photoPageIds, Redirects, Service, shellUiGroups, SiteSettings, Testimonial, UiDictionary,
  type Page as PageData, type Service as ServiceData,
} from '../../schemas/index.ts';
import type { Diagnostic } from './diagnostics.ts';
import type { RuleId } from './rules/registry.ts';
import { SourceFile, type PathSegment } from './source.ts';
import { closest, didYouMean, didYouMeanPath } from './suggest.ts';
import { compileNames, titleCase, type Names } from './case.ts';
import { validate, dotted } from './validate.ts';
import { headingAnchors, pageAnchors, siteAnchors } from '../../src/shared/anchors.ts';
import { factAt, factReference, factText, fillFacts } from '../../src/shared/facts.ts';
import { inlineProblems, parseInline } from '../../src/shared/inline-text.ts';
import { englishPath, langOfPath, localizePath } from '../../src/shared/paths.ts';
import { walk } from './walk.ts';
import { publishedListName, readPublished, removedDiagnostic, vanishedUrls, type PublishedUrl } from './published.ts';
import { confirmedEnglish, englishHash, fileHash, lockKey, quoted, readLock, translationLockName } from './translations.ts';

/** Where the check reads from; every path is absolute. */
export interface CheckOptions {
  /** The project root; file names in messages are relative to it. */
  root: string;
  /** Defaults to `<root>/content`. */
  contentDir?: string;
  /** Defaults to `<root>/src/assets/images`. */
  imagesDir?: string;
  /** Defaults to `<root>/src/assets/videos`. */
  videosDir?: string;
  /**
   * The files served as they are, where the lab's downloads (`downloads` in site.yaml) must be: defaults to
   * `<root>/src/public`. A root without it (a bare content folder) gets no download check.
   */
  publicDir?: string;
  /**
   * The code whose interface strings `ui.yaml` must hold: defaults to the `.ts` and `.tsx` files under
   * `<root>/src`, `<root>/schemas` and `<root>/scripts`. A root without code (a bare content folder) gets no
   * interface-string check.
   */
  codeDirs?: string[];
  /**
   * Check for a release (`npm run build -- --release`): a fact listed under `placeholders` in site.yaml is an
   * error at its place, instead of the preview's note.
   */
  release?: boolean;
  /**
   * Keep every validated file in the model (needed to write the manifest). Without it, services,
   * articles and testimonials are checked as they are read and only their facts are kept, so a large
   * site is checked without holding all of it in memory.
   */
  retain?: boolean;
}

/** A validated file together with its source, for pointing at nodes. */
export interface Entry<T> {
  source: SourceFile;
  /** The validated data; for services, articles and testimonials only while `retain` is set. */
  data: T;
}

/** Everything the check read and accepted; invalid files are left out. */
export interface ContentModel {
  site?: Entry<SiteSettings>;
  navigation?: Entry<Navigation>;
  ui?: Entry<UiDictionary>;
  redirects: Entry<Redirects>[];
  pages: Map<string, Entry<PageData>>;
  services: Map<string, Entry<ServiceData>>;
  articles: Map<string, Entry<Article>>;
  testimonials: Map<string, Entry<Testimonial>>;
  /** Width and height of every image the content uses, by its path in the images folder. */
  images: Map<string, { width: number; height: number }>;
}

/** The result of one check run. */
export interface CheckResult {
  diagnostics: Diagnostic[];
  model: ContentModel;
  /** How many content files were read. */
  files: number;
}

/** Page ids that must each have a file in content/pages/. */
export const requiredPages = Page.options.map((o) => o.shape.id.value);

const collections = {
  pages: { schema: Page, key: 'id' },
  services: { schema: Service, key: 'slug' },
  articles: { schema: Article, key: 'slug' },
  testimonials: { schema: Testimonial, key: 'id' },
} as const;
type CollectionName = keyof typeof collections;

const singles = {
  'glossary.yaml': { schema: Glossary, required: false },
  'site.yaml': { schema: SiteSettings, required: true },
  'navigation.yaml': { schema: Navigation, required: true },
  'ui.yaml': { schema: UiDictionary, required: true },
  'redirects.yaml': { schema: Redirects, required: false },
} as const;

/** What an editor or an operating system leaves beside files, which the check passes over without a word. */
const ignoredName = /^(\.DS_Store|Thumbs\.db|desktop\.ini|\.#.*|#.*#|.*~|.*\.sw[a-p]|\.gitkeep)$/i;

/** A glossary made ready for the check: per language, one pattern for all its words and each word's entry. */
type GlossaryWords = Map<string, { use: string; note?: string; forbidden: boolean }>;
type CompiledGlossary = Partial<Record<'en' | 'nl', { pattern: RegExp; words: GlossaryWords }>>;

/** A term as it is compared: lower case, single spaces. */
function normalizeTerm(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

/** Per language, every word to avoid in one pattern (matched whole, a phrase with any spacing between its words). */
function compileGlossary(glossary: Glossary): CompiledGlossary {
  const compiled: CompiledGlossary = {};
  for (const lang of ['en', 'nl'] as const) {
    const words: GlossaryWords = new Map();
    for (const term of glossary[lang]) {
      for (const word of Array.isArray(term.avoid) ? term.avoid : [term.avoid]) words.set(normalizeTerm(word), { use: term.use, note: term.note, forbidden: term.forbidden });
    }
    // \\b first: a word can only start there (the whole-word test after a match also knows accented letters).
    if (words.size) compiled[lang] = { pattern: new RegExp(`\\b${trieSource([...words.keys()])}`, 'g'), words };
  }
  return compiled;
}

/** A letter or digit: a glossary word must not continue into one. */
const wordChar = /[\p{L}\p{N}]/u;

/**
 * One pattern for many words, as a tree of their letters: a position of the text is tried once per first
 * letter, not once per word, which makes it several times faster than a list of alternatives. The first
 * letter of each word matches in either case (a sentence or a heading may begin with it); a space matches
 * any spacing.
 */
function trieSource(words: string[]): string {
  type Node = { next: Map<string, Node>; end: boolean };
  const root: Node = { next: new Map(), end: false };
  for (const word of words) {
    let node = root;
    for (const char of word) {
      if (!node.next.has(char)) node.next.set(char, { next: new Map(), end: false });
      node = node.next.get(char)!;
    }
    node.end = true;
  }
  const atom = (char: string, first: boolean) =>
    char === ' ' ? '\\s+' : first && char.toUpperCase() !== char ? `[${char}${char.toUpperCase()}]` : char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  // Each word of a phrase may begin with a capital (a heading in title case).
  const build = (node: Node, first: boolean): string => {
    const branches = [...node.next].map(([char, next]) => atom(char, first) + build(next, char === ' '));
    if (!branches.length) return '';
    const body = branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
    // A word that ends here, while longer ones go on: the longer match is tried first.
    return node.end ? `(?:${body})?` : body;
  };
  return build(root, true);
}

/** The characters inline markup needs: a text without any has none to check. */
const markupChars = /[*[\]<]/;
/** Those and a placeholder's brace. */
const specialChars = /[*[\]<{]/;
const noLinks: string[] = [];

/** A file the check read: its validated data when it passed its schema, else its data as parsed. */
interface Scanned {
  source: SourceFile;
  data: unknown;
  valid: boolean;
  collection: CollectionName | 'singles';
}

/** Reads, validates and cross-checks all of `content/`, reporting every problem found. */
export function checkContent(options: CheckOptions): CheckResult {
  const root = options.root;
  const contentDir = options.contentDir ?? join(root, 'content');
  const imagesDir = options.imagesDir ?? join(root, 'src', 'assets', 'images');
  const videosDir = options.videosDir ?? join(root, 'src', 'assets', 'videos');
  const publicDir = options.publicDir ?? join(root, 'src', 'public');
  const rel = (abs: string) => relative(root, abs).split(sep).join('/');
  const diagnostics: Diagnostic[] = [];
  const model: ContentModel = {
    redirects: [], pages: new Map(), services: new Map(), articles: new Map(), testimonials: new Map(), images: new Map(),
  };
  // Slugs of files that exist but failed validation: links and references to them are not reported again.
  const brokenSlugs: Record<CollectionName, Set<string>> = { pages: new Set(), services: new Set(), articles: new Set(), testimonials: new Set() };
  // Paths of pages whose file could not be parsed at all, read from their "path:" line.
  const unreadablePages = new Set<string>();
  let files = 0;

  const fileProblem = (file: string, rule: RuleId, message: string, hint?: string, severity: Diagnostic['severity'] = 'error') =>
    diagnostics.push({ file, line: 1, column: 1, severity, rule, message, hint: hint || undefined });
  const at = (entry: { source: SourceFile }, path: readonly PathSegment[], rule: RuleId, message: string, hint?: string, severity: Diagnostic['severity'] = 'error') => {
    const { line, column } = entry.source.locate(path);
    diagnostics.push({ file: entry.source.file, line, column, severity, rule, message, hint: hint || undefined, path: dotted(path) });
  };

  const read = (abs: string): SourceFile | undefined => {
    files++;
    const source = new SourceFile(rel(abs), readFileSync(abs, 'utf8'), abs);
    if (source.syntaxErrors.length) {
      diagnostics.push(...source.syntaxErrors);
      return undefined;
    }
    if (source.data === undefined || source.data === null) {
      fileProblem(source.file, 'content/empty-file', 'the file is empty', 'write its fields, or copy a file of the same kind and change it; an unused file can be deleted');
      return undefined;
    }
    return source;
  };

  const ctx: CrossContext = { imagesDir, videosDir, rel, at, diagnostics };
  // Links are judged where they are found, by their target alone: each target once. A link to an anchor
  // waits for the end, when every page's anchors are known.
  let judge: ((href: string) => Verdict[]) | undefined;
  const link = (entry: Scanned, path: PathSegment[], href: string, owner: string | undefined, inText?: LinkFact['inText']) => {
    const first = href[0];
    if (first !== '/' && first !== '#') return;
    if (href.includes('#')) {
      facts.links.push({ entry, path: [...path], href: own(href), owner, inText: inText && { value: own(inText.value), at: inText.at } });
      return;
    }
    judge ??= linkJudge(routes, redirects, facts);
    for (const verdict of judge(href)) {
      const offset = inText ? offsetInSource(entry.source, path, inText.value, `](${href})`, inText.at) : undefined;
      report(ctx, entry, path, verdict.rule, verdict.message, verdict.hint, verdict.severity, offset === undefined ? undefined : offset + 2);
    }
  };
  let terms: CompiledGlossary | undefined;
  // Each use of a glossary term in a text of its language, at its place: a Dutch text is searched for the
  // Dutch words, an English one for the English words.
  const checkTerms = (entry: Scanned, value: string, path: PathSegment[], lang: 'en' | 'nl', inPair: boolean) => {
    const glossary = terms?.[lang];
    if (!glossary) return;
    const { pattern, words } = glossary;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
      // Whole words only: "passtukken" is not "passtuk".
      if (wordChar.test(value[match.index - 1] ?? ' ') || wordChar.test(value[match.index + match[0].length] ?? ' ')) continue;
      const term = words.get(normalizeTerm(match[0]));
      if (!term) continue;
      const fullPath = inPair ? [...path, lang] : [...path];
      const offset = offsetInSource(entry.source, fullPath, value, match[0], match.index) ?? offsetInSource(entry.source, fullPath, value, match[0].split(/\s+/)[0]!, match.index);
      report(ctx, entry, fullPath, 'style/term', `"${match[0].replace(/\s+/g, ' ')}": write "${term.use}"${term.note ? ` (${term.note})` : ''}`, term.forbidden ? 'remove it: the glossary forbids it' : `the glossary (content/glossary.yaml) settles "${term.use}"`, term.forbidden ? 'error' : 'warning', offset);
    }
  };
  // A figure about the lab written into a text by hand (decision 30): the years of experience, the team, the
  // cases or the rush service belong in site settings, shown with {figures...}, so one place changes them and
  // a release refuses them while they are examples. The settings themselves are where they are written.
  const checkFigures = (entry: Scanned, value: string, path: PathSegment[], lang: 'en' | 'nl', inPair: boolean) => {
    if (/(^|\/)(site|glossary)\.yaml$/.test(entry.source.file)) return;
    for (const found of labFigures(value, lang)) {
      const fullPath = inPair ? [...path, lang] : [...path];
      report(ctx, entry, fullPath, 'text/lab-figure', `"${found.text}" is a figure about the lab written by hand`, found.hint, 'error', offsetInSource(entry.source, fullPath, value, found.text, found.at));
    }
  };
  let glossaryNames: string[] = [];
  let names: Names | null = null;
  // An English heading, title, menu item or button in title case, at its first word to lower (rule style/case).
  // The names that keep their capitals are the glossary's and the lab's; read once site.yaml is in.
  const checkCase = (entry: Scanned, value: string, path: PathSegment[]) => {
    if (names === null) {
      const site = model.site?.data;
      names = compileNames([...glossaryNames, ...(site ? [site.name, site.legalName] : [])]);
    }
    const found = titleCase(value, names);
    if (!found) return;
    const fullPath = [...path, 'en'];
    report(ctx, entry, fullPath, 'style/case', `"${value}" is in title case: write "${found.suggestion}"`, 'headings, titles, menus and buttons are written in sentence case: a capital for the first word and for names only (a name that keeps its capitals goes under "names" in content/glossary.yaml)', 'warning', offsetInSource(entry.source, fullPath, value, found.word, found.at));
  };
  // The English each Dutch text was last confirmed against (translations.ts): a Dutch text whose English
  // changed since is probably out of date.
  const lock = existsSync(contentDir) ? readLock(contentDir) : {};
  const contentPrefix = `${rel(contentDir)}/`;
  // The lock's record of the file being scanned, looked up once a file; none to compare with when the file
  // is the one that was confirmed (most files, most of the time).
  let lockOf: { source?: SourceFile; record?: Record<string, string> } = {};
  const checkStale = (entry: Scanned, path: PathSegment[], en: string | unknown[]) => {
    const { file } = entry.source;
    if (lockOf.source !== entry.source) {
      const record = lock[file.startsWith(contentPrefix) ? file.slice(contentPrefix.length) : file];
      lockOf = { source: entry.source, record: record && record.file !== fileHash(entry.source.text) ? record.en : undefined };
    }
    const confirmed = lockOf.record?.[lockKey(path)];
    if (confirmed === undefined || englishHash(en) === confirmed) return;
    const before = confirmedEnglish(join(root, file), path, confirmed);
    at(
      entry, [...path, 'nl'], 'i18n/stale-nl',
      before === undefined ? `the English has changed since this Dutch text was confirmed; it is now ${quoted(en)}` : `the English has changed since this Dutch text was confirmed: it was ${quoted(before)} and is now ${quoted(en)}`,
      `bring the Dutch in line with the English, then run npm run translations -- --confirm ${file}`,
      options.release ? 'error' : 'warning',
    );
  };
  const facts: Facts = { links: [], refs: [], anchors: new Map(), serviceKinds: new Map(), pagePaths: [], samples: [], templates: new Map(), photoless: [] };
  // The lab's facts a text may show by their path ({turnaround.items.zirconiaCrown.days}), found once.
  let factPaths: string[] | undefined;
  // Each {fact} in a content text must name one value of the site settings (read before the other files).
  // Interface strings keep braces of their own ({count}), which the app fills in.
  const checkFactRefs = (entry: Scanned, value: string, path: PathSegment[]) => {
    const site = model.site?.data;
    if (!site || !value.includes('{') || /(^|\/)ui\.yaml$/.test(entry.source.file)) return;
    for (const match of value.matchAll(factReference)) {
      const name = match[1]!;
      const found = factAt(site, name);
      if (factText(found, 'en') !== undefined) continue;
      factPaths ??= showableFacts(site);
      const suggestion = closest(name, factPaths);
      const message = found === undefined ? `"{${name}}" names no fact of the site settings (content/site.yaml)` : `"{${name}}" is a group of facts, not one value a text can show`;
      const hint = suggestion ? `did you mean "{${suggestion}}"?` : 'write the path of a value in content/site.yaml, e.g. "{phone.display}" or "{turnaround.items.zirconiaCrown.days}"';
      report(ctx, entry, path, 'text/unknown-fact', message, hint, 'error', offsetInSource(entry.source, path, value, match[0], match.index));
    }
  };
  const visitImage = imageVisitor(model, ctx);
  const { checkPair, plainPair, checkListPair } = languageChecks(ctx);
  // Checks one file on its own, whether or not it passed its schema, and records what the cross-file checks
  // need: links, references, anchors. A file that failed its schema is read as parsed, so one mistake in it
  // never hides another.
  const scan = (entry: Scanned) => {
    const owner = ownPath(entry.data, entry.collection);
    const { source } = entry;
    // Every text of the interface strings and the menus is a label or a title; elsewhere, those fields and headings.
    const labels = entry.collection === 'singles' && /(^|\/)(ui|navigation)\.yaml$/.test(source.file);
    for (const cut of source.cutByComment) {
      const { line, column } = source.position(cut.comment);
      const shown = source.text.slice(cut.start, cut.end).trim();
      diagnostics.push({
        file: source.file, line, column, severity: 'warning', rule: 'yaml/comment-in-text',
        message: `the text stops at " #": YAML reads the rest of the line as a comment, so the page shows only "${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}"`,
        hint: 'put the whole text between double quotes to keep the # and what follows, or move a comment to a line of its own',
      });
    }
    for (const at of source.plainQuestionsInFlow()) {
      const { line, column } = source.position(at);
      diagnostics.push({
        file: source.file, line, column, severity: 'warning', rule: 'yaml/flow-question',
        message: 'a "?" in an unquoted text inside { }: this project reads it, but other YAML tools (translation memories, CMS imports) stop at it',
        hint: 'put the text between double quotes, e.g. { en: "Who do I go to?", nl: "Bij wie kan ik terecht?" }',
      });
    }
    // Every value of the file, depth first, with its path (one array, pushed and popped).
    const path: PathSegment[] = [];
    const visit = (value: unknown, key: PathSegment | undefined, heading = false): void => {
      if (typeof value === 'string') {
        if (key === 'href') link(entry, path, value, owner);
        // The texts of an { en, nl } pair are read with their pair (below), once each.
        else if (key !== 'en' && key !== 'nl') {
          scanText(entry, value, path, owner);
          // An item of a list in one language (`en: [...]`).
          const list = typeof key === 'number' ? path[path.length - 2] : undefined;
          if (list === 'en' || list === 'nl') {
            checkTerms(entry, value, path, list, false);
            checkFigures(entry, value, path, list, false);
            checkFactRefs(entry, value, path);
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
      if (en === undefined && nl === undefined) visitImage(entry, object, path);
      else if (typeof en === 'string' && typeof nl === 'string') {
        // Most pairs hold no markup and no placeholder: one look at each text tells.
        if (!specialChars.test(en) && !specialChars.test(nl)) plainPair(entry, path, en, nl);
        else {
          checkPair(entry, path, en, nl, scanText(entry, en, path, owner, 'en'), scanText(entry, nl, path, owner, 'nl'));
          checkFactRefs(entry, en, [...path, 'en']);
          checkFactRefs(entry, nl, [...path, 'nl']);
        }
        checkTerms(entry, en, path, 'en', true);
        checkTerms(entry, nl, path, 'nl', true);
        checkFigures(entry, en, path, 'en', true);
        checkFigures(entry, nl, path, 'nl', true);
        checkStale(entry, path, en);
        if (labels || heading || key === 'title' || key === 'label' || key === 'name' || (typeof key === 'string' && key.endsWith('Title'))) checkCase(entry, en, path);
        return;
      } else {
        if (typeof en === 'string') scanText(entry, en, path, owner, 'en');
        if (typeof nl === 'string') scanText(entry, nl, path, owner, 'nl');
        if (Array.isArray(en) && Array.isArray(nl)) {
          checkListPair(entry, path, en, nl);
          checkStale(entry, path, en);
        }
      }
      for (const name in object) {
        path.push(name);
        visit(object[name], name, name === 'text' && object.type === 'heading');
        path.pop();
      }
    };
    visit(entry.data, undefined);
    checkSeo(entry, ctx, model.site?.data);
    collectFacts(entry, owner, facts, ctx);
  };
  // The inline markup of a text: what would not render, and its links, checked as `href:` fields are.
  // Returns the link targets, for comparing a text's two languages.
  const scanText = (entry: Scanned, value: string, path: PathSegment[], owner: string | undefined, lang?: 'en' | 'nl'): string[] => {
    // Most texts have no markup at all.
    if (!markupChars.test(value)) return noLinks;
    const parts = parseInline(value);
    const problems = inlineProblems(value, parts);
    let targets: string[] | undefined;
    let linkPath: PathSegment[] | undefined;
    for (const problem of problems) {
      linkPath ??= lang ? [...path, lang] : [...path];
      report(ctx, entry, linkPath, 'markup/broken', problem.message, problem.hint, 'error', offsetInSource(entry.source, linkPath, value, problem.snippet, problem.at));
    }
    for (const part of parts) {
      if (part.type !== 'link') continue;
      linkPath ??= lang ? [...path, lang] : [...path];
      (targets ??= []).push(part.href.endsWith('/') ? part.href.slice(0, -1) : part.href);
      if (!hrefPattern.test(part.href)) {
        const offset = offsetInSource(entry.source, linkPath, value, part.href, part.hrefAt);
        report(ctx, entry, linkPath, 'link/invalid', `the link "${part.href}" in the text is not a page of this site nor a full address`, 'write an internal path such as "/services/zirconia", or a full "https://", "mailto:" or "tel:" address', 'error', offset);
        continue;
      }
      link(entry, linkPath, part.href, owner, { value, at: part.hrefAt - 2 });
    }
    return targets ?? noLinks;
  };

  if (!existsSync(contentDir)) {
    fileProblem(rel(contentDir), 'content/missing-file', 'the content folder does not exist', 'run the command from the project root');
    return { diagnostics, model, files };
  }

  const invalidSingles: Scanned[] = [];
  // The redirects links may lead to and the check holds to its rules: the model's, and those of a file that
  // failed its schema which are right in themselves.
  const redirects: Entry<Redirects>[] = [];
  // Single files at the top of content/, and anything there the site does not read.
  for (const dirent of readdirSync(contentDir, { withFileTypes: true }).sort(byName)) {
    const name = dirent.name;
    const abs = join(contentDir, name);
    if (ignoredName.test(name)) continue;
    if (dirent.isDirectory()) {
      if (!(name in collections)) misplacedFolder(abs, name, Object.keys(collections), ctx, fileProblem);
      continue;
    }
    // The URLs a release published (published.ts), checked once every page is known.
    if (name === publishedListName || name === translationLockName) continue;
    if (!isYamlName(name)) {
      fileProblem(rel(abs), 'content/unknown-file', `"${name}" is not read by the site`, 'content/ holds only YAML files; keep notes elsewhere', 'warning');
      continue;
    }
    if (!(name in singles)) {
      const lower = name.replace(/\.ya?ml$/i, '.yaml');
      const suggestion = lower in singles ? `rename it to ${lower}` : didYouMean(lower, Object.keys(singles)) || `the files read here are ${Object.keys(singles).join(', ')}; a service, article, page or testimonial goes in its folder (${Object.keys(collections).join(', ')})`;
      fileProblem(rel(abs), 'content/unknown-file', `"${name}" is not read by the site, so nothing in it is published`, suggestion);
      continue;
    }
    const source = read(abs);
    if (!source) continue;
    const key = name as keyof typeof singles;
    const result = validate(source, singles[key].schema as z.ZodType);
    diagnostics.push(...result.diagnostics);
    const scanned: Scanned = { source, data: result.data ?? source.data, valid: result.data !== undefined, collection: 'singles' };
    source.data = undefined;
    if (!scanned.valid) {
      // Scanned with the others at the end, when every page a link may name is known.
      invalidSingles.push(scanned);
      if (key === 'redirects.yaml') redirects.push(validRedirects(source, scanned.data));
      continue;
    }
    const entry = { source, data: result.data };
    // Read before any text is scanned (its name sorts first, and the folders come after the files).
    if (key === 'glossary.yaml') {
      terms = compileGlossary(result.data as Glossary);
      glossaryNames = (result.data as Glossary).names;
    }
    if (key === 'glossary.yaml') continue;
    if (key === 'site.yaml') model.site = entry as Entry<SiteSettings>;
    else if (key === 'navigation.yaml') model.navigation = entry as Entry<Navigation>;
    else if (key === 'ui.yaml') model.ui = entry as Entry<UiDictionary>;
    else {
      model.redirects.push(entry as Entry<Redirects>);
      redirects.push(entry as Entry<Redirects>);
    }
  }
  for (const [name, { required }] of Object.entries(singles)) {
    if (required && !existsSync(join(contentDir, name))) {
      fileProblem(rel(join(contentDir, name)), 'content/missing-file', `content/${name} is missing`, 'every site needs this file; see the README');
    }
  }

  // One file per entry in each collection folder; the file name is the slug or id.
  const pagesToScan: Scanned[] = [];
  // The English path of every page, service and article, once each file is read (pages come first, the
  // services and articles are known from their file names), so a link is judged as it is scanned.
  const routes = new Set<string>();
  for (const [collection, prefix] of [['services', '/services/'], ['articles', '/blog/']] as const) {
    const dir = join(contentDir, collection);
    if (existsSync(dir)) for (const name of readdirSync(dir)) if (name.endsWith('.yaml')) routes.add(`${prefix}${name.slice(0, -'.yaml'.length)}`);
  }
  for (const [collection, { schema, key }] of Object.entries(collections) as [CollectionName, (typeof collections)[CollectionName]][]) {
    const dir = join(contentDir, collection);
    const entries = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).sort(byName) : [];
    for (const dirent of entries) {
      const name = dirent.name;
      const abs = join(dir, name);
      if (ignoredName.test(name)) continue;
      if (dirent.isDirectory()) {
        misplacedFolder(abs, name, [], ctx, fileProblem, collection);
        continue;
      }
      if (!name.endsWith('.yaml')) {
        if (isYamlName(name)) fileProblem(rel(abs), 'content/file-name', `"${name}" is not read: content files end in ".yaml", in lower case`, `rename it to ${name.replace(/\.ya?ml$/i, '.yaml')}`);
        else fileProblem(rel(abs), 'content/unknown-file', `"${name}" is not read by the site`, `content/${collection}/ holds only .yaml files`, 'warning');
        continue;
      }
      const stem = name.slice(0, -'.yaml'.length);
      const source = read(abs);
      if (!source) {
        brokenSlugs[collection].add(stem);
        // A page that cannot be parsed still says its path on a line of its own: links to it are not
        // reported as broken beside the file's own error, which is the one to fix.
        const path = collection === 'pages' ? /^path:[ \t]*(['"]?)(\/[^\s'"#]*)\1[ \t]*(?:#.*)?$/m.exec(readFileSync(abs, 'utf8'))?.[2] : undefined;
        if (path) {
          unreadablePages.add(path);
          routes.add(path);
        }
        continue;
      }
      const result = validate(source, schema as z.ZodType);
      diagnostics.push(...result.diagnostics);
      const declared = (source.data as Record<string, unknown> | null)?.[key];
      const scanned: Scanned = { source, data: result.data ?? source.data, valid: result.data !== undefined, collection };
      // The validated copy replaces the parsed data; holding both would double the memory of a large site.
      source.data = undefined;
      if (typeof declared === 'string' && declared !== stem) {
        const { line, column } = source.locate([key]);
        diagnostics.push({
          file: source.file, line, column, severity: 'error', rule: 'file/name-mismatch',
          message: `the file is named "${stem}" but declares ${key} "${declared}"`,
          hint: `the ${key} and the file name must be the same: rename the file to ${declared}.yaml or change the ${key}`,
          path: key,
        });
      }
      if (!scanned.valid || declared !== stem) {
        brokenSlugs[collection].add(stem);
        if (typeof declared === 'string') brokenSlugs[collection].add(declared);
      } else (model[collection] as Map<string, Entry<unknown>>).set(stem, { source, data: scanned.data });
      if (collection === 'pages') {
        const path = ownPath(scanned.data, 'pages');
        if (path) routes.add(path);
        pagesToScan.push(scanned);
        continue;
      }
      scan(scanned);
      // The facts hold on to the scanned file: its data, once checked, would otherwise stay in memory to the end.
      scanned.data = undefined;
      if (!scanned.valid) source.release();
      else if (!options.retain) {
        const entry = (model[collection] as Map<string, Entry<unknown>>).get(stem);
        if (entry) entry.data = undefined;
        source.release();
      }
    }
  }
  // Site-wide files and pages are few and needed whole by the cross-file checks; they are scanned last.
  for (const entry of [model.site, model.navigation, model.ui, ...model.redirects]) if (entry) scan({ ...entry, valid: true, collection: 'singles' });
  for (const entry of invalidSingles) scan(entry);
  for (const entry of pagesToScan) scan(entry);
  for (const id of requiredPages) {
    if (!model.pages.has(id) && !brokenSlugs.pages.has(id)) {
      fileProblem(`${rel(contentDir)}/pages/${id}.yaml`, 'content/missing-page', `the page "${id}" has no file`, `create content/pages/${id}.yaml (see schemas/page.ts)`);
    }
  }

  crossCheck(model, redirects, brokenSlugs, unreadablePages, facts, ctx, { urls: readPublished(contentDir), file: rel(join(contentDir, publishedListName)) });
  checkSite(model, ctx, facts, options.release === true, publicDir);
  // ui.yaml with a schema error is still checked for the keys the code uses, as it was read.
  const uiAsRead = invalidSingles.find((entry) => entry.source.file.endsWith('/ui.yaml'));
  const ui = model.ui ?? (uiAsRead && isRecord(uiAsRead.data) ? { source: uiAsRead.source, data: uiAsRead.data as UiDictionary } : undefined);
  checkUiGroups(ui, ctx);
  checkUiKeys(ui, options.codeDirs ?? ['src', 'schemas', 'scripts'].map((dir) => join(root, dir)), ctx);
  return { diagnostics, model, files };
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A name that is meant as YAML, in any case: `.yaml`, `.yml`, `.YAML`. */
function isYamlName(name: string): boolean {
  return /\.ya?ml$/i.test(name);
}

/** A folder the site does not read: an error when it holds YAML (an author believes it is published). */
function misplacedFolder(abs: string, name: string, folders: string[], { rel }: CrossContext, fileProblem: (file: string, rule: RuleId, message: string, hint?: string, severity?: Diagnostic['severity']) => void, parent?: string): void {
  const yaml = listFiles(abs).filter((file) => isYamlName(file) && !ignoredName.test(file.split('/').pop()!));
  const where = parent ? `content/${parent}/${name}/` : `content/${name}/`;
  const hint = parent
    ? `move its files into content/${parent}/ itself: the site does not read subfolders`
    : didYouMean(name, folders) || `content folders are: ${folders.join(', ')}`;
  if (yaml.length === 0) return fileProblem(rel(abs), 'content/unknown-file', `the folder ${where} is not read by the site`, hint, 'warning');
  for (const file of yaml) fileProblem(rel(join(abs, file)), 'content/unknown-file', `this file is not read by the site: ${where} is not a content folder`, hint);
}

type At = (entry: { source: SourceFile }, path: readonly PathSegment[], rule: RuleId, message: string, hint?: string, severity?: Diagnostic['severity']) => void;

interface CrossContext {
  imagesDir: string;
  videosDir: string;
  rel: (abs: string) => string;
  at: At;
  diagnostics: Diagnostic[];
}

/** Reports at an offset inside a node when one is known, else at the node. */
function report(ctx: CrossContext, entry: { source: SourceFile }, path: readonly PathSegment[], rule: RuleId, message: string, hint: string, severity: Diagnostic['severity'], offset: number | undefined): void {
  if (offset === undefined) return ctx.at(entry, path, rule, message, hint, severity);
  const { line, column } = entry.source.position(offset);
  ctx.diagnostics.push({ file: entry.source.file, line, column, severity, rule, message, hint: hint || undefined, path: dotted(path) });
}

/**
 * Where `snippet`, found at `at` in a text's value, stands in the YAML source: the value and its source
 * differ when YAML folds lines or unescapes, so the snippet is searched for in the node's own range.
 */
function offsetInSource(source: SourceFile, path: readonly PathSegment[], value: string, snippet: string, at: number): number | undefined {
  const range = source.range(path);
  if (!range) return undefined;
  const raw = source.text;
  // The same snippet may come more than once in the value: take the occurrence of the same rank.
  let rank = 0;
  for (let i = value.indexOf(snippet); i !== -1 && i < at; i = value.indexOf(snippet, i + 1)) rank++;
  let found = raw.indexOf(snippet, range[0]);
  for (let n = 0; n < rank && found !== -1; n++) found = raw.indexOf(snippet, found + 1);
  return found !== -1 && found < range[1] ? found : undefined;
}

/** A link found in a file, checked once every page is known. */
interface LinkFact {
  entry: Scanned;
  path: PathSegment[];
  href: string;
  /** English path of the page the link is on, for same-page anchors. */
  owner?: string;
  /** For a link inside a text: the text and where its `](` is, to point at the target when it is reported. */
  inText?: { value: string; at: number };
}

/** A reference from one file to another entry, checked once every file is read. */
interface RefFact {
  entry: Scanned;
  path: PathSegment[];
  value: string;
  target: CollectionName | 'blog-categories';
  label: string;
  kinds?: ServiceData['kind'][];
}

/** What the cross-file checks need from each file. */
interface Facts {
  links: LinkFact[];
  refs: RefFact[];
  /** The anchors of each page, by English path. */
  anchors: Map<string, Set<string>>;
  serviceKinds: Map<string, ServiceData['kind']>;
  /** Every page file's path, valid or not, with its file. */
  pagePaths: { entry: Scanned; path: string }[];
  /** Ids of the testimonials that are examples (`sample: true`). */
  samples: string[];
  /** The template of each page, by English path, for the anchors the site settings add. */
  templates: Map<string, string>;
  /** Pages that show an illustration where the lab's photograph belongs, with the field it belongs in. */
  photoless: { entry: Scanned; path: PathSegment[]; what: string }[];
}

const RedirectItem = Redirects.shape.redirects.element;

/**
 * The redirects of a file that failed its schema which are right in themselves, each at its own index (the
 * others are holes, which forEach, map and filter pass over), so that they are checked and pointed at.
 */
function validRedirects(source: SourceFile, data: unknown): Entry<Redirects> {
  const valid: Redirects['redirects'] = [];
  list(record(data).redirects).forEach((item, i) => {
    const parsed = RedirectItem.safeParse(item);
    if (parsed.success) valid[i] = parsed.data;
  });
  return { source, data: { redirects: valid } };
}

/** English paths of every page the content defines, mapped to what defines them. */
export function routePaths(model: ContentModel): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [id, { data }] of model.pages) if ('path' in data) paths.set(data.path, `page ${id}`);
  for (const slug of model.services.keys()) paths.set(`/services/${slug}`, `service ${slug}`);
  for (const slug of model.articles.keys()) paths.set(`/blog/${slug}`, `article ${slug}`);
  return paths;
}

/** The English path of every page, service and article with the file it comes from (what a release publishes). */
export function pageFiles(model: ContentModel): Map<string, string> {
  const files = new Map<string, string>();
  for (const { data, source } of model.pages.values()) if ('path' in data) files.set(data.path, source.file);
  for (const [slug, { source }] of model.services) files.set(`/services/${slug}`, source.file);
  for (const [slug, { source }] of model.articles) files.set(`/blog/${slug}`, source.file);
  return files;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The English path of the page a file defines, if it is a page (read from what parsed, valid or not). */
function ownPath(data: unknown, collection: CollectionName | 'singles'): string | undefined {
  const d = record(data);
  if (collection === 'pages') return text(d.path) && own(text(d.path)!);
  if (collection === 'services' && text(d.slug)) return own(`/services/${text(d.slug)}`);
  if (collection === 'articles' && text(d.slug)) return own(`/blog/${text(d.slug)}`);
  return undefined;
}

/**
 * A copy of a text that holds on to nothing else. A value the parser read is a slice of its file's text and
 * keeps all of it in memory while the value is kept: the facts kept to the end of the check would hold every
 * file's text, and the garbage collector would copy each of them, which made a large site's check slower.
 */
function own(value: string): string {
  return ` ${value}`.slice(1);
}

/** Records the entries a list names, reporting one named twice. */
function addRefs(entry: Scanned, facts: Facts, at: At, path: PathSegment[], values: unknown, target: RefFact['target'], label: string, kinds?: ServiceData['kind'][]): void {
  if (!Array.isArray(values)) return;
  const seen = new Set<string>();
  for (let i = 0; i < values.length; i++) {
    const value: unknown = values[i];
    if (typeof value !== 'string') continue;
    if (seen.has(value)) at(entry, [...path, i], 'ref/duplicate', `"${value}" is listed twice here`, 'remove the second one');
    seen.add(value);
    facts.refs.push({ entry, path: [...path, i], value: own(value), target, label: label === 'article' && value === text(record(entry.data).slug) ? 'self' : label, kinds });
  }
}

/** Records the anchors of the page a file defines; looks for two headings with one anchor only when there are. */
function addAnchors(entry: Scanned, facts: Facts, at: At, owner: string | undefined, template: string): void {
  if (!owner) return;
  const all = pageAnchors(template, record(entry.data));
  const unique = new Set(all.map(own));
  facts.anchors.set(owner, unique);
  facts.templates.set(owner, template);
  if (unique.size < all.length) duplicateHeadings(entry, template === 'about' ? ['story', 'body'] : ['body'], at);
}

/** Records a file's references to other entries, its anchors and its page path. */
function collectFacts(entry: Scanned, owner: string | undefined, facts: Facts, { at }: CrossContext): void {
  const data = record(entry.data);
  if (entry.collection === 'pages') {
    const id = text(data.id);
    if (owner) facts.pagePaths.push({ entry, path: owner });
    if (id) addAnchors(entry, facts, at, owner, id);
    if (id && photoPageIds.includes(id)) missingPhotos(entry, data, facts);
    if (id === 'home') {
      addRefs(entry, facts, at, ['featured', 'services'], record(data.featured).services, 'services', 'service');
      addRefs(entry, facts, at, ['testimonials', 'items'], record(data.testimonials).items, 'testimonials', 'testimonial');
      addRefs(entry, facts, at, ['news', 'articles'], record(data.news).articles, 'articles', 'article');
    } else if (id === 'services') {
      addRefs(entry, facts, at, ['categories', 'services'], record(data.categories).services, 'services', 'service', ['category', 'allon4']);
    }
  } else if (entry.collection === 'services') {
    const slug = text(data.slug);
    const kind = text(data.kind) as ServiceData['kind'] | undefined;
    if (slug && kind) facts.serviceKinds.set(own(slug), kind);
    if (kind) addAnchors(entry, facts, at, owner, kind);
    missingPhotos(entry, data, facts);
    if (kind === 'category') {
      addRefs(entry, facts, at, ['items'], data.items, 'services', 'service', ['detail', 'allon4']);
      const rows = record(data.comparison).rows;
      if (Array.isArray(rows)) addRefs(entry, facts, at, ['comparison', 'rows'], rows.map((row) => record(row).service), 'services', 'service', ['detail']);
    }
    if (kind === 'detail') {
      if (text(data.category)) addRefs(entry, facts, at, ['category'], [data.category], 'services', 'service', ['category']);
      addRefs(entry, facts, at, ['testimonials'], data.testimonials, 'testimonials', 'testimonial');
    }
  } else if (entry.collection === 'testimonials') {
    if (data.sample === true && text(data.id)) facts.samples.push(text(data.id)!);
  } else if (entry.collection === 'articles') {
    addAnchors(entry, facts, at, owner, 'article');
    addRefs(entry, facts, at, ['related'], data.related, 'articles', 'article');
    if (text(data.category)) facts.refs.push({ entry, path: ['category'], value: own(text(data.category)!), target: 'blog-categories', label: 'blog category' });
  }
}

/** Records where a page shows an illustration or an initial in place of the lab's photograph: its hero, its team's portraits. */
function missingPhotos(entry: Scanned, data: Record<string, unknown>, facts: Facts): void {
  if (!record(data.hero).photo) facts.photoless.push({ entry, path: ['hero'], what: 'the hero shows its illustration (hero.photo)' });
  if (data.id !== 'about') return;
  const members = list(record(data.team).members);
  if (!members.length) facts.photoless.push({ entry, path: ['highlights'], what: 'the page has no team with portraits (team)' });
  const without = members.filter((member) => !record(member).portrait).length;
  if (without) facts.photoless.push({ entry, path: ['team'], what: `${without} of the team ${without === 1 ? 'has' : 'have'} no portrait (team.members[].portrait)` });
}

/** Reports each heading of a rich text whose anchor an earlier heading has. */
function duplicateHeadings(entry: Scanned, path: PathSegment[], at: At): void {
  const seen = new Set<string>();
  list(path.reduce<unknown>((value, segment) => record(value)[segment], entry.data)).forEach((block, i) => {
    const b = record(block);
    const id = b.type === 'heading' ? headingAnchors([b])[0] : undefined;
    if (!id) return;
    if (seen.has(id)) at(entry, [...path, i, b.id === undefined ? 'text' : 'id'], 'anchor/duplicate', `two headings have the anchor "#${id}", so a link reaches only the first`, 'give this heading an id of its own: add "id:" with a short slug');
    seen.add(id);
  });
}

/** What is wrong with a link, as a rule, a message and a hint. */
type Verdict = { rule: RuleId; message: string; hint: string; severity: Diagnostic['severity'] };

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
      found.push({ rule: 'link/broken', message: `the link "${href}" points at no page`, hint: didYouMeanPath(englishPath(clean), [...known, ...sources]) || 'link to an existing page (npm run routes lists them)', severity: 'error' });
    } else {
      if (langOfPath(clean) === 'nl') {
        found.push({ rule: 'link/language-prefix', message: `the link "${href}" names the Dutch page`, hint: `write the English path "${englishPath(clean)}"; Dutch pages add /nl themselves`, severity: 'warning' });
      }
      const anchors = hash ? facts.anchors.get(englishPath(clean)) : undefined;
      if (hash && anchors && !anchors.has(hash)) found.push({ rule: 'link/broken', message: `"${clean}" has no anchor "#${hash}"`, hint: didYouMean(hash, anchors) || `anchors there: ${[...anchors].join(', ')}`, severity: 'error' });
    }
    verdicts.set(href, found);
    return found;
  };
}

function crossCheck(
  model: ContentModel, redirects: Entry<Redirects>[], broken: Record<CollectionName, Set<string>>, unreadablePages: Set<string>, facts: Facts, ctx: CrossContext,
  published: { urls: PublishedUrl[]; file: string },
): void {
  const { at } = ctx;

  // Routes: the English paths of every page, service and article, also of files that failed their schema
  // (their path is known from the file), so a link to them is not reported as well.
  const routes = routePaths(model);
  const known = new Set(routes.keys());
  for (const slug of broken.services) known.add(`/services/${slug}`);
  for (const slug of broken.articles) known.add(`/blog/${slug}`);
  for (const path of unreadablePages) known.add(path);
  const byPath = new Map<string, Scanned>();
  for (const { entry, path } of facts.pagePaths) {
    known.add(path);
    const other = byPath.get(path);
    if (other) {
      // Either file may be the one that changed: both are named.
      at(entry, ['path'], 'slug/duplicate', `the path "${path}" is also used by ${other.source.file}`, 'give every page its own path');
      at(other, ['path'], 'slug/duplicate', `the path "${path}" is also used by ${entry.source.file}`, 'give every page its own path');
    } else if (/^\/(services|blog)\//.test(path)) at(entry, ['path'], 'slug/duplicate', `the path "${path}" is reserved for services and articles`, 'choose another path');
    byPath.set(path, entry);
  }

  // Redirects: English paths (the Dutch one follows), never a page of the site, never chained.
  const redirectTo = new Map<string, string>();
  for (const entry of redirects) {
    entry.data.redirects.forEach((r, i) => {
      const source = ['redirects', i, 'from'];
      if (langOfPath(r.from) === 'nl') {
        const english = englishPath(r.from);
        if (known.has(english)) at(entry, source, 'redirect/source-is-page', `"${r.from}" is the Dutch page of "${english}" (${routes.get(english) ?? 'a page whose file has an error'}), so redirecting it would take the page off the site`, 'remove the redirect: a page cannot redirect');
        else at(entry, source, 'redirect/source-is-dutch', `"${r.from}" is a Dutch path`, `write the English path "${english}": its Dutch path redirects with it, to the Dutch page`);
        return;
      }
      if (redirectTo.has(r.from)) at(entry, source, 'redirect/duplicate', `"${r.from}" is redirected twice`, 'keep one of the two entries');
      else if (known.has(r.from)) at(entry, source, 'redirect/source-is-page', `"${r.from}" is a page (${routes.get(r.from) ?? 'a page whose file has an error'}), so redirecting it would take the page off the site`, 'remove the redirect or the page');
      redirectTo.set(r.from, r.to);
    });
  }
  for (const entry of redirects) {
    entry.data.redirects.forEach((r, i) => {
      if (!redirectTo.has(r.from) || redirectTo.get(r.from) !== r.to) return;
      if (redirectTo.has(r.to)) {
        const seen = new Set([r.from]);
        let next: string | undefined = r.to;
        while (next !== undefined && !seen.has(next)) {
          seen.add(next);
          next = redirectTo.get(next);
        }
        if (next !== undefined) at(entry, ['redirects', i, 'to'], 'redirect/loop', `redirecting "${r.from}" to "${r.to}" leads back to "${next}"`, 'point the redirect at a page');
        else at(entry, ['redirects', i, 'to'], 'redirect/chain', `"${r.to}" redirects again (to "${redirectTo.get(r.to)}")`, `point "${r.from}" straight at "${redirectTo.get(r.to)}"`);
      } else if (!known.has(englishPath(r.to))) {
        at(entry, ['redirects', i, 'to'], 'redirect/target-missing', `"${r.to}" is not a page`, didYouMeanPath(r.to, routes.keys()) || 'point the redirect at an existing page');
      }
    });
  }

  // The links to an anchor, now that every page's anchors are known (with those the site settings add).
  const site = record(model.site?.data);
  for (const [owner, template] of facts.templates) for (const id of siteAnchors(template, site)) facts.anchors.get(owner)?.add(id);
  const judge = linkJudge(known, redirects, facts);
  for (const { entry, path, href, owner, inText } of facts.links) {
    let found: Verdict[];
    if (href[0] === '#') {
      // An anchor on the page itself.
      const hash = href.slice(1);
      const own = owner ? facts.anchors.get(owner) : undefined;
      found = hash && own && !own.has(hash) ? [{ rule: 'link/broken', message: `this page has no anchor "#${hash}"`, hint: didYouMean(hash, own) || `anchors on this page: ${[...own].join(', ')}`, severity: 'error' }] : [];
    } else found = judge(href);
    for (const verdict of found) {
      const offset = inText ? offsetInSource(entry.source, path, inText.value, `](${href})`, inText.at) : undefined;
      report(ctx, entry, path, verdict.rule, verdict.message, verdict.hint, verdict.severity, offset === undefined ? undefined : offset + 2);
    }
  }

  // References to other entries must exist and be of the right kind.
  const blogCategories = (model.pages.get('blog')?.data as Extract<PageData, { id: 'blog' }> | undefined)?.categories.map((c) => c.id);
  for (const { entry, path, value, target, label, kinds } of facts.refs) {
    if (label === 'self') {
      at(entry, path, 'ref/self', 'an article cannot be related to itself', 'pick another article');
      continue;
    }
    if (target === 'blog-categories') {
      if (blogCategories && !blogCategories.includes(value)) {
        at(entry, path, 'ref/unknown', `there is no blog category "${value}"`, didYouMean(value, blogCategories) || `categories in content/pages/blog.yaml: ${blogCategories.join(', ')}`);
      }
      continue;
    }
    if (broken[target].has(value)) continue;
    const map = model[target] as Map<string, Entry<unknown>>;
    if (!map.has(value)) {
      at(entry, path, 'ref/unknown', `there is no ${label} "${value}"`, didYouMean(value, map.keys()) || `create content/${target}/${value}.yaml or use an existing ${label}`);
      continue;
    }
    const kind = facts.serviceKinds.get(value);
    if (kinds && kind && !kinds.includes(kind)) at(entry, path, 'ref/wrong-kind', `"${value}" is a ${kind} page; a ${kinds.join(' or ')} page is needed here`);
  }

  checkNavigation(model, routes, ctx);

  // Every URL a release published is still a page, or a redirect's source.
  if (published.urls.length) {
    const pageFiles = new Map([...model.pages.values()].map((entry) => [entry.source.file, entry]));
    const vanished = vanishedUrls(published.urls, {
      pages: known,
      redirected: new Set(redirectTo.keys()),
      pathOf: (file) => {
        const data = pageFiles.get(file)?.data;
        return data && 'path' in data ? data.path : undefined;
      },
    });
    for (const removed of vanished) {
      ctx.diagnostics.push(removedDiagnostic(removed, published.file, (file, yamlPath) => pageFiles.get(file)?.source.locate(yamlPath)));
    }
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`],
  );
}

type Visitor = (entry: Scanned, value: object, path: PathSegment[]) => void;

/** Checks every image and video a file refers to, and records image sizes. */
function imageVisitor(model: ContentModel, ctx: CrossContext): Visitor {
  let available: string[] | undefined;
  const videos = new Set<string>();
  return (entry, value, path) => {
    if (Array.isArray(value)) return;
    const v = value as Record<string, unknown>;
    if (v.type === 'video' && typeof v.video === 'string') {
      if (!videos.has(v.video) && !existsSync(join(ctx.videosDir, v.video))) {
        ctx.at(entry, [...path, 'video'], 'image/missing', `the video "${v.video}" does not exist in ${ctx.rel(ctx.videosDir)}/`, 'add the file or fix the path');
      } else videos.add(v.video);
    }
    if (typeof v.src !== 'string' || !('alt' in v)) return;
    const src = v.src;
    if (model.images.has(src)) return;
    const abs = join(ctx.imagesDir, src);
    if (!existsSync(abs)) {
      available ??= listFiles(ctx.imagesDir);
      ctx.at(entry, [...path, 'src'], 'image/missing', `the image "${src}" does not exist in ${ctx.rel(ctx.imagesDir)}/`, didYouMean(src, available) || 'add the file or fix the path');
      return;
    }
    try {
      const size = imageSize(readFileSync(abs));
      if (!size.width || !size.height) throw new Error('no size');
      model.images.set(src, { width: size.width, height: size.height });
    } catch {
      ctx.at(entry, [...path, 'src'], 'image/unreadable', `the size of "${src}" cannot be read`, 'save it as SVG (with width and height), PNG, JPEG, WebP or AVIF');
    }
  };
}

const placeholderPattern = /\{(\w+(?:\.\w+)*)\}/g;
/** A text with something a reader sees: not only spaces and invisible characters (zero-width space and joiners). */
const visible = /[^\s\u200B-\u200D\u2060\uFEFF]/;
const languageName = { en: 'English', nl: 'Dutch' } as const;

/**
 * Checks that both languages of a text are there, differ where they should, and share their placeholders
 * and links (the link targets of each language come from reading its markup once).
 */
function languageChecks({ at }: CrossContext) {
  const pairNames = ['en', 'nl'] as const;
  /** A pair without markup or placeholders: both there and visible, and not the same text twice. */
  const plainPair = (entry: Scanned, path: PathSegment[], en: string, nl: string) => {
    for (const lang of pairNames) {
      const value = lang === 'en' ? en : nl;
      if (value !== '' && !visible.test(value)) {
        at(entry, [...path, lang], `i18n/empty-${lang}`, `the ${languageName[lang]} text holds only invisible characters`, `write the ${languageName[lang]} text`);
      }
    }
    if (en === nl && en.length >= 40) {
      at(entry, [...path, 'nl'], 'i18n/identical', 'the Dutch text is the same as the English text', 'translate it, or confirm that the text is meant to be the same', 'warning');
    }
  };
  const checkPair = (entry: Scanned, path: PathSegment[], en: string, nl: string, enLinks: string[], nlLinks: string[]) => {
    plainPair(entry, path, en, nl);
    if ((enLinks.length || nlLinks.length) && !sameTargets(enLinks, nlLinks)) {
      const named = (list: string[]) => (list.length ? [...list].sort().join(', ') : 'nothing');
      at(entry, [...path, 'nl'], 'i18n/link-mismatch', `the English text links to ${named(enLinks)} but the Dutch text to ${named(nlLinks)}`, 'link the same pages in both languages');
    }
    if (!en.includes('{') && !nl.includes('{')) return;
    const enNames = [...en.matchAll(placeholderPattern)].map((m) => m[1]).sort().join(',');
    const nlNames = [...nl.matchAll(placeholderPattern)].map((m) => m[1]).sort().join(',');
    if (enNames !== nlNames) {
      at(entry, [...path, 'nl'], 'i18n/placeholder-mismatch', `the placeholders differ: English has {${enNames.split(',').filter(Boolean).join('}, {')}} and Dutch {${nlNames.split(',').filter(Boolean).join('}, {')}}`, 'use the same {placeholders} in both languages');
    }
  };
  const checkListPair = (entry: Scanned, path: PathSegment[], en: unknown[], nl: unknown[]) => {
    en.forEach((item, i) => {
      if (typeof item === 'string' && item === nl[i] && item.length >= 40) {
        at(entry, [...path, 'nl', i], 'i18n/identical', 'the Dutch item is the same as the English item', 'translate it', 'warning');
      }
    });
  };
  return { checkPair, plainPair, checkListPair };
}

/** The same link targets, in any order. */
function sameTargets(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  if (a.every((target, i) => target === b[i])) return true;
  const sorted = [...b].sort();
  return [...a].sort().every((target, i) => target === sorted[i]);
}

/** Search engines cut titles after about 60 characters and descriptions after about 160. */
export const seoLimits = { title: 60, descriptionMin: 70, descriptionMax: 160 };

function checkSeo(entry: Scanned, { at }: CrossContext, site: SiteSettings | undefined): void {
  const seo = record(record(entry.data).seo);
  // Measured as search results show them: with the lab's facts written in.
  const text = (value: unknown, lang: 'en' | 'nl') => (typeof value === 'string' ? fillFacts(value, site, lang) : undefined);
  for (const lang of ['en', 'nl'] as const) {
    const title = text(record(seo.title)[lang], lang);
    if (title && title.length > seoLimits.title) {
      at(entry, ['seo', 'title', lang], 'length/title', `the title has ${title.length} characters; search results show about ${seoLimits.title}`, 'shorten it', 'warning');
    }
    const d = text(record(seo.description)[lang], lang);
    if (d !== undefined && d.trim() !== '' && (d.length > seoLimits.descriptionMax || d.length < seoLimits.descriptionMin)) {
      at(entry, ['seo', 'description', lang], 'length/description', `the description has ${d.length} characters`, `aim for ${seoLimits.descriptionMin} to ${seoLimits.descriptionMax}`, 'warning');
    }
  }
}

function checkNavigation(model: ContentModel, routes: Map<string, string>, { at }: CrossContext): void {
  const nav = model.navigation;
  if (!nav) return;
  const megaItems = nav.data.header.filter((h) => h.megaMenu).length;
  if (megaItems > 1) at(nav, ['header'], 'nav/mega-menu', `${megaItems} header items open the mega-menu`, 'set "megaMenu: true" on one item only');
  walk(nav.data, (value, path) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const v = value as { href?: unknown; label?: unknown; title?: unknown };
    if (typeof v.href === 'string' && v.label === undefined && v.title === undefined && !routes.has(v.href) && !v.href.startsWith('/')) {
      at(nav, path, 'nav/missing-label', `the link to "${v.href}" needs a label`, 'only links to pages of this site can leave out "label"');
    }
  });
}

/** The groups every page needs and those the generate step writes into pages. */
const requiredUiGroups: readonly string[] = [...shellUiGroups, ...Object.keys(contentUiKeys)];

/**
 * Groups the site reads that ui.yaml lacks, each with the group there, read by nothing, whose name is a
 * letter or two off ("footr" for "footer"): the one mistake is reported there, not as every key missing.
 */
function misspeltUiGroups(ui: Entry<UiDictionary>, wanted: Iterable<string>): Map<string, string> {
  const read = new Set(wanted);
  const strangers = Object.keys(ui.data).filter((group) => !read.has(group));
  const found = new Map<string, string>();
  for (const group of read) {
    const typo = group in ui.data ? undefined : closest(group, strangers);
    if (typo) found.set(group, typo);
  }
  return found;
}

function reportMisspeltUiGroup(ui: Entry<UiDictionary>, group: string, typo: string, needed: string, diagnostics: Diagnostic[]): void {
  const { line, column } = ui.source.locate([typo], 'key');
  diagnostics.push({ file: ui.source.file, line, column, severity: 'error', rule: 'ui/missing-key', message: `there is no group "${group}", which ${needed}; the site does not read the group "${typo}"`, hint: `rename "${typo}" to "${group}"`, path: typo });
}

function checkUiGroups(ui: Entry<UiDictionary> | undefined, { at, diagnostics }: CrossContext): void {
  if (!ui) return;
  const typos = misspeltUiGroups(ui, requiredUiGroups);
  for (const group of shellUiGroups) {
    const typo = typos.get(group);
    if (typo) reportMisspeltUiGroup(ui, group, typo, 'every page needs', diagnostics);
    else if (!(group in ui.data)) at(ui, [], 'schema/missing-key', `the group "${group}" is missing`, 'every page needs it (header, footer, hours, errors); add it back');
  }
  for (const [group, keys] of Object.entries(contentUiKeys)) {
    const typo = typos.get(group);
    if (typo) reportMisspeltUiGroup(ui, group, typo, 'the generate step writes into pages', diagnostics);
    // A group that is not a map has its schema error already.
    if (typo || (group in ui.data && !isRecord(ui.data[group]))) continue;
    for (const key of keys) {
      if (ui.data[group]?.[key] !== undefined) continue;
      at(ui, group in ui.data ? [group] : [], 'ui/missing-key', `"${group}.${key}" is missing`, `the generate step writes it into the pages; add "${key}:" with its English and Dutch text under "${group}:"`);
    }
  }
}

const codeFile = /\.(ts|tsx)$/;
/** `'group.key'` in code: a string that names an interface string. */
const quotedKey = /(['"`])([a-z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)\1/g;
/** `t('group.key')`: certainly an interface string, even of a group ui.yaml lacks. */
const calledKey = /\bt\(\s*(['"`])([a-z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)\1/g;
/** `` `group.${name}` ``: a group whose keys the code picks at run time. */
const dynamicKey = /`([a-z][A-Za-z0-9]*)\.\$\{/g;

/**
 * The interface strings the code uses must be in `ui.yaml`: a missing one would show its key's name on a
 * page. Reported where its group is (or at the top of the file when the group is gone); a string no code
 * uses is a warning.
 */
function checkUiKeys(ui: Entry<UiDictionary> | undefined, codeDirs: string[], ctx: CrossContext): void {
  if (!ui) return;
  const files = codeDirs.flatMap((dir) => listFiles(dir).filter((file) => codeFile.test(file) && !file.startsWith('generated/') && !file.includes('/generated/')).map((file) => join(dir, file)));
  if (!files.length) return;
  const used = new Map<string, string>();
  const dynamicGroups = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const [, , group, key] of code.matchAll(quotedKey)) if (group! in ui.data) used.set(`${group}.${key}`, ctx.rel(file));
    for (const [, , group, key] of code.matchAll(calledKey)) used.set(`${group}.${key}`, ctx.rel(file));
    for (const [, group] of code.matchAll(dynamicKey)) dynamicGroups.add(group!);
  }
  const groups = ui.source.keysAt([]);
  const typos = misspeltUiGroups(ui, [...requiredUiGroups, ...[...used.keys()].map((name) => name.split('.')[0]!), ...dynamicGroups]);
  for (const [group, typo] of typos) {
    // The groups every page needs are reported where they are checked, with or without code.
    if (!requiredUiGroups.includes(group)) reportMisspeltUiGroup(ui, group, typo, `${[...used].find(([name]) => name.startsWith(`${group}.`))?.[1] ?? 'the code'} uses`, ctx.diagnostics);
  }
  const misspelt = new Set(typos.values());
  for (const [name, file] of used) {
    const [group, key] = name.split('.') as [string, string];
    // A group that is not a map has its schema error already; a misspelt one is reported once, above.
    if (ui.data[group]?.[key] !== undefined || dynamicGroups.has(group) || typos.has(group) || (group in ui.data && !isRecord(ui.data[group]))) continue;
    const path = group in ui.data ? [group] : [];
    const suggestion = closest(key, Object.keys(ui.data[group] ?? {}));
    ctx.at(ui, path, 'ui/missing-key', `"${name}" is used by ${file} but ${group in ui.data ? `the group "${group}" has no key "${key}"` : `there is no group "${group}"`}, so the page would show "${name}"`, suggestion ? `did you rename it? "${group}.${suggestion}" is there; the code and ui.yaml must use the same key` : `add "${key}:" with its English and Dutch text under "${group}:"`);
  }
  for (const { key: group } of groups) {
    if (dynamicGroups.has(group) || misspelt.has(group)) continue;
    for (const { key } of ui.source.keysAt([group])) {
      // The strings the generate step writes into pages are used (and required where the groups are checked).
      if (used.has(`${group}.${key}`) || (contentUiKeys as Record<string, readonly string[]>)[group]?.includes(key)) continue;
      const { line, column } = ui.source.locate([group, key], 'key');
      ctx.diagnostics.push({ file: ui.source.file, line, column, severity: 'warning', rule: 'ui/unused-key', message: `"${group}.${key}" is not used by any code`, hint: 'remove it, or keep it for code that will use it', path: `${group}.${key}` });
    }
  }
}

/** Words that say a sentence is about the lab itself, per language. */
const aboutTheLab = { en: /\b(?:we|our|us|ours)\b/i, nl: /\b(?:wij|we|ons|onze)\b/i };
/** A legal minimum ("at least 10 years" of documentation) is a rule the lab follows, not a claim about it. */
const legalMinimum = { en: /\bat least\s+$/i, nl: /\b(?:ten minste|minimaal)\s+$/i };
/** A sentence that names the law it follows states a legal term, not a figure of the lab. */
const namesTheLaw = { en: /\b(?:Act|Regulation|law|WGBO|GDPR|MDR)\b/, nl: /\b(?:[Ww]et|Verordening|WGBO|AVG|MDR|bewaarplicht)\b/ };
/** Figures about the lab, per language: years, the team and its cases, the rush service. */
const figurePatterns = {
  en: [
    { pattern: /\b\d+\+?\s+years?\s+of\s+experience\b/g, about: false, hint: 'write the years in content/site.yaml ("figures.experienceYears") and show them with {figures.experienceYears}' },
    { pattern: /\b\d+\+?\s+years?\b/g, about: true, hint: 'write the years in content/site.yaml ("figures.experienceYears") and show them with {figures.experienceYears}' },
    { pattern: /\b\d+\+?\s+(?:dental\s+)?(?:technicians|specialists|employees|staff|people|colleagues|cases|restorations|crowns|dentures|practices|dentists|clients)\b/g, about: true, hint: 'a team or a count of cases is a lab fact: write it in content/site.yaml under "figures" and show it with {figures...}' },
    { pattern: /\brush service\b/gi, about: false, hint: 'show the rush service with {figures.rushService}, so a lab without one removes it in one place' },
  ],
  nl: [
    { pattern: /\b\d+\+?\s+jaar\s+ervaring\b/g, about: false, hint: 'zet de jaren in content/site.yaml ("figures.experienceYears") en toon ze met {figures.experienceYears}' },
    { pattern: /\b\d+\+?\s+jaar\b/g, about: true, hint: 'zet de jaren in content/site.yaml ("figures.experienceYears") en toon ze met {figures.experienceYears}' },
    { pattern: /\b\d+\+?\s+(?:tandtechnici|specialisten|medewerkers|mensen|collega's|casussen|restauraties|kronen|prothesen|praktijken|tandartsen|klanten)\b/g, about: true, hint: 'een team of een aantal casussen is een feit van het lab: zet het in content/site.yaml onder "figures" en toon het met {figures...}' },
    { pattern: /\bspoedservice\b/gi, about: false, hint: 'toon de spoedservice met {figures.rushService}, zodat een lab zonder spoedservice haar op één plek weghaalt' },
  ],
} as const;

/** The figures about the lab a text writes by hand, each with where it stands in the text. */
export function labFigures(value: string, lang: 'en' | 'nl'): { text: string; at: number; hint: string }[] {
  if (!/\d|rush|spoed/i.test(value)) return [];
  const found: { text: string; at: number; hint: string }[] = [];
  for (const { pattern, about, hint } of figurePatterns[lang]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
      if (about) {
        // The sentence the figure stands in must speak of the lab ("our", "wij"), and not name a legal minimum.
        const start = Math.max(value.lastIndexOf('. ', match.index), value.lastIndexOf('\n', match.index)) + 1;
        const endAt = value.indexOf('. ', match.index);
        const sentence = value.slice(start, endAt === -1 ? value.length : endAt);
        if (!aboutTheLab[lang].test(sentence) || namesTheLaw[lang].test(sentence) || legalMinimum[lang].test(value.slice(start, match.index))) continue;
      }
      // One figure is reported once, by the first pattern that finds it ("15 years of experience", not "15 years" again).
      if (found.some((f) => f.at === match.index)) continue;
      found.push({ text: match[0], at: match.index, hint });
    }
  }
  return found;
}

/** Every path of the site settings that names one value a text can show, for suggestions. */
function showableFacts(site: SiteSettings): string[] {
  const paths: string[] = [];
  walk(site, (value, path) => {
    if (path.length && path[0] !== 'placeholders' && path.every((p) => typeof p === 'string') && factText(value, 'en') !== undefined) paths.push(path.join('.'));
  });
  return paths;
}

/**
 * The lab's facts that are still examples: in a preview one note that lists them (and the sample
 * testimonials); for a release, an error at each fact's own place, since a release must not publish one.
 * Each download the settings name must be a file of the site.
 */
function checkSite(model: ContentModel, { at, diagnostics }: CrossContext, facts: Facts, release: boolean, publicDir: string): void {
  const site = model.site;
  if (!site) return;
  const fields: string[] = [];
  walk(site.data, (_v, path) => {
    if (path.length && path.every((p) => typeof p === 'string') && path[0] !== 'placeholders') fields.push(path.join('.'));
  });
  const unconfirmed: string[] = [];
  site.data.placeholders.forEach((p, i) => {
    if (!fields.includes(p)) {
      at(site, ['placeholders', i], 'site/placeholder', `"${p}" is not a field of the site settings`, closest(p, fields) ? `did you mean "${closest(p, fields)}"?` : 'name a field such as "phone" or "address.street"');
    } else unconfirmed.push(p);
  });
  if (existsSync(publicDir)) {
    for (const [name, file] of Object.entries(site.data.downloads ?? {})) {
      for (const lang of ['en', 'nl'] as const) {
        if (!existsSync(join(publicDir, file[lang]))) {
          at(site, ['downloads', name, lang], 'site/download-missing', `"${file[lang]}" is not in src/public/, so its link would lead nowhere`, didYouMean(file[lang], listFiles(publicDir)) || `put the file at src/public/${file[lang]}`);
        }
      }
    }
  }
  const samples = facts.samples.length ? `${facts.samples.length} sample testimonial${facts.samples.length === 1 ? '' : 's'}` : '';
  if (release) {
    // Not an error: a page shows its illustration until the lab sends its photograph, but a release says which.
    for (const { entry, path, what } of facts.photoless) {
      at(entry, path, 'release/no-photo', `no photograph of the lab's yet: ${what}`, 'add the lab\'s photograph (schemas/photo.ts: alt text, credit and, for a person or a patient, consent)', 'warning');
    }
    for (const field of unconfirmed) {
      at(site, field.split('.'), 'release/placeholder', `"${field}" is an example the lab has not confirmed, so it cannot be released`, `write the lab's own value here and remove "${field}" from "placeholders"`);
    }
    if (samples) {
      const { line, column } = site.source.locate(['placeholders']);
      diagnostics.push({ file: site.source.file, line, column, severity: 'note', rule: 'release/samples', message: `${samples} (sample: true) are left out of this release`, hint: 'a section without a published testimonial invites visitors to share theirs', path: 'placeholders' });
    }
    return;
  }
  if (unconfirmed.length || samples) {
    const { line, column } = site.source.locate(['placeholders']);
    diagnostics.push({
      file: site.source.file, line, column, severity: 'note', rule: 'site/placeholder',
      message: `not yet confirmed by the lab: ${[...unconfirmed, ...(samples ? [samples] : [])].join(', ')}`,
      hint: 'a preview shows these examples; replace each value and remove it from "placeholders" once the lab confirms it; a confirmed testimonial drops "sample: true"; a release build refuses placeholders and leaves samples out', path: 'placeholders',
    });
  }
}
