import { correctedQuery, searchKinds, type SearchKind } from '../../shared/search.ts';

/** A part of a result's passage: text, marked where it matched the query. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

/** One result as the dialog shows it. */
export interface SearchHit {
  url: string;
  title: string;
  kind: SearchKind;
  excerpt: ExcerptPart[];
}

/** The part of Pagefind's browser API (pagefind.js) the dialog uses. */
interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(term: string, options?: Record<string, unknown>, ms?: number): Promise<PagefindResults | null>;
  search(term: string): Promise<PagefindResults>;
}

interface PagefindResults {
  results: { data(): Promise<PagefindData> }[];
}

interface PagefindData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

/** What a search found: its results, and the query it searched for instead when the one typed found nothing. */
export interface Found {
  hits: SearchHit[];
  corrected?: string;
}

/** The loaded index: finds up to `most` results for a term, or null when a newer term came within `pauseMs`. */
export interface Search {
  find(term: string, pauseMs: number, most: number): Promise<Found | null>;
}

let loading: Promise<Search> | undefined;

/**
 * Loads Pagefind's script from the build's index folder (`assets.search`) and readies the index of the
 * page's language (Pagefind reads `<html lang>`); once per page view, again after a failure.
 */
export function loadSearch(base: string | undefined): Promise<Search> {
  loading ??= (async () => {
    if (!base) throw new Error('this build has no search index');
    // The folder is named after the build, so the index's entry file may be cached like the rest of it.
    const tag = base.split('/').at(-2);
    // Pagefind asks for these one after another (its script, then the index's entry and the language's
    // WebAssembly): asked for together, they arrive in one round trip, and it finds them cached. (Its worker's
    // script, asked for here too, came twice: the worker's own request does not wait for this one.)
    for (const file of [`pagefind-entry.json?ts=${tag}`, `wasm.${document.documentElement.lang}.pagefind`]) {
      fetch(`${base}${file}`).catch(() => undefined);
    }
    const api = (await import(/* @vite-ignore */ `${base}pagefind.js`)) as PagefindApi;
    await api.options({ basePath: base, baseUrl: '/', excerptLength: 24, metaCacheTag: tag });
    await api.init();
    const hits = async (found: PagefindResults, most: number) => (await Promise.all(found.results.slice(0, most).map((result) => result.data()))).map(toHit);
    // The language's words, fetched the first time a query finds nothing.
    let words: Promise<string[]> | undefined;
    const wordsOfSite = () => {
      words ??= fetch(`${base}words.${document.documentElement.lang}.json`).then((response) => (response.ok ? (response.json() as Promise<string[]>) : []));
      words.catch(() => {
        words = undefined;
      });
      return words;
    };
    return {
      async find(term, pauseMs, most) {
        const found = await api.debouncedSearch(term, {}, pauseMs);
        if (!found) return null;
        if (found.results.length) return { hits: await hits(found, most) };
        // Nothing found: a mistyped word is read as the nearest word of the site, and the query searched again.
        const corrected = correctedQuery(term, await wordsOfSite().catch(() => []));
        if (!corrected) return { hits: [] };
        const again = await api.search(corrected);
        return again.results.length ? { hits: await hits(again, most), corrected } : { hits: [] };
      },
    };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function toHit(data: PagefindData): SearchHit {
  const kind = searchKinds.find((k) => k === data.meta.kind) ?? 'page';
  return { url: data.url, title: decodeEntities(data.meta.title ?? data.url), kind, excerpt: excerptParts(data.excerpt) };
}

/**
 * Pagefind's excerpt is the page's text with its HTML escaped and the matches in `<mark>`: read as parts,
 * never written into the page as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  return excerpt
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('<mark>') && part.endsWith('</mark>') ? { text: decodeEntities(part.slice(6, -7)), marked: true } : { text: decodeEntities(part), marked: false }));
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", nbsp: '\u00a0' };

/** The text of a string with HTML's character references (those Pagefind writes) read back. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, name: string) => {
    const known = entities[name.toLowerCase()];
    if (known !== undefined) return known;
    const code = name.startsWith('#x') || name.startsWith('#X') ? Number.parseInt(name.slice(2), 16) : name.startsWith('#') ? Number.parseInt(name.slice(1), 10) : NaN;
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}
