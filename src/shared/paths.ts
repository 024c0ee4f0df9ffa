import type { Lang } from '../../schemas/common.ts';

// English pages live at their plain path and Dutch ones under /nl: these are the only places that know it.

/** The language of a path: `/nl` and `/nl/...` are Dutch, everything else English. */
export function langOfPath(path: string): Lang {
  return path === '/nl' || path.startsWith('/nl/') ? 'nl' : 'en';
}

/** The paths an English path has in the two languages, as a type: `/about` -> `/about` | `/nl/about`. */
export type InEitherLanguage<P extends string> = P extends '/' ? '/' | '/nl' : P | `/nl${P}`;

/**
 * An English path in a language: `/` -> `/nl`, `/about` -> `/nl/about` in Dutch, unchanged in English.
 * Its type is the path in either language, so a link made with it is checked against the site's pages.
 */
export function localizePath<P extends string>(path: P, lang: Lang): InEitherLanguage<P>;
export function localizePath(path: string, lang: Lang): string {
  if (lang === 'en') return path;
  return path === '/' ? '/nl' : `/nl${path}`;
}

/** The English path of a path in either language: `/nl` -> `/`, `/nl/about` -> `/about`. */
export function englishPath(path: string): string {
  return langOfPath(path) === 'nl' ? path.slice(3) || '/' : path;
}

/** The same page in the other language. */
export function twinPath(path: string): string {
  return langOfPath(path) === 'nl' ? englishPath(path) : localizePath(path, 'nl');
}

/**
 * The file, in the build's data folder, of a page's data (what the browser fetches to show it after another
 * page): `/` -> `index.json`, `/nl/blog/x` -> `nl/blog/x.json`. Each segment is percent-encoded, so a path
 * a visitor typed stays inside the folder.
 */
export function pageDataFile(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? 'index.json' : `${trimmed.slice(1).split('/').map(encodeURIComponent).join('/')}.json`;
}
