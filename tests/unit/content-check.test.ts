import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import type { Diagnostic } from '../../scripts/content/diagnostics.ts';
import { fixtureSite } from '../support/fixtures.ts';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

function check(options: Parameters<typeof fixtureSite>[0] = {}): Diagnostic[] {
  const site = fixtureSite(options);
  cleanups.push(site.cleanup);
  return checkContent({ root: site.root }).diagnostics;
}

const errors = (list: Diagnostic[]) => list.filter((d) => d.severity === 'error');
const where = (d: Diagnostic) => `${d.file}:${d.line}:${d.column} ${d.rule}`;

describe('the valid fixture site', () => {
  it('passes with no errors and no warnings', () => {
    expect(check().map(where)).toEqual([]);
  });
});

describe('YAML syntax', () => {
  it('reports bad indentation with its line and column', () => {
    const [first] = check({ bad: ['yaml-syntax'] });
    expect(where(first!)).toBe('content/services/zirconia.yaml:11:2 yaml/syntax');
    expect(first!.hint).toMatch(/indentation/);
  });

  it('reports a key that appears twice in a map', () => {
    const list = check({ bad: ['duplicate-key'] });
    expect(list.map(where)).toEqual(['content/testimonials/jansen.yaml:3:1 yaml/syntax']);
    expect(list[0]!.message).toMatch(/unique/);
  });
});

describe('the schema', () => {
  it('names an unknown key and suggests the key that was meant, without also calling that key missing', () => {
    const list = check({ bad: ['unknown-key'] });
    expect(list.map(where)).toEqual(['content/services/zirconia.yaml:10:3 schema/unknown-key']);
    expect(list[0]!.message).toBe('unknown key "titel"');
    expect(list[0]!.hint).toBe('did you mean "title"?');
    expect(list[0]!.path).toBe('hero.titel');
  });

  it('reports a missing required key with what belongs there', () => {
    const list = check({ bad: ['missing-key'] });
    expect(list.map(where)).toEqual(['content/articles/care-tips.yaml:1:1 schema/missing-key']);
    expect(list[0]!.message).toContain('"excerpt"');
    expect(list[0]!.hint).toMatch(/English and Dutch/);
  });

  it('reports a value of the wrong type', () => {
    const list = check({ bad: ['invalid-type'] });
    expect(list.map(where)).toEqual(['content/pages/home.yaml:32:10 schema/invalid-type']);
    expect(list[0]!.message).toBe('expected a number, found the text "two"');
  });

  it('suggests the closest allowed kind for a misspelt one', () => {
    const list = check({ bad: ['invalid-kind'] });
    expect(list.map(where)).toEqual(['content/services/zirconia.yaml:1:7 schema/invalid-value']);
    expect(list[0]!.hint).toBe('did you mean "detail"?');
  });

  it('reports opening hours that close before they open', () => {
    const list = check({ bad: ['site-hours'] });
    expect(list.map(where)).toEqual(['content/site.yaml:16:44 site/hours']);
  });
});

describe('both languages', () => {
  it('reports a missing Dutch title with its line and column', () => {
    const list = check({ bad: ['missing-nl'] });
    expect(list.map(where)).toEqual(['content/services/zirconia.yaml:11:5 i18n/missing-nl']);
    expect(list[0]!.path).toBe('hero.title');
  });

  it('reports an empty English text', () => {
    expect(check({ bad: ['empty-en'] }).map(where)).toEqual(['content/pages/about.yaml:3:13 i18n/empty-en']);
  });

  it('reports localized lists of different lengths', () => {
    const list = check({ bad: ['list-length'] });
    expect(list.map(where)).toEqual(['content/services/zirconia.yaml:23:7 i18n/length-mismatch']);
    expect(list[0]!.message).toBe('the English list has 4 items and the Dutch list 3');
  });

  it('reports a UI string that exists in English only', () => {
    const list = check({ bad: ['ui-missing-nl'] });
    expect(list.map(where)).toEqual(['content/ui.yaml:3:13 i18n/missing-nl']);
    expect(list[0]!.path).toBe('nav.openMenu');
  });

  it('reports placeholders that differ between the languages', () => {
    const list = check({ bad: ['placeholder-mismatch'] });
    expect(list.map(where)).toEqual(['content/ui.yaml:5:65 i18n/placeholder-mismatch']);
    expect(list[0]!.message).toContain('{jaar}');
  });

  it('warns about a long text that is the same in both languages', () => {
    const list = check({ bad: ['identical-text'] });
    expect(list.map(where)).toEqual(['content/pages/contact.yaml:18:9 i18n/identical']);
    expect(list[0]!.severity).toBe('warning');
  });
});

