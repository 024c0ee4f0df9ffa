/** Rules of the house style: the glossary's words and sentence case. */
import { GlossaryTerm, type Glossary } from '../../../schemas/index.ts';
import { compileNames, titleCase, type Names } from '../case.ts';
import { list, record, type Scanned } from '../check/model.ts';
import { offsetInSource } from '../check/locate.ts';
import type { CheckRun } from '../check/run.ts';
import type { PathSegment } from '../source.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'style/term': {
    severity: 'warning',
    also: { severity: 'error', when: 'for a word the glossary forbids' },
    description: 'A word the glossary (`content/glossary.yaml`) says not to use, in any case, with the word to write instead (`--fix` writes it, in the same case, unless the word is forbidden).',
  },
  'style/case': {
    severity: 'warning',
    description:
      'An English heading, title, menu item, button or link label (a `title`, `label`, `name` or `...Title` field, a rich-text heading, every text of `ui.yaml` and `navigation.yaml`) is written in title case: two or more words and every one after the first that tells begins with a capital ("About Us", "More Information about {name}"). Pointed at the first word to lower, with the text in sentence case (`--fix` lowers the letters).',
  },
});

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
    if (words.size) compiled[lang] = { pattern: new RegExp(`\\b${trieSource([...words.keys()])}`, 'gi'), words };
  }
  return compiled;
}

/**
 * The glossary compiled last, by its terms: a check run again in the same process (the dev server's, on every
 * save of a content file) reuses its patterns while the glossary is unchanged, rather than building them anew.
 */
let lastCompiled: { key: string; compiled: CompiledGlossary } | undefined;

/** The glossary's patterns, built once for as long as its terms stay the same. */
function compiledGlossary(glossary: Glossary): CompiledGlossary {
  const key = JSON.stringify([glossary.en, glossary.nl]);
  if (lastCompiled?.key !== key) lastCompiled = { key, compiled: compileGlossary(glossary) };
  return lastCompiled.compiled;
}

/** A letter or digit: a glossary word must not continue into one. */
const wordChar = /[\p{L}\p{N}]/u;

/**
 * One pattern for many words, as a tree of their letters: a position of the text is tried once per first
 * letter, not once per word, which makes it several times faster than a list of alternatives. The pattern
 * ignores case (the README promises any case: "PASSTUK", "Kobalt-Chroom"); a space matches any spacing.
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
  const atom = (char: string) => (char === ' ' ? '\\s+' : char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
  const build = (node: Node): string => {
    const branches = [...node.next].map(([char, next]) => atom(char) + build(next));
    if (!branches.length) return '';
    const body = branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
    // A word that ends here, while longer ones go on: the longer match is tried first.
    return node.end ? `(?:${body})?` : body;
  };
  return build(root);
}

/** The glossary's word written in the case of the word it replaces: all capitals, a first capital, or as the glossary has it. */
export function inCaseOf(found: string, use: string): string {
  const letters = found.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return use.toUpperCase();
  const first = found.charAt(0);
  return first !== first.toLowerCase() ? use.charAt(0).toUpperCase() + use.slice(1) : use;
}

/**
 * The letters to lower for sentence case, each at its place in the file: certain only when the text stands in
 * the file exactly as it is read (plain or quoted, on one line, without escapes), so nothing else changes.
 */
function caseFix(entry: Scanned, path: PathSegment[], value: string, suggestion: string): { edits: { offset: number; length: number; text: string }[] } | undefined {
  if (suggestion.length !== value.length) return undefined;
  const range = entry.source.range(path);
  if (!range) return undefined;
  const raw = entry.source.text.slice(range[0], range[1]);
  const quote = raw[0] === '"' || raw[0] === "'" ? 1 : 0;
  if (raw.slice(quote, quote + value.length) !== value) return undefined;
  const edits: { offset: number; length: number; text: string }[] = [];
  for (let i = 0; i < value.length; i++) if (value[i] !== suggestion[i]) edits.push({ offset: range[0] + quote + i, length: 1, text: suggestion[i]! });
  return edits.length ? { edits } : undefined;
}

