/**
 * The site's search index (Pagefind): every prerendered page of both languages, each language an index of
 * its own with its own stemming (Pagefind reads the language from `<html lang>`). Only what is inside a
 * page's `<main data-pagefind-body>` is indexed, so the header, the menus, the footer and the preview's
 * notice are left out; inside it, navigation (breadcrumbs, a page's contents) and forms are left out too.
 * Headings weigh more than text (Pagefind's own weighting: h1 7 down to h6 2), and the page's h1 is its title.
 * Written to `assets/search/<id>/`, a folder named after what the pages were made from, so it is cached for good.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { close, createIndex } from 'pagefind';
import { searchKind } from '../src/shared/search.ts';

/** A page as the build rendered it. */
export interface IndexedPage {
  path: string;
  template: string;
  html: string;
}

/** What the index came to: pages, and bytes per language (the files only that language fetches). */
export interface SearchIndexStats {
  pages: number;
  files: number;
  bytes: number;
}

/** Pagefind's own interface files, which the site does not use (its dialog is the site's own). */
const unused = /^pagefind-(ui|modular-ui|component-ui|highlight)\.|^wasm\.unknown\./;

/** Indexes the pages and writes the index into `outDir`; fails on any error Pagefind reports. */
export async function writeSearchIndex(pages: readonly IndexedPage[], outDir: string): Promise<SearchIndexStats> {
  const { index, errors } = await createIndex({ excludeSelectors: ['nav', 'form'] });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  try {
    // One at a time, in the build's order, so the same pages always make the same files (their folder's name says so).
    const added = [];
    for (const page of pages) {
      // The page's kind travels as metadata of the indexed copy only; the page served stays as it is.
      added.push(await index.addHTMLFile({ url: page.path, content: page.html.replace('</body>', `<span data-pagefind-meta="kind:${searchKind(page.template)}"></span></body>`) }));
    }
    const failed = added.flatMap((r, i) => r.errors.map((e) => `${pages[i]!.path}: ${e}`));
    if (failed.length) throw new Error(`search index:\n  ${failed.join('\n  ')}`);
    const untitled = added.filter((r) => !r.file.meta.title).map((r) => r.file.url);
    if (untitled.length) throw new Error(`search index: no h1 to title ${untitled.join(', ')}`);
    const { files, errors: written } = await index.getFiles();
    if (written.length) throw new Error(`search index: ${written.join('; ')}`);
    let bytes = 0;
    let count = 0;
    for (const file of files) {
      if (unused.test(file.path)) continue;
      const target = join(outDir, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.content);
      bytes += file.content.length;
      count++;
    }
    // Each language's words, the most used first: what the dialog reads a mistyped query against when the
    // index finds nothing (Pagefind matches word forms and words begun, not typing mistakes).
    for (const [lang, words] of vocabularies(pages)) {
      const content = Buffer.from(JSON.stringify(words));
      writeFileSync(join(outDir, `words.${lang}.json`), content);
      bytes += content.length;
      count++;
    }
    return { pages: pages.length, files: count, bytes };
  } finally {
    await index.deleteIndex();
    await close();
  }
}

/**
 * The words of each language's pages as the index reads them (the page's main content, without its
 * navigation and forms), three letters or more, lower case, the most used first.
 */
export function vocabularies(pages: readonly IndexedPage[]): Map<string, string[]> {
  const counts = new Map<string, Map<string, number>>();
  for (const page of pages) {
    const lang = /<html[^>]*\slang="([^"]+)"/.exec(page.html)?.[1] ?? 'en';
    const main = /<main\b[^>]*data-pagefind-body[^>]*>([\s\S]*?)<\/main>/.exec(page.html)?.[1] ?? '';
    const text = main
      .replace(/<(nav|form|script|style|svg)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(amp|nbsp|#39|quot|lt|gt);/g, ' ');
    const words = counts.get(lang) ?? new Map<string, number>();
    counts.set(lang, words);
    for (const [word] of text.toLocaleLowerCase(lang).matchAll(/[\p{L}\p{M}]{3,}/gu)) words.set(word, (words.get(word) ?? 0) + 1);
  }
  return new Map([...counts].map(([lang, words]) => [lang, [...words].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word)]));
}
