/** Rules of the two languages: every text in English and Dutch, the same placeholders and links in both, Dutch that is not stale. */
import { join } from 'node:path';
import type { Scanned } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import type { PathSegment, SourceFile } from '../source.ts';
import { confirmedEnglish, englishHash, lockKey, quoted, readLockLazily } from '../translations.ts';
import { defineRules } from './spec.ts';

const missing = 'A text lacks one language, or has an empty, `~` or invisible (zero-width) one.';

export const rules = defineRules({
  'i18n/missing-en': { severity: 'error', description: missing },
  'i18n/missing-nl': { severity: 'error', description: missing },
  'i18n/empty-en': { severity: 'error', description: missing },
  'i18n/empty-nl': { severity: 'error', description: missing },
  'i18n/length-mismatch': { severity: 'error', description: 'A list has a different number of items in English and Dutch.' },
  'i18n/placeholder-mismatch': { severity: 'error', description: 'A `{placeholder}` appears in one language only.' },
  'i18n/link-mismatch': { severity: 'error', description: 'The English and Dutch of one text link to different pages, or one lost a link.' },
  'i18n/identical': { severity: 'warning', description: 'A long text is the same in both languages: probably not translated.' },
  'i18n/stale-nl': {
    severity: 'warning',
    also: { severity: 'error', when: 'in a release build' },
    description: 'The English of a text has changed since its Dutch was confirmed (`content/translations.lock.json`; see "Translations that know when they are stale").',
  },
});

const placeholderPattern = /\{(\w+(?:\.\w+)*)\}/g;
/** The names of a text's placeholders, sorted and joined with commas ("" for none). */
function placeholderNames(text: string): string {
  const names: string[] = [];
  placeholderPattern.lastIndex = 0;
  for (let match = placeholderPattern.exec(text); match; match = placeholderPattern.exec(text)) names.push(match[1]!);
  return names.length > 1 ? names.sort().join(',') : (names[0] ?? '');
}
/** A text with something a reader sees: not only spaces and invisible characters (zero-width space and joiners). */
const visible = /[^\s\u200B-\u200D\u2060\uFEFF]/;
/** Whether a text shows something: most begin with a printable ASCII character, which tells at once. */
const isVisible = (text: string) => {
  const first = text.charCodeAt(0);
  return (first > 32 && first < 127) || visible.test(text);
};
const languageName = { en: 'English', nl: 'Dutch' } as const;
const pairNames = ['en', 'nl'] as const;

/** The same link targets, in any order. */
function sameTargets(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  if (a.every((target, i) => target === b[i])) return true;
  const sorted = [...b].sort();
  return [...a].sort().every((target, i) => target === sorted[i]);
}

/**
 * The language rules of one run: both languages of a text are there, differ where they should, share their
 * placeholders and links (the link targets of each language come from reading its markup once), and the
 * Dutch is not stale.
 */
export function i18nRules(run: CheckRun) {
  /** A pair without markup or placeholders: both there and visible, and not the same text twice. */
  const plainPair = (entry: Scanned, path: PathSegment[], en: string, nl: string) => {
    for (const lang of pairNames) {
      const value = lang === 'en' ? en : nl;
      if (value !== '' && !isVisible(value)) {
        run.at(entry, [...path, lang], `i18n/empty-${lang}`, `the ${languageName[lang]} text holds only invisible characters`, `write the ${languageName[lang]} text`);
      }
    }
    if (en === nl && en.length >= 40) {
      run.at(entry, [...path, 'nl'], 'i18n/identical', 'the Dutch text is the same as the English text', 'translate it, or confirm that the text is meant to be the same', 'warning');
    }
  };
  const checkPair = (entry: Scanned, path: PathSegment[], en: string, nl: string, enLinks: string[], nlLinks: string[]) => {
    plainPair(entry, path, en, nl);
    if ((enLinks.length || nlLinks.length) && !sameTargets(enLinks, nlLinks)) {
      const named = (list: string[]) => (list.length ? [...list].sort().join(', ') : 'nothing');
      run.at(entry, [...path, 'nl'], 'i18n/link-mismatch', `the English text links to ${named(enLinks)} but the Dutch text to ${named(nlLinks)}`, 'link the same pages in both languages');
    }
    if (!en.includes('{') && !nl.includes('{')) return;
    const enNames = placeholderNames(en);
    const nlNames = placeholderNames(nl);
    if (enNames !== nlNames) {
      run.at(
        entry,
        [...path, 'nl'],
        'i18n/placeholder-mismatch',
        `the placeholders differ: English has {${enNames.split(',').filter(Boolean).join('}, {')}} and Dutch {${nlNames.split(',').filter(Boolean).join('}, {')}}`,
        'use the same {placeholders} in both languages',
      );
    }
  };
  const checkListPair = (entry: Scanned, path: PathSegment[], en: unknown[], nl: unknown[]) => {
    en.forEach((item, i) => {
      if (typeof item === 'string' && item === nl[i] && item.length >= 40) {
        run.at(entry, [...path, 'nl', i], 'i18n/identical', 'the Dutch item is the same as the English item', 'translate it', 'warning');
      }
    });
  };
  // The English each Dutch text was last confirmed against (translations.ts): a Dutch text whose English
  // changed since is probably out of date.
  const lock = readLockLazily(run.contentDir);
  const contentPrefix = `${run.rel(run.contentDir)}/`;
  // The lock's record of the file being scanned, looked up once a file; none to compare with when the file
  // is the one that was confirmed (most files, most of the time).
  let lockOf: { source?: SourceFile; record?: Record<string, string>; hashes?: Set<string> } = {};
  const checkStale = (entry: Scanned, path: PathSegment[], en: string | unknown[]) => {
    const { file } = entry.source;
    if (lockOf.source !== entry.source) {
      const name = file.startsWith(contentPrefix) ? file.slice(contentPrefix.length) : file;
      const confirmed = lock.fileHash(name);
      lockOf = { source: entry.source, record: confirmed !== undefined && confirmed !== entry.source.hash ? lock.texts(name) : undefined };
    }
    const confirmed = lockOf.record?.[lockKey(path)];
    if (confirmed === undefined) return;
    const hash = englishHash(en);
    if (hash === confirmed) return;
    // A text moved within its file (blocks reordered) keeps its confirmation: its English was confirmed elsewhere in the file.
    lockOf.hashes ??= new Set(Object.values(lockOf.record!));
    if (lockOf.hashes.has(hash)) return;
    const before = confirmedEnglish(join(run.root, file), path, confirmed);
    run.at(
      entry,
      [...path, 'nl'],
      'i18n/stale-nl',
      before === undefined
        ? `the English has changed since this Dutch text was confirmed; it is now ${quoted(en)}`
        : `the English has changed since this Dutch text was confirmed: it was ${quoted(before)} and is now ${quoted(en)}`,
      `bring the Dutch in line with the English, then run npm run translations -- --confirm ${file}`,
      run.release ? 'error' : 'warning',
    );
  };
  return { plainPair, checkPair, checkListPair, checkStale };
}
