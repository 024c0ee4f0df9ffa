/**
 * URLs that never vanish. A release build records every page it published in `content/published-urls.txt`
 * (committed with the content): its English path (the Dutch one follows it) and the file it came from. The
 * check then holds each recorded URL to the site as it is now: a page, or a redirect to one. A URL that is
 * neither (a slug renamed, a page's path changed, a file deleted) is reported as `url/removed` where it
 * was removed (the page's `path:` when its file is still there, else the URL's line in the list), with the
 * redirect to add to the nearest page. Search engines, bookmarks and the dentists' e-mails keep the old
 * address; a redirect keeps it working.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from './diagnostics.ts';
import { closest } from './suggest.ts';

/** The list's name in the content folder. */
export const publishedListName = 'published-urls.txt';

/** One published URL as the list records it, with its line there. */
export interface PublishedUrl {
  path: string;
  /** The content file it was published from (`content/pages/about.yaml`). */
  file: string;
  line: number;
}

const header = [
  '# Every page a release build published: its English path (the Dutch one, under /nl, follows it) and the',
  '# file it came from. Written by `npm run build -- --release`; commit it with the content. A path here',
  '# must stay a page or become a redirect (content/redirects.yaml): the check reports one that vanished.',
];

/** The recorded URLs, or none when nothing was published yet. Lines starting with # are comments. */
export function readPublished(contentDir: string): PublishedUrl[] {
  const file = join(contentDir, publishedListName);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .flatMap((text, i) => {
      const [path, source = ''] = text.trim().split(/\s+/);
      return path && !path.startsWith('#') ? [{ path, file: source, line: i + 1 }] : [];
    });
}

/**
 * Records the pages of a release in the list: the ones recorded before stay (a URL once published is
 * kept, as a page or as a redirect), each with the file it comes from now, and new pages are added.
 * Returns how many were added.
 */
export function recordPublished(contentDir: string, pages: Map<string, string>): number {
  const recorded = new Map(readPublished(contentDir).map((url) => [url.path, url.file]));
  let added = 0;
  for (const [path, file] of pages) {
    if (!recorded.has(path)) added++;
    recorded.set(path, file);
  }
  const lines = [...recorded].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, file]) => `${path} ${file}`.trim());
  writeFileSync(join(contentDir, publishedListName), `${[...header, ...lines].join('\n')}\n`);
  return added;
}

/** The page a vanished URL is best redirected to: the closest page beside it, else the nearest page above it, else the home page. */
export function nearestPage(path: string, pages: Iterable<string>): string {
  const all = [...pages];
  const cut = path.lastIndexOf('/');
  const folder = path.slice(0, cut + 1);
  const name = path.slice(cut + 1);
  const siblings = all.filter((p) => p.startsWith(folder) && p.lastIndexOf('/') === cut && p.length > folder.length).map((p) => p.slice(cut + 1));
  // A renamed page usually keeps its old name in the new one ("zirconia" became "zirconia-crowns"), or the other way round.
  const kept = siblings.filter((s) => s.includes(name) || (s.length > 2 && name.includes(s))).sort((a, b) => Math.abs(a.length - name.length) - Math.abs(b.length - name.length))[0];
  const sibling = kept ?? closest(name, siblings);
  if (sibling !== undefined) return folder + sibling;
  for (let up = path.slice(0, cut); up; up = up.slice(0, up.lastIndexOf('/'))) if (all.includes(up)) return up;
  return '/';
}

/** Where a vanished URL is reported: a file of the content and a YAML path in it, or a line of the list. */
export type RemovedAt = { file: string; yamlPath: string[] } | { line: number };

/**
 * Each recorded URL that is no longer a page nor a redirect's source, with where to report it and the
 * page to redirect it to. `pathOf` gives the path a content file has now, when the file is still there.
 */
export function vanishedUrls(
  published: PublishedUrl[],
  site: { pages: Set<string>; redirected: Set<string>; pathOf: (file: string) => string | undefined },
): { url: PublishedUrl; at: RemovedAt; now?: string; to: string }[] {
  return published
    .filter((url) => !site.pages.has(url.path) && !site.redirected.has(url.path))
    .map((url) => {
      const now = url.file ? site.pathOf(url.file) : undefined;
      const to = now && site.pages.has(now) ? now : nearestPage(url.path, site.pages);
      return { url, at: now !== undefined ? { file: url.file, yamlPath: ['path'] } : { line: url.line }, now, to };
    });
}

/** The diagnostic of a vanished URL; `position` places a YAML path of a content file. */
export function removedDiagnostic(
  removed: ReturnType<typeof vanishedUrls>[number],
  listFile: string,
  position: (file: string, yamlPath: string[]) => { line: number; column: number } | undefined,
): Diagnostic {
  const { url, at, now, to } = removed;
  const redirect = `add to content/redirects.yaml: "- from: ${url.path}" with "to: ${to}"`;
  const placed = 'file' in at ? position(at.file, at.yamlPath) : undefined;
  if (placed && 'file' in at) {
    return {
      file: at.file,
      ...placed,
      severity: 'error',
      rule: 'url/removed',
      path: at.yamlPath.join('.'),
      message: `this page was published at "${url.path}" and is now at "${now}": the old address would answer "not found"`,
      hint: `${redirect}, so links and bookmarks to the old address still arrive (or put the path back)`,
    };
  }
  return {
    file: listFile,
    line: url.line,
    column: 1,
    severity: 'error',
    rule: 'url/removed',
    message: `"${url.path}" was published${url.file ? ` (from ${url.file})` : ''} and is no longer a page nor redirected: it would answer "not found"`,
    hint: `${redirect}, so links and bookmarks to it still arrive`,
  };
}
