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
    return { pages: pages.length, files: count, bytes };
  } finally {
    await index.deleteIndex();
    await close();
  }
}