describe('links', () => {
  it('catches a link to /testimonialz and suggests /testimonials', () => {
    const list = check({ bad: ['link-typo'] });
    expect(list.map(where)).toEqual(['content/navigation.yaml:4:13 link/broken']);
    expect(list[0]!.hint).toBe('did you mean "/testimonials"?');
  });

  it('catches a link to /testimonials when that page does not exist', () => {
    const list = check({ remove: ['content/pages/testimonials.yaml'] });
    expect(list.map(where).sort()).toEqual([
      'content/navigation.yaml:15:15 link/broken',
      'content/navigation.yaml:4:13 link/broken',
      'content/pages/home.yaml:29:71 link/broken',
      'content/pages/testimonials.yaml:1:1 content/missing-page',
    ]);
    expect(errors(list)).toHaveLength(4);
  });

  it('points at the target of a broken link inside rich text', () => {
    const list = check({ bad: ['inline-link'] });
    expect(list.map(where)).toEqual(['content/articles/implants-today.yaml:19:40 link/broken']);
    expect(list[0]!.hint).toBe('did you mean "/services/zirconia"?');
  });

  it('checks the anchor of a link into an article', () => {
    const list = check({ bad: ['anchor'] });
    expect(list.map(where)).toEqual(['content/articles/implants-today.yaml:20:78 link/broken']);
    expect(list[0]!.hint).toContain('daily-care');
  });

  it('warns about a link written with the Dutch prefix', () => {
    const list = check({ bad: ['language-prefix'] });
    expect(list.map(where)).toEqual(['content/pages/about.yaml:26:57 link/language-prefix']);
    expect(list[0]!.severity).toBe('warning');
  });

  it('accepts a link to a redirect source', () => {
    // The valid fixture's footer links to /services/old-zirconia, which redirects.
    expect(check().filter((d) => d.rule === 'link/broken')).toEqual([]);
  });
});

describe('files, slugs and references', () => {
  it('reports a slug that does not match the file name', () => {
    const list = check({ bad: ['name-mismatch'] });
    expect(list.map(where)).toContain('content/services/zirconia.yaml:2:7 file/name-mismatch');
  });

  it('reports two pages with the same path', () => {
    const list = check({ bad: ['duplicate-path'] });
    expect(list.map(where)).toContain('content/pages/contact.yaml:2:7 slug/duplicate');
  });

  it('reports an unknown related article with a suggestion', () => {
    const list = check({ bad: ['unknown-ref'] });
    expect(list.map(where)).toEqual(['content/articles/care-tips.yaml:21:11 ref/unknown']);
    expect(list[0]!.hint).toBe('did you mean "implants-today"?');
  });

  it('reports an unknown article among the home page\'s chosen news', () => {
    const list = check({ bad: ['unknown-news-article'] });
    expect(list.map(where)).toEqual(['content/pages/home.yaml:33:25 ref/unknown']);
    expect(list[0]!.hint).toBe('did you mean "implants-today"?');
  });

  it('reports an article category that the blog does not have', () => {
    const list = check({ bad: ['unknown-category'] });
    expect(list.map(where)).toEqual(['content/articles/care-tips.yaml:11:11 ref/unknown']);
    expect(list[0]!.hint).toBe('did you mean "tips_for_patients"?');
  });

  it('reports a reference to a page of the wrong kind', () => {
    expect(check({ bad: ['wrong-kind'] }).map(where)).toEqual(['content/pages/services.yaml:14:22 ref/wrong-kind']);
  });

  it('reports a missing required file and a missing page', () => {
    const list = check({ remove: ['content/site.yaml', 'content/pages/privacy.yaml'] });
    expect(list.map(where)).toContain('content/site.yaml:1:1 content/missing-file');
    expect(list.map(where)).toContain('content/pages/privacy.yaml:1:1 content/missing-page');
  });

  it('warns about a folder the site does not read', () => {
    const list = check({ bad: ['unknown-folder'] });
    expect(list.map(where)).toEqual(['content/service:1:1 content/unknown-file']);
    expect(list[0]!.hint).toBe('did you mean "services"?');
  });
});

describe('images', () => {
  it('reports a missing image and suggests the file that exists', () => {
    const list = check({ bad: ['missing-image'] });
    expect(list.map(where)).toEqual(['content/services/crowns.yaml:12:17 image/missing']);
    expect(list[0]!.hint).toBe('did you mean "shots/lab.svg"?');
  });
});

describe('redirects', () => {
  it('reports a redirect whose source is a page', () => {
    expect(check({ bad: ['redirect-source-is-page'] }).map(where)).toEqual(['content/redirects.yaml:4:11 redirect/source-is-page']);
  });

  it('reports a redirect to a page that does not exist', () => {
    const list = check({ bad: ['redirect-target-missing'] });
    expect(list.map(where)).toEqual(['content/redirects.yaml:3:9 redirect/target-missing']);
    expect(list[0]!.hint).toBe('did you mean "/services/zirconia"?');
  });

  it('reports a chain of redirects', () => {
    expect(check({ bad: ['redirect-chain'] }).map(where)).toEqual(['content/redirects.yaml:5:9 redirect/chain']);
  });

  it('reports a loop of redirects', () => {
    const list = check({ bad: ['redirect-loop'] }).filter((d) => d.rule.startsWith('redirect/'));
    expect(list.map(where)).toEqual(['content/redirects.yaml:3:9 redirect/loop', 'content/redirects.yaml:5:9 redirect/loop']);
  });
});

describe('lengths', () => {
  it('warns about a title longer than search results show', () => {
    const list = check({ bad: ['long-title'] });
    expect(list.map(where)).toEqual(['content/pages/blog.yaml:5:16 length/title']);
    expect(list[0]!.severity).toBe('warning');
  });

  it('warns about a meta description that is too short', () => {
    expect(check({ bad: ['short-description'] }).map(where)).toEqual(['content/pages/privacy.yaml:7:9 length/description']);
  });
});

describe('one run', () => {
  it('reports every problem in every file, not just the first', () => {
    const list = errors(check({ bad: ['unknown-key', 'link-typo', 'missing-image', 'unknown-ref'] }));
    expect(list.map((d) => d.rule).sort()).toEqual(['image/missing', 'link/broken', 'ref/unknown', 'schema/unknown-key']);
  });
});
