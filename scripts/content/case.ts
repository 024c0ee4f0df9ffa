/**
 * Sentence case for the site's headings, titles, menus and buttons (rule style/case): an English text whose
 * words all begin with a capital ("More Information About Zirconia") is in title case.
 */

/** Words a title leaves in lower case: they tell nothing about its case. */
const minorWords = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'or',
  'nor',
  'for',
  'so',
  'yet',
  'as',
  'at',
  'by',
  'in',
  'of',
  'on',
  'to',
  'up',
  'via',
  'with',
  'from',
  'into',
  'onto',
  'per',
  'vs',
  'than',
  'off',
  'out',
  'over',
  'about',
  'after',
  'before',
  'under',
  'without',
  '&',
]);

const leading = /^[("'“‘[¿¡]+/u;
const trailing = /[.,:;!?)"'”’\]…]+$/u;
const upperFirst = /^\p{Lu}/u;
const lowerFirst = /^\p{Ll}/u;
/** A capital right after a small letter: LinkedIn, YouTube, KvK. */
const innerCapital = /\p{Ll}\p{Lu}/u;
const letter = /\p{L}/u;
const digit = /\p{N}/u;
const small = /\p{Ll}/u;
/** A capital after a hyphen, followed by small letters: "Implant-Supported". */
const capitalAfterHyphen = /-(\p{Lu})(?=\p{Ll})/gu;
/** A word that ends a sentence ("Oops!", "Questions?"), so the next one begins with a capital; not "e.g." or "Dr.". */
const sentenceEnd = /(?:[!?]|\p{Ll}{3,}\.)["'”’)]*$/u;
/** A quick look that rules out most texts: title case needs a capital after a space. */
const capitalAfterSpace = /\s\p{Lu}/u;

/** The names that keep their capitals (content/glossary.yaml `names` and the lab's name), as one pattern. */
export type Names = RegExp | undefined;

/** One pattern that finds each of the names whole, longest first ("Chamber of Commerce" before "Chamber"). */
export function compileNames(names: readonly string[]): Names {
  const list = [...new Set(names.map((n) => n.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!list.length) return undefined;
  const sources = list.map((n) => n.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sources.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
}

/** A text in title case: the first word sentence case writes in lower case, where it is, and the text in sentence case. */
export interface TitleCase {
  word: string;
  at: number;
  suggestion: string;
}

/**
 * The text's title case, or undefined: two or more words, every word after the first that tells (not a
 * minor word such as "of" or "and", a name, an abbreviation such as CAD/CAM, a word with a capital inside
 * such as LinkedIn, or one with a digit) begins with a capital, and at least one does. A `{placeholder}` is
 * no word, and the word after a sentence's end ("Oops! Page not found") may begin with a capital.
 */
export function titleCase(text: string, names: Names): TitleCase | undefined {
  if (!capitalAfterSpace.test(text)) return undefined;
  // A name's letters are blanked out (same length, so every index holds): it counts as a word that tells nothing.
  const masked = names ? text.replace(names, (m) => m.replace(/\S/g, '\u0000')) : text;
  const capitals: { word: string; at: number }[] = [];
  const lower: { word: string; at: number }[] = [];
  let words = 0;
  let first = true;
  for (const token of masked.matchAll(/\S+/g)) {
    const raw = token[0];
    if (raw.startsWith('{')) continue;
    const at = token.index + (raw.match(leading)?.[0].length ?? 0);
    const word = raw.replace(leading, '').replace(trailing, '');
    const name = word.includes('\u0000');
    if (!name && !letter.test(word) && word !== '&') continue;
    words++;
    const starts = first;
    first = sentenceEnd.test(raw);
    if (name) continue;
    // Words that keep a capital inside sentence case too: "Metal-Ceramic" becomes "Metal-ceramic".
    if (capitalAfterHyphen.test(word)) lower.push({ word, at });
    capitalAfterHyphen.lastIndex = 0;
    if (starts || digit.test(word) || !small.test(word) || innerCapital.test(word)) continue;
    const minor = minorWords.has(word.toLowerCase());
    if (upperFirst.test(word)) capitals.push({ word, at });
    else if (lowerFirst.test(word) && !minor) return undefined;
  }
  if (words < 2 || !capitals.length) return undefined;
  let suggestion = text;
  for (const { word, at } of [...capitals, ...lower]) {
    const now = suggestion.slice(at, at + word.length);
    const fixed = capitals.some((c) => c.at === at) ? now.toLowerCase() : now.replace(capitalAfterHyphen, (_, c: string) => `-${c.toLowerCase()}`);
    suggestion = suggestion.slice(0, at) + fixed + suggestion.slice(at + word.length);
  }
  return { ...capitals[0]!, suggestion };
}
