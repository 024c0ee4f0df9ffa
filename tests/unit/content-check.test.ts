import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { readBytes } from '../../scripts/content/check/run.ts';
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
    expect(list.map(where)).toEqual(['content/pages/home.yaml:33:10 schema/invalid-type']);
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
      'content/pages/home.yaml:30:71 link/broken',
      'content/pages/testimonials.yaml:1:1 content/missing-page',
    ]);
    expect(errors(list)).toHaveLength(4);
  });

  it('points at the target of a broken link inside rich text', () => {
    const list = check({ bad: ['inline-link'] });
    // The Dutch text links to the right page, so the two languages differ too.
    expect(list.map(where)).toEqual(['content/articles/implants-today.yaml:19:40 link/broken', 'content/articles/implants-today.yaml:20:11 i18n/link-mismatch']);
    expect(list[0]!.hint).toBe('did you mean "/services/zirconia"?');
  });

  it('checks the anchor of a link into an article', () => {
    const list = check({ bad: ['anchor'] });
    expect(list.map(where)).toEqual(['content/articles/implants-today.yaml:20:11 i18n/link-mismatch', 'content/articles/implants-today.yaml:20:78 link/broken']);
    expect(list[1]!.hint).toContain('daily-care');
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

  it('reports two pages with the same path on both files, since either may be the one that changed', () => {
    const list = check({ bad: ['duplicate-path'] });
    expect(list.map(where)).toContain('content/pages/contact.yaml:2:7 slug/duplicate');
    expect(list.map(where)).toContain('content/pages/about.yaml:2:7 slug/duplicate');
  });

  it('reports an unknown related article with a suggestion', () => {
    const list = check({ bad: ['unknown-ref'] });
    expect(list.map(where)).toEqual(['content/articles/care-tips.yaml:21:11 ref/unknown']);
    expect(list[0]!.hint).toBe('did you mean "implants-today"?');
  });

  it("reports an unknown article among the home page's chosen news", () => {
    const list = check({ bad: ['unknown-news-article'] });
    expect(list.map(where)).toEqual(['content/pages/home.yaml:34:25 ref/unknown']);
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

  it('reports each YAML file in a folder the site does not read as an error, so no author believes it is published', () => {
    const list = check({ bad: ['unknown-folder'] });
    expect(list.map(where)).toEqual(['content/service/allon4.yaml:1:1 content/unknown-file']);
    expect(list[0]!.severity).toBe('error');
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

describe('reading the files', () => {
  it('reads each file whole into the one buffer it reuses, whatever the sizes of the files before it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-bytes-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // Empty files, small ones, and ones larger than the buffer's first size (64 KiB), in any order.
    const file = fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ minLength: 65_000, maxLength: 140_000 }));
    let n = 0;
    fc.assert(
      fc.property(fc.array(file, { minLength: 1, maxLength: 6 }), (contents) => {
        const paths = contents.map((bytes) => {
          const path = join(dir, `${n++}.yaml`);
          writeFileSync(path, bytes);
          return path;
        });
        for (const path of paths) expect(Buffer.from(readBytes(path)).equals(readFileSync(path))).toBe(true);
      }),
      // A failure is shown as found: shrinking files this large would take minutes.
      { seed: 3203, numRuns: 40, endOnFailure: true },
    );
    // As readFileSync: a missing file and a folder are errors, not empty texts.
    mkdirSync(join(dir, 'folder.yaml'));
    expect(() => readBytes(join(dir, 'missing.yaml'))).toThrow(/ENOENT/);
    expect(() => readBytes(join(dir, 'folder.yaml'))).toThrow(/EISDIR/);
  });
});

describe('one run', () => {
  it('reports every problem in every file, not just the first', () => {
    const list = errors(check({ bad: ['unknown-key', 'link-typo', 'missing-image', 'unknown-ref'] }));
    expect(list.map((d) => d.rule).sort()).toEqual(['image/missing', 'link/broken', 'ref/unknown', 'schema/unknown-key']);
  });
});

describe('one error never hides another', () => {
  it('reports a schema error and a broken link in one file, and a schema error in one file beside a broken link in another', () => {
    expect(check({ bad: ['hidden-errors'] }).map(where)).toEqual([
      'content/pages/about.yaml:3:7 i18n/missing-nl',
      'content/services/zirconia.yaml:17:1 schema/unknown-key',
      // The file failed its schema, yet its links are checked where they sit.
      'content/services/zirconia.yaml:19:81 link/broken',
      'content/services/zirconia.yaml:19:129 link/broken',
      // A page that failed its schema switches off no link check: its own path is known from its file.
      'content/navigation.yaml:16:17 link/broken',
    ]);
  });
});

describe('the text inside paragraphs', () => {
  it('checks each inline link as an href field: no htps://, http://, javascript: or relative path', () => {
    const list = check({ bad: ['inline-link-format'] });
    expect(list.map(where)).toEqual([
      'content/articles/implants-today.yaml:19:22 link/invalid',
      'content/articles/implants-today.yaml:19:48 link/invalid',
      'content/articles/implants-today.yaml:19:76 link/invalid',
      'content/articles/implants-today.yaml:19:108 link/invalid',
      'content/articles/implants-today.yaml:20:22 link/invalid',
      'content/articles/implants-today.yaml:20:49 link/invalid',
      'content/articles/implants-today.yaml:20:76 link/invalid',
      'content/articles/implants-today.yaml:20:107 link/invalid',
    ]);
    expect(list[0]!.message).toBe('the link "htps://example.nl" in the text is not a page of this site nor a full address');
  });

  it('reports markup the page cannot render: a spaced or unclosed link, unbalanced bold, raw HTML', () => {
    const list = check({ bad: ['inline-markup'] }).filter((d) => d.path === 'body[1].text.en');
    expect(list.map((d) => `${where(d)} ${d.message}`)).toEqual([
      'content/articles/implants-today.yaml:19:22 markup/broken a space between "]" and "(" breaks the link: it shows as text',
      'content/articles/implants-today.yaml:19:51 markup/broken a link that is not closed, or whose address has a space, shows as text',
      'content/articles/implants-today.yaml:19:76 markup/broken a ** without its closing pair shows as two stars',
      'content/articles/implants-today.yaml:19:89 markup/broken "<b>" is HTML, which is not rendered: the visitor sees it as text',
      'content/articles/implants-today.yaml:19:96 markup/broken "</b>" is HTML, which is not rendered: the visitor sees it as text',
      // Escaped in the YAML source, so it is pointed at by its text.
      'content/articles/implants-today.yaml:19:11 markup/broken "<a href="/x">" is HTML, which is not rendered: the visitor sees it as text',
      'content/articles/implants-today.yaml:19:126 markup/broken "</a>" is HTML, which is not rendered: the visitor sees it as text',
    ]);
  });

  it('reports a text whose English and Dutch link to different pages', () => {
    const list = check({ bad: ['link-mismatch'] });
    expect(list.map(where)).toEqual(['content/articles/implants-today.yaml:20:11 i18n/link-mismatch']);
    expect(list[0]!.message).toBe('the English text links to /blog/care-tips#daily-care, /services/zirconia but the Dutch text to /blog/care-tips#daily-care');
  });

  it('knows the anchors of every kind of page, not only articles', () => {
    const list = check({ bad: ['page-anchor'] });
    expect(list.map(where)).toEqual([
      'content/articles/implants-today.yaml:19:77 link/broken',
      'content/articles/implants-today.yaml:19:117 link/broken',
      'content/articles/implants-today.yaml:20:78 link/broken',
      'content/articles/implants-today.yaml:20:122 link/broken',
    ]);
    expect(list[0]!.message).toBe('"/services/zirconia" has no anchor "#nope"');
    expect(list[1]!.hint).toBe('did you mean "form-title"?');
  });
});

describe('redirects never take a page off the site', () => {
  it('refuses a Dutch source: the Dutch page of an existing page, or any other /nl path', () => {
    const list = check({ bad: ['redirect-dutch-source'] });
    expect(list.map(where)).toEqual([
      'content/redirects.yaml:4:11 redirect/source-is-page',
      'content/redirects.yaml:6:11 redirect/source-is-page',
      'content/redirects.yaml:8:11 redirect/source-is-dutch',
    ]);
    expect(list[1]!.message).toBe('"/nl/about" is the Dutch page of "/about" (page about), so redirecting it would take the page off the site');
    expect(list[2]!.hint).toBe('write the English path "/oude-pagina": its Dutch path redirects with it, to the Dutch page');
  });
});

describe('a redirects file with a schema error', () => {
  it('still checks its other redirects, and a link to one of them is not broken', () => {
    expect(check({ bad: ['redirect-beside-schema-error'] }).map(where)).toEqual(['content/redirects.yaml:4:11 schema/invalid-format', 'content/redirects.yaml:6:11 redirect/source-is-page']);
  });
});

describe('duplicates and misplaced files', () => {
  it('reports an entry listed twice and two headings with one anchor', () => {
    expect(check({ bad: ['duplicate-refs'] }).map(where)).toEqual([
      'content/services/crowns.yaml:17:19 ref/duplicate',
      'content/articles/implants-today.yaml:20:11 anchor/duplicate',
      'content/articles/implants-today.yaml:26:22 ref/duplicate',
      'content/pages/home.yaml:24:24 ref/duplicate',
    ]);
  });

  it('reports as an error every YAML file where no content is read, and passes over system and editor files in silence', () => {
    const list = check({ bad: ['misplaced-files'] });
    expect(list.map((d) => `${where(d)} ${d.severity}`)).toEqual([
      'content/article/new-post.yaml:1:1 content/unknown-file error',
      'content/zirconia.yaml:1:1 content/unknown-file error',
      'content/services/old/zirconia-2.yaml:1:1 content/unknown-file error',
      'content/articles/shade-guide.YAML:1:1 content/file-name error',
    ]);
    expect(list.map((d) => d.hint)).toEqual([
      'did you mean "articles"?',
      'the files read here are glossary.yaml, site.yaml, navigation.yaml, ui.yaml, redirects.yaml; a service, article, page or testimonial goes in its folder (pages, services, articles, testimonials)',
      'move its files into content/services/ itself: the site does not read subfolders',
      'rename it to shade-guide.yaml',
    ]);
  });
});

describe('interface strings', () => {
  it('reports a key the code uses that ui.yaml lacks where its group is, and a key no code uses as a warning', () => {
    const list = check({ bad: ['ui-keys'] });
    expect(errors(list).map(where)).toEqual(['content/ui.yaml:6:3 ui/missing-key', 'content/ui.yaml:5:1 ui/missing-key']);
    expect(list[0]!.message).toBe('"nav.closeMenus" is used by src/features/example.ts but the group "nav" has no key "closeMenus", so the page would show "nav.closeMenus"');
    expect(list[0]!.hint).toBe('did you rename it? "nav.closeMenu" is there; the code and ui.yaml must use the same key');
    const unused = list.filter((d) => d.rule === 'ui/unused-key');
    expect(unused.every((d) => d.severity === 'warning')).toBe(true);
    // The one key the code uses is not among them, nor any of a group whose keys the code picks at run time.
    expect(unused.map((d) => d.path)).toContain('nav.mainMenu');
    expect(unused.map((d) => d.path)).not.toContain('nav.openMenu');
    expect(unused.some((d) => d.path?.startsWith('hours.'))).toBe(false);
    expect(where(unused.find((d) => d.path === 'nav.mainMenu')!)).toBe('content/ui.yaml:7:3 ui/unused-key');
  });

  it('reports a key the code uses that ui.yaml lacks even when ui.yaml has a schema error elsewhere', () => {
    const list = errors(check({ bad: ['ui-keys', 'ui-schema-error'] }));
    expect(list.map(where)).toEqual(['content/ui.yaml:15:31 schema/unknown-key', 'content/ui.yaml:6:3 ui/missing-key', 'content/ui.yaml:5:1 ui/missing-key']);
  });

  it("requires the strings the generate step writes into pages (the social image's alt text), which no code names", () => {
    const site = fixtureSite();
    cleanups.push(site.cleanup);
    const file = join(site.root, 'content', 'ui.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^ {2}imageAlt: .*\n/m, '  other: { en: Other, nl: Ander }\n'));
    const list = checkContent({ root: site.root }).diagnostics.filter((d) => d.rule === 'ui/missing-key');
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(list.map(where)).toEqual([`content/ui.yaml:${lines.indexOf('social:') + 2}:3 ui/missing-key`]);
    expect(list.map((d) => d.message)).toEqual(['"social.imageAlt" is missing']);
    // Present, it is not reported as unused.
    expect(check().filter((d) => d.path?.startsWith('social.'))).toEqual([]);
  });

  it('reports a group whose name is a letter off at that group, once, with the name the site reads', () => {
    const list = check({ bad: ['ui-group-typo'] });
    expect(list.map((d) => `${where(d)} ${d.message}. ${d.hint}`)).toEqual([
      'content/ui.yaml:17:1 ui/missing-key there is no group "footer", which every page needs; the site does not read the group "footr". rename "footr" to "footer"',
    ]);
    // With code that reads ui.yaml, the misspelt group's keys are not called unused either.
    expect(check({ bad: ['ui-keys', 'ui-group-typo'] }).filter((d) => d.path?.startsWith('footr'))).toHaveLength(1);
  });

  it('reports a numeric key or a misspelt group at the key itself', () => {
    expect(check({ bad: ['ui-bad-key'] }).map(where)).toEqual(['content/ui.yaml:13:3 schema/invalid-key', 'content/ui.yaml:82:1 schema/invalid-key']);
  });
});

describe('texts that are not what they look like', () => {
  it('warns where " #" cut a plain text short, at the #', () => {
    const list = check({ bad: ['comment-in-text'] });
    expect(list.map((d) => `${where(d)} ${d.severity}`)).toEqual(['content/pages/about.yaml:12:16 yaml/comment-in-text warning']);
    expect(list[0]!.message).toBe('the text stops at " #": YAML reads the rest of the line as a comment, so the page shows only "Ranked"');
  });

  it('reports an empty, a null and an invisible Dutch text as empty, not as a wrong type', () => {
    expect(check({ bad: ['empty-nl'] }).map(where)).toEqual([
      'content/pages/about.yaml:15:5 i18n/empty-nl',
      'content/pages/about.yaml:21:32 i18n/empty-nl',
      'content/pages/about.yaml:12:9 i18n/empty-nl',
    ]);
  });
});

describe('positions and words an author understands', () => {
  it('points at the opening of a quote that is never closed', () => {
    const list = check({ bad: ['unclosed-quote'] });
    expect(list.map(where)).toEqual(['content/testimonials/jansen.yaml:2:7 yaml/syntax']);
    expect(list[0]!.message).toBe("the text opened with ' here is never closed");
  });

  it("points at the opening of a quote that an apostrophe further down closes, not at that apostrophe's line", () => {
    const list = check({ bad: ['quote-closed-later'] });
    expect(list.map(where)).toEqual(['content/testimonials/jansen.yaml:2:7 yaml/syntax']);
    expect(list[0]!.message).toBe("the text opened with ' here is not closed on its line, so YAML reads on to the ' on line 8");
    expect(list[0]!.hint).toMatch(/^end the text with ' on the same line/);
  });

  it('reports an over-indented line once, at its start', () => {
    const list = check({ bad: ['over-indent'] });
    expect(list.map(where)).toEqual(['content/testimonials/jansen.yaml:6:5 yaml/syntax']);
    expect(list[0]!.hint).toMatch(/indentation/);
  });

  it('reports an over-indented first key of a map at that key, not at the key after it', () => {
    const list = check({ bad: ['over-indent-first-key'] });
    expect(list.map(where)).toEqual(['content/services/zirconia.yaml:13:7 yaml/syntax']);
    expect(list[0]!.hint).toMatch(/indentation/);
  });

  it('reports an over-indented parent key as indented wrongly, not as a key of the map it fell into appearing twice', () => {
    // The only problem reported: links to /about elsewhere are not broken because about.yaml cannot be read.
    const list = check({ bad: ['over-indent-parent'] }).filter((d) => d.severity === 'error');
    expect(list.map((d) => `${where(d)} ${d.message}`)).toEqual([
      'content/pages/about.yaml:9:3 yaml/syntax "hero:" is indented wrongly for its place: nothing is indented under it, so the keys after it are read beside it, where "title" is then twice',
    ]);
    expect(list[0]!.hint).toMatch(/indentation/);
  });

  it('says that an empty file is empty', () => {
    const list = check({ bad: ['empty-file'] });
    expect(list.map((d) => `${where(d)} ${d.message}`)).toEqual(['content/testimonials/jansen.yaml:1:1 content/empty-file the file is empty']);
  });

  it("names the values allowed where a field takes one of a few (a heading's level)", () => {
    const list = check({ bad: ['heading-level'] });
    expect(list.map((d) => `${where(d)} ${d.message}`)).toEqual(['content/articles/implants-today.yaml:16:12 schema/invalid-value the number 4 is not allowed; use one of: 2, 3']);
  });

  it("words a number out of range or not whole as a number, not in characters or zod's terms", () => {
    const list = check({ bad: ['number-range'] });
    expect(list.map((d) => `${where(d)} ${d.message}. ${d.hint}`)).toEqual([
      'content/pages/home.yaml:33:10 schema/invalid-type expected a whole number, found the number 2.5. write a whole number, without a decimal point',
      'content/testimonials/jansen.yaml:5:9 schema/too-many the number 6 is above the highest allowed, 5. write a number of at most 5',
    ]);
  });

  it('says what was written and what to write for .inf or .nan where a number belongs', () => {
    const list = check({ bad: ['number-infinite'] });
    expect(list.map((d) => `${where(d)} ${d.message}. ${d.hint}`)).toEqual([
      'content/pages/home.yaml:33:10 schema/invalid-type expected a number, found ".nan", which YAML reads as "not a number". write the number in digits, such as 4',
      'content/testimonials/jansen.yaml:5:9 schema/invalid-type expected a number, found ".inf", which YAML reads as infinity. write the number in digits, such as 4',
    ]);
  });
});

describe('the glossary', () => {
  it('reports each use of a term to avoid at its place, in headings, texts, list items, alt and SEO texts of its language, and a forbidden one as an error', () => {
    const list = check({ bad: ['glossary'] });
    expect(list.map((d) => `${where(d)} ${d.severity} ${d.path}`)).toEqual([
      'content/services/zirconia.yaml:3:34 style/term warning name.nl',
      'content/services/zirconia.yaml:5:64 style/term warning seo.title.nl',
      'content/services/zirconia.yaml:10:37 style/term warning hero.title.nl',
      'content/services/zirconia.yaml:12:45 style/term warning hero.image.alt.en',
      'content/services/zirconia.yaml:18:47 style/term warning moreInfo[0].title.nl',
      'content/services/zirconia.yaml:18:124 style/term error moreInfo[0].text.nl',
      'content/services/zirconia.yaml:23:43 style/term warning benefits.nl[3]',
      'content/articles/implants-today.yaml:20:22 style/term warning body[1].text.nl',
    ]);
    expect(list[6]!.message).toBe('"passtuk": write "pasbeurt" (een passtuk is een verloopstuk)');
    expect(list[5]!.hint).toBe('remove it: the glossary forbids it');
  });

  it('reads a glossary changed between two checks in one process (the dev server checks again on every save)', () => {
    const site = fixtureSite({ bad: ['glossary'] });
    cleanups.push(site.cleanup);
    const terms = () =>
      checkContent({ root: site.root })
        .diagnostics.filter((d) => d.rule === 'style/term')
        .map((d) => `${d.path} ${d.message}`);
    const before = terms();
    expect(before).toContain('benefits.nl[3] "passtuk": write "pasbeurt" (een passtuk is een verloopstuk)');
    const file = join(site.root, 'content', 'glossary.yaml');
    const glossary = readFileSync(file, 'utf8');
    // "passtuk" now settles on another word, and "keramische" is a Dutch term too.
    writeFileSync(file, glossary.replace('use: pasbeurt', 'use: paspunt').replace(/^nl:\n/m, 'nl:\n  - avoid: keramische\n    use: porseleinen\n'));
    const after = terms();
    expect(after).toContain('benefits.nl[3] "passtuk": write "paspunt" (een passtuk is een verloopstuk)');
    expect(after.filter((t) => t.includes('pasbeurt'))).toEqual([]);
    expect(after).toContain('moreInfo[0].text.nl "keramische": write "porseleinen"');
    writeFileSync(file, glossary);
    expect(terms()).toEqual(before);
  });

  it('leaves a term of one language alone in the other, and words that only contain it', () => {
    // moreInfo[1] has "passtuk" in English, "placement key" in Dutch and "passtukken" (another word).
    expect(check({ bad: ['glossary'] }).filter((d) => d.path?.startsWith('moreInfo[1]'))).toEqual([]);
  });
});

describe('sentence case', () => {
  it('reports an English name, title, heading or menu title in title case at its first word to lower, with the text in sentence case', () => {
    const list = check({ bad: ['title-case'] });
    expect(list.map((d) => `${where(d)} ${d.severity} ${d.path}`)).toEqual([
      'content/services/zirconia.yaml:3:22 style/case warning name.en',
      'content/services/zirconia.yaml:5:25 style/case warning seo.title.en',
      'content/services/zirconia.yaml:10:23 style/case warning hero.title.en',
      'content/services/zirconia.yaml:25:34 style/case warning process[0].title.en',
      'content/articles/implants-today.yaml:16:21 style/case warning body[0].text.en',
      'content/navigation.yaml:12:24 style/case warning footer.quickLinks.title.en',
    ]);
    expect(list[1]!.message).toBe('"Zirconia Crowns Made in the Netherlands" is in title case: write "Zirconia crowns made in the Netherlands"');
    expect(list[2]!.message).toContain('write "Milled from Zirkonzahn blanks"');
    expect(list[3]!.message).toContain('write "Metal-ceramic frames"');
    expect(list[0]!.hint).toMatch(/sentence case/);
  });

  it('leaves names from the glossary, abbreviations, words with an inner capital, running text and Dutch alone', () => {
    // moreInfo: "Made by Zirkonzahn in the Netherlands", "CAD/CAM and IPS e.max", "Share on LinkedIn", and a
    // text in title case (not a heading); the Dutch hero title "Gefreesd Uit Zirkonzahn-blanks".
    expect(check({ bad: ['title-case'] }).filter((d) => d.path?.startsWith('moreInfo') || d.path?.endsWith('.nl'))).toEqual([]);
  });
});
