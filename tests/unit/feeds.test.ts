import { describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { atomFeed, escapeXml } from '../../scripts/feeds.ts';
import { projectRoot } from '../support/fixtures.ts';

/**
 * A small XML well-formedness check: one root element, every tag closed in order, attributes quoted
 * and not repeated, and only the five predefined or numeric entities. It throws on the first problem.
 */
function parseXml(xml: string): { name: string; attributes: Record<string, string>; text: string; children: unknown[] } {
  type Node = { name: string; attributes: Record<string, string>; text: string; children: Node[] };
  const body = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const root: Node = { name: '#document', attributes: {}, text: '', children: [] };
  const stack: Node[] = [root];
  const entity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i;
  const tokens = body.split(/(<[^>]*>)/).filter((t) => t !== '');
  for (const token of tokens) {
    const top = stack.at(-1)!;
    if (!token.startsWith('<')) {
      if (token.includes('<') || token.includes('>') || entity.test(token)) throw new Error(`bad text: ${token}`);
      if (top === root && token.trim()) throw new Error(`text outside the root element: ${token}`);
      top.text += token;
      continue;
    }
    const close = /^<\/([A-Za-z_][\w.:-]*)\s*>$/.exec(token);
    if (close) {
      if (top.name !== close[1]) throw new Error(`</${close[1]}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const open = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!open) throw new Error(`malformed tag: ${token}`);
    const attributes: Record<string, string> = {};
    for (const [, name, value] of open[2]!.matchAll(/([A-Za-z_][\w.:-]*)="([^"]*)"/g)) {
      if (name! in attributes) throw new Error(`repeated attribute ${name} in ${token}`);
      if (entity.test(value!)) throw new Error(`bad entity in ${token}`);
      attributes[name!] = value!;
    }
    if (top === root && root.children.length) throw new Error('more than one root element');
    const node: Node = { name: open[1]!, attributes, text: '', children: [] };
    top.children.push(node);
    if (!open[3]) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  return root.children[0]!;
}

type El = ReturnType<typeof parseXml>;
const children = (node: El, name: string) => (node.children as El[]).filter((c) => c.name === name);
const child = (node: El, name: string) => children(node, name)[0]!;
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const { model } = checkContent({ root: projectRoot, retain: true });
const origin = model.site!.data.url;

describe('the well-formedness check used here', () => {
  it('rejects broken XML', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a>fish & chips</a>')).toThrow();
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow();
    expect(() => parseXml('<a></a><b></b>')).toThrow();
    expect(() => parseXml('<a>')).toThrow();
    expect(parseXml('<a x="1"><b/>fish &amp; chips</a>').name).toBe('a');
  });
});

describe('the Atom feeds', () => {
  for (const lang of ['en', 'nl'] as const) {
    const prefix = lang === 'nl' ? '/nl' : '';
    it(`parse as XML and list all six articles with absolute links (${lang})`, () => {
      const feed = parseXml(atomFeed(model, lang));
      expect(feed.name).toBe('feed');
      expect(feed.attributes).toMatchObject({ xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': lang });
      expect(child(feed, 'id').text).toBe(`${origin}${prefix}/feed.xml`);
      expect(children(feed, 'link').map((l) => l.attributes.href)).toEqual([`${origin}${prefix}/feed.xml`, `${origin}${prefix}/blog`]);
      expect(child(feed, 'updated').text).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);

      const entries = children(feed, 'entry');
      expect(entries).toHaveLength(6);
      const slugs = [...model.articles.keys()];
      expect(entries.map((e) => child(e, 'link').attributes.href).sort()).toEqual(slugs.map((s) => `${origin}${prefix}/blog/${s}`).sort());
      for (const entry of entries) {
        const slug = child(entry, 'link').attributes.href!.split('/').at(-1)!;
        const article = model.articles.get(slug)!.data;
        expect(child(entry, 'id').text).toBe(`${origin}${prefix}/blog/${slug}`);
        expect(unescape(child(entry, 'title').text)).toBe(article.title[lang]);
        expect(child(entry, 'published').text).toBe(`${article.date}T00:00:00Z`);
        expect(child(entry, 'updated').text).toBe(`${article.updated ?? article.date}T00:00:00Z`);
        expect(unescape(child(child(entry, 'author'), 'name').text)).toBe(article.author[lang]);
        expect(child(entry, 'category').attributes.term).toBe(article.category);
        expect(unescape(child(entry, 'summary').text).length).toBeGreaterThan(40);
        expect(child(entry, 'summary').text).not.toMatch(/\]\(|\*\*/);
      }
      // Newest first, and the feed's own date is that of its latest change.
      const published = entries.map((e) => child(e, 'published').text);
      expect([...published].sort().reverse()).toEqual(published);
      expect(child(feed, 'updated').text).toBe(
        entries
          .map((e) => child(e, 'updated').text)
          .sort()
          .at(-1),
      );
    });
  }

  it('escapes the characters XML reserves', () => {
    expect(escapeXml(`Tips & "tricks" <for> 'you'`)).toBe('Tips &amp; &quot;tricks&quot; &lt;for&gt; &apos;you&apos;');
  });
});
