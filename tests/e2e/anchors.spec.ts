import { expect, test } from '@playwright/test';
import { checkContent } from '../../scripts/content/check.ts';
import { pageAnchors } from '../../src/shared/anchors.ts';

// The content check accepts `/page#anchor` only for anchors in src/shared/anchors.ts. This compares that
// table, page by page, with the ids the built pages really have: every anchor it accepts is there, and
// every heading and section a page has is one it accepts, so a renamed section fails here.

const { model } = checkContent({ root: process.cwd(), retain: true });
const pagesToCheck: { path: string; template: string; content: Record<string, unknown> }[] = [
  ...[...model.pages.values()].filter((entry) => 'path' in entry.data).map((entry) => ({ path: (entry.data as { path: string }).path, template: entry.data.id, content: entry.data })),
  ...[...model.services.entries()].map(([slug, entry]) => ({ path: `/services/${slug}`, template: entry.data.kind, content: entry.data })),
  ...[...model.articles.entries()].map(([slug, entry]) => ({ path: `/blog/${slug}`, template: 'article', content: entry.data })),
];

/**
 * The ids a link can land on: those of the page's headings, sections, main and footer, outside dialogs;
 * not React's generated ids (`_R_…_`), which no link can know.
 */
function landingIds(html: string): string[] {
  const body = html
    .slice(html.indexOf('<body'))
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<dialog[\s\S]*?<\/dialog>/g, '');
  return [...body.matchAll(/<(h1|h2|h3|section|main|footer)\b[^>]*\sid="([^"]+)"/g)].map((m) => m[2]!).filter((id) => !/^_R_/.test(id));
}

test('the content model covers every page of the site', () => {
  expect(pagesToCheck.length).toBeGreaterThan(40);
});

for (const { path, template, content } of pagesToCheck) {
  test(`${path}: the anchors the content check accepts are the page's own`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const onPage = landingIds(html).sort();
    expect(onPage).toEqual([...new Set(pageAnchors(template, content, model.site?.data))].sort());
  });
}
