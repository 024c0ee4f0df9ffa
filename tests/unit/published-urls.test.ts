import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, pageFiles } from '../../scripts/content/check.ts';
import { nearestPage, readPublished, recordPublished } from '../../scripts/content/published.ts';
import { fixtureSite } from '../support/fixtures.ts';

// A release records the pages it published (content/published-urls.txt); from then on each must stay a page
// or be redirected. The fixture site is "released" by recording its pages as a release build does.
function releasedSite() {
  const site = fixtureSite();
  const { model } = checkContent({ root: site.root, retain: true });
  recordPublished(join(site.root, 'content'), pageFiles(model));
  const edit = (file: string, change: (text: string) => string) => writeFileSync(join(site.root, file), change(readFileSync(join(site.root, file), 'utf8')));
  const removed = () => checkContent({ root: site.root }).diagnostics.filter((d) => d.rule === 'url/removed');
  const lineOf = (path: string) => readPublished(join(site.root, 'content')).find((url) => url.path === path)!.line;
  return { ...site, edit, removed, lineOf };
}

describe('URLs that never vanish', () => {
  it('a released site as it was has no vanished URL, and the list is no unknown file', () => {
    const site = releasedSite();
    try {
      const { diagnostics } = checkContent({ root: site.root });
      expect(diagnostics.filter((d) => d.severity === 'error' || d.file.endsWith('published-urls.txt'))).toEqual([]);
      expect(readPublished(join(site.root, 'content')).map((url) => url.path)).toEqual(expect.arrayContaining(['/', '/about', '/services/zirconia', '/blog/care-tips']));
    } finally {
      site.cleanup();
    }
  });

  it('a slug renamed without a redirect fails at the list, with the redirect to add; adding it fixes it', () => {
    const site = releasedSite();
    try {
      renameSync(join(site.root, 'content/services/zirconia.yaml'), join(site.root, 'content/services/zirconia-crowns.yaml'));
      site.edit('content/services/zirconia-crowns.yaml', (text) => text.replace(/^slug: zirconia$/m, 'slug: zirconia-crowns'));
      expect(site.removed()).toEqual([
        {
          file: 'content/published-urls.txt',
          line: site.lineOf('/services/zirconia'),
          column: 1,
          severity: 'error',
          rule: 'url/removed',
          message: '"/services/zirconia" was published (from content/services/zirconia.yaml) and is no longer a page nor redirected: it would answer "not found"',
          hint: 'add to content/redirects.yaml: "- from: /services/zirconia" with "to: /services/zirconia-crowns", so links and bookmarks to it still arrive',
        },
      ]);
      site.edit('content/redirects.yaml', (text) => `${text.trimEnd()}\n  - from: /services/zirconia\n    to: /services/zirconia-crowns\n`);
      expect(site.removed()).toEqual([]);
    } finally {
      site.cleanup();
    }
  });

  it("a page's path changed is reported at its path:, naming the new one", () => {
    const site = releasedSite();
    try {
      site.edit('content/pages/about.yaml', (text) => text.replace(/^path: \/about$/m, 'path: /about-us'));
      const [removed, ...more] = site.removed();
      expect(more).toEqual([]);
      expect(removed).toMatchObject({
        file: 'content/pages/about.yaml',
        line: 2,
        column: 7,
        path: 'path',
        message: 'this page was published at "/about" and is now at "/about-us": the old address would answer "not found"',
      });
      expect(removed!.hint).toContain('"- from: /about" with "to: /about-us"');
    } finally {
      site.cleanup();
    }
  });

  it('a deleted article is reported at the list, suggesting the page above it', () => {
    const site = releasedSite();
    try {
      // The other article no longer names it as related; only the URL is left to answer for.
      site.edit('content/articles/implants-today.yaml', (text) => text.replace(/related: \[[^\]]*\]/, 'related: []'));
      rmSync(join(site.root, 'content/articles/care-tips.yaml'));
      const removed = site.removed();
      expect(removed.map((d) => [d.file, d.line, d.hint?.match(/"to: [^"]*"/)?.[0]])).toEqual([['content/published-urls.txt', site.lineOf('/blog/care-tips'), '"to: /blog"']]);
    } finally {
      site.cleanup();
    }
  });

  it('a later release keeps every URL recorded before and adds the new ones', () => {
    const site = releasedSite();
    try {
      const content = join(site.root, 'content');
      const before = readPublished(content).map((url) => url.path);
      const pages = new Map([['/services/new-service', 'content/services/new-service.yaml']]);
      expect(recordPublished(content, pages)).toBe(1);
      expect(recordPublished(content, pages)).toBe(0);
      const after = readPublished(content).map((url) => url.path);
      expect(after).toEqual([...before, '/services/new-service'].sort());
      expect(readFileSync(join(content, 'published-urls.txt'), 'utf8')).toMatch(/^# Every page a release build published/);
    } finally {
      site.cleanup();
    }
  });

  it('suggests the closest page beside a vanished one, else the page above it, else the home page', () => {
    const pages = ['/', '/services', '/services/zirconia-crowns', '/services/dentures', '/blog'];
    expect(nearestPage('/services/zirconia', pages)).toBe('/services/zirconia-crowns');
    expect(nearestPage('/services/veneers', pages)).toBe('/services');
    expect(nearestPage('/blog/old-news', pages)).toBe('/blog');
    expect(nearestPage('/team', pages)).toBe('/');
  });
});
