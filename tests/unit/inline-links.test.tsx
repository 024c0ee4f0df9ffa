import { createRootRoute, createRouter } from '@tanstack/react-router';
import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ArticleCard } from '../../src/features/blog/article-card.tsx';
import { Claims } from '../../src/features/home/claims.tsx';
import { NewsCard } from '../../src/features/home/news-card.tsx';
import { ShellProvider } from '../../src/lib/i18n.tsx';
import type { ArticleSummary, ShellContent } from '../../src/shared/content-types.ts';

// The schema lets these texts hold inline links ([label](href)) and bold (**text**); no content uses
// them there yet, so these tests are what shows each is rendered, not printed as its marks.

/** The HTML of `node` rendered inside a router (for its links) and the English shell (for the date). */
async function render(node: ReactNode): Promise<string> {
  // Only the language is read by these components; the rest of the shell is never touched.
  const shell = {} as ShellContent;
  const root = createRootRoute({
    component: () => (
      <ShellProvider lang="en" shell={shell}>
        {node}
      </ShellProvider>
    ),
  });
  const handler = createRequestHandler({ request: new Request('http://localhost/'), createRouter: () => createRouter({ routeTree: root }) });
  return (await handler((context) => defaultRenderHandler(context))).text();
}

const text = 'Read [our guarantee](/about) and the **turnaround** we keep.';

const article: ArticleSummary = {
  slug: 'a',
  href: '/blog/the-future-of-digital-dentistry',
  title: 'The future of digital dentistry',
  excerpt: text,
  date: '2025-03-01',
  tags: [],
  category: { id: 'digital_technologies', label: 'Digital technologies' },
  image: { src: '/a.svg', width: 1200, height: 675, alt: '' },
};

describe('texts the schema allows inline links in', () => {
  it('are rendered with their links and bold in the claims', async () => {
    const html = await render(<Claims section={{ title: 'Why practices work with us', items: [{ title: 'Guarantee', text }] }} />);
    expect(html).toMatch(/<a[^>]* href="\/about"[^>]*>our guarantee<\/a>/);
    expect(html).toContain('<strong class="font-semibold">turnaround</strong>');
    expect(html).not.toContain('](');
    expect(html).not.toContain('**');
  });

  it('render a link inside bold text as a link in bold, not as its marks', async () => {
    const html = await render(<Claims section={{ title: 'Why practices work with us', items: [{ title: 'Guarantee', text: 'See **[our guarantee](/about)** first.' }] }} />);
    expect(html).toMatch(/<strong class="font-semibold"><a[^>]* href="\/about"[^>]*>our guarantee<\/a><\/strong>/);
    expect(html).not.toContain('](');
  });

  it.each([
    ["the home page's news card", NewsCard],
    ["the blog's article card", ArticleCard],
  ])("are rendered with their links and bold in %s, the link above the card's own", async (_where, Card) => {
    const html = await render(<Card article={article} />);
    expect(html).toMatch(/<a[^>]* href="\/about"[^>]*>our guarantee<\/a>/);
    expect(html).toMatch(/<a class="link relative z-10"[^>]* href="\/about"/);
    expect(html).toContain('<strong class="font-semibold">turnaround</strong>');
    expect(html).not.toContain('](');
    expect(html).not.toContain('**');
  });
});