/** What can be read of a glossary that failed its schema: its names that are texts, and each term that is right in itself. */
export function glossaryAsRead(data: unknown): Glossary {
  const d = record(data);
  const terms = (value: unknown) =>
    list(value).flatMap((term) => {
      const parsed = GlossaryTerm.safeParse(term);
      return parsed.success ? [parsed.data] : [];
    });
  return { names: list(d.names).filter((name): name is string => typeof name === 'string' && name.trim() !== ''), en: terms(d.en), nl: terms(d.nl) };
}

/** The style rules of one run: the glossary's terms and sentence case, over the run's glossary (compiled on first use). */
export function styleRules(run: CheckRun) {
  let terms: CompiledGlossary | undefined;
  let names: Names | null = null;
  return {
    /**
     * Each use of a glossary term in a text of its language, at its place: a Dutch text is searched for the
     * Dutch words, an English one for the English words.
     */
    checkTerms(entry: Scanned, value: string, path: PathSegment[], lang: 'en' | 'nl', inPair: boolean): void {
      if (!run.glossary) return;
      terms ??= compiledGlossary(run.glossary);
      const glossary = terms[lang];
      if (!glossary) return;
      const { pattern, words } = glossary;
      pattern.lastIndex = 0;
      for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
        // Whole words only: "passtukken" is not "passtuk".
        if (wordChar.test(value[match.index - 1] ?? ' ') || wordChar.test(value[match.index + match[0].length] ?? ' ')) continue;
        const term = words.get(normalizeTerm(match[0]));
        if (!term) continue;
        const fullPath = inPair ? [...path, lang] : [...path];
        const whole = offsetInSource(entry.source, fullPath, value, match[0], match.index);
        const offset = whole ?? offsetInSource(entry.source, fullPath, value, match[0].split(/\s+/)[0]!, match.index);
        // Certain when the word stands in the file as it is read (not folded over lines): replaced by the glossary's word, in its case.
        // A forbidden word is removed by the author, who rewrites the sentence.
        const fix = whole !== undefined && !term.forbidden ? { edits: [{ offset: whole, length: match[0].length, text: inCaseOf(match[0], term.use) }] } : undefined;
        run.report(
          entry,
          fullPath,
          'style/term',
          `"${match[0].replace(/\s+/g, ' ')}": write "${term.use}"${term.note ? ` (${term.note})` : ''}`,
          term.forbidden ? 'remove it: the glossary forbids it' : `the glossary (content/glossary.yaml) settles "${term.use}"`,
          term.forbidden ? 'error' : 'warning',
          offset,
          fix,
        );
      }
    },
    /**
     * An English heading, title, menu item or button in title case, at its first word to lower. The names that
     * keep their capitals are the glossary's and the lab's; read once site.yaml is in.
     */
    checkCase(entry: Scanned, value: string, path: PathSegment[]): void {
      if (names === null) {
        // The lab's names, also from site settings that failed their schema (then only those that are texts).
        const site = run.site;
        names = compileNames([...(run.glossary?.names ?? []), ...(site ? [site.name, site.legalName].filter((name) => typeof name === 'string') : [])]);
      }
      const found = titleCase(value, names);
      if (!found) return;
      const fullPath = [...path, 'en'];
      run.report(
        entry,
        fullPath,
        'style/case',
        `"${value}" is in title case: write "${found.suggestion}"`,
        'headings, titles, menus and buttons are written in sentence case: a capital for the first word and for names only (a name that keeps its capitals goes under "names" in content/glossary.yaml)',
        'warning',
        offsetInSource(entry.source, fullPath, value, found.word, found.at),
        caseFix(entry, fullPath, value, found.suggestion),
      );
    },
  };
}
