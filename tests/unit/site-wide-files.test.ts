import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { fixtureSite } from '../support/fixtures.ts';

// A site-wide file that fails its schema still gives what can be read of it to the rules of every other file:
// its schema error is reported where it is, and neither hides a problem elsewhere nor invents one.
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

/** The findings of the fixture site with the named bad cases, after `change` edits its files. */
function check(bad: string[], change: (edit: (file: string, from: string, to: string) => void, root: string) => void): string[] {
  const site = fixtureSite({ bad });
  cleanups.push(site.cleanup);
  const edit = (file: string, from: string, to: string) => {
    const abs = join(site.root, 'content', file);
    const text = readFileSync(abs, 'utf8');
    if (!text.includes(from)) throw new Error(`${file} has no "${from}"`);
    writeFileSync(abs, text.replace(from, to));
  };
  change(edit, site.root);
  return checkContent({ root: site.root }).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.path ?? ''}`);
}

describe('a site-wide file with a schema error', () => {
  it('glossary.yaml: its other terms are still found and its names still keep their capitals', () => {
    // A term without "use", beside the terms of the glossary fixture and its names ("Chamber of Commerce").
    const found = check(['glossary'], (_edit, root) => appendFileSync(join(root, 'content', 'glossary.yaml'), '  - avoid: dental crown\n'));
    expect(found).toEqual([
      'content/glossary.yaml:14:5 error schema/missing-key en[1]',
      'content/services/zirconia.yaml:3:34 warning style/term name.nl',
      'content/services/zirconia.yaml:5:64 warning style/term seo.title.nl',
      'content/services/zirconia.yaml:10:37 warning style/term hero.title.nl',
      'content/services/zirconia.yaml:12:45 warning style/term hero.image.alt.en',
      'content/services/zirconia.yaml:18:47 warning style/term moreInfo[0].title.nl',
      'content/services/zirconia.yaml:18:124 error style/term moreInfo[0].text.nl',
      'content/services/zirconia.yaml:23:43 warning style/term benefits.nl[3]',
      'content/articles/implants-today.yaml:20:22 warning style/term body[1].text.nl',
    ]);
  });

  it("site.yaml: the lab's name keeps its capitals and the facts a text names are still checked", () => {
    const found = check([], (edit, root) => {
      appendFileSync(join(root, 'content', 'site.yaml'), 'fax: "+31 20 000 0000"\n');
      edit('pages/about.yaml', 'hero:\n  title: { en: About us, nl: Over ons }', 'hero:\n  title: { en: Meet Fixture Lab, nl: Maak kennis met Fixture Lab }');
      edit('pages/about.yaml', 'Over {figures.experienceYears} years', 'Over {figures.experienceYear} years');
      edit('pages/about.yaml', 'Ruim {figures.experienceYears} jaar', 'Ruim {figures.experienceYear} jaar');
    });
    expect(found).toEqual([
      'content/site.yaml:46:1 error schema/unknown-key fax',
      'content/pages/about.yaml:22:68 error text/unknown-fact highlights.items[0].text.en',
      'content/pages/about.yaml:22:159 error text/unknown-fact highlights.items[0].text.nl',
    ]);
  });

  it("site.yaml: a fact under the key that has the error is that error's, not reported again in each text", () => {
    const found = check([], (edit) => {
      edit('site.yaml', 'phone: { display: 030 000 0000, e164: "+31300000000" }', 'phone: 0300000000');
      edit('pages/about.yaml', 'Over {figures.experienceYears} years', 'Call {phone.display}: over {figures.experienceYears} years');
      edit('pages/about.yaml', 'Ruim {figures.experienceYears} jaar', 'Bel {phone.display}: ruim {figures.experienceYears} jaar');
    });
    expect(found).toEqual(['content/site.yaml:7:8 error schema/invalid-type phone']);
  });

  it('navigation.yaml: a link without a label is still reported', () => {
    const found = check([], (edit) => edit('navigation.yaml', '  - { href: /testimonials }', '  - { href: /testimonials, colour: blue }\n  - { href: "https://example.org" }'));
    expect(found).toEqual(['content/navigation.yaml:4:28 error schema/unknown-key header[2].colour', 'content/navigation.yaml:5:5 error nav/missing-label header[3]']);
  });

  it("pages/blog.yaml: an article's category is still checked against the categories it lists", () => {
    const found = check(['unknown-category'], (edit) => edit('pages/blog.yaml', 'label: { en: Dental implants, nl: Tandimplantaten }', 'label: { en: Dental implants }'));
    expect(found).toEqual(['content/pages/blog.yaml:13:35 error i18n/missing-nl categories[0].label', 'content/articles/care-tips.yaml:11:11 error ref/unknown category']);
  });
});
