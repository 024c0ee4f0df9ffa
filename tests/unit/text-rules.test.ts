import { renameSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import type { Diagnostic } from '../../scripts/content/diagnostics.ts';
import { SourceFile } from '../../scripts/content/source.ts';
import { validate } from '../../scripts/content/validate.ts';
import { run as translations } from '../../scripts/translations.ts';
import { z } from 'zod';
import { hasMarkupChar, inlineProblems, parseInline, plainText, readMarkup } from '../../src/shared/inline-text.ts';
import { fixtureSite } from '../support/fixtures.ts';

// The text rules read what a reader reads: a term in capitals, a link in bold, an anchor a menu points at,
// a picture's real place, a file's real name, a moved text, a number in quotes, the item that is one too many.
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

function site(bad: string[] = []) {
  const fixture = fixtureSite({ bad });
  cleanups.push(fixture.cleanup);
  const path = (file: string) => join(fixture.root, 'content', file);
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(path(file), 'utf8');
    if (!text.includes(from)) throw new Error(`${file} has no "${from}"`);
    writeFileSync(path(file), text.replace(from, to));
  };
  const check = (): Diagnostic[] => checkContent({ root: fixture.root }).diagnostics;
  const found = () => check().map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.path ?? ''}`);
  return { root: fixture.root, path, edit, check, found };
}

describe('the glossary in any case', () => {
  it('finds a term in capitals, a hyphenated term with capitals and a forbidden phrase in capitals', () => {
    const s = site(['glossary']);
    s.edit('glossary.yaml', '    use: zirkoniakroon\n', '    use: zirkoniakroon\n  - avoid: kobalt-chroom\n    use: kobaltchroom\n');
    s.edit('services/zirconia.yaml', 'Wij ontvangen de scan.', 'Wij ontvangen de scan voor een PASSTUK.');
    s.edit('services/zirconia.yaml', 'Wij ontwerpen de kroon.', 'Wij ontwerpen de kroon in Kobalt-Chroom.');
    s.edit('services/zirconia.yaml', 'Wij frezen hem.', 'Wij frezen hem met 100% GARANTIE.');
    const found = s.check().filter((d) => d.path?.startsWith('process'));
    expect(found.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`)).toEqual([
      '25:114 warning "PASSTUK": write "pasbeurt" (een passtuk is een verloopstuk)',
      '26:114 warning "Kobalt-Chroom": write "kobaltchroom"',
      '27:95 error "100% GARANTIE": write "de garantievoorwaarden"',
    ]);
  });
});

describe('a link inside bold text', () => {
  it('is checked like any link, at its target', () => {
    const s = site();
    s.edit('services/zirconia.yaml', 'en: A ceramic crown., nl: Een keramische kroon.', 'en: "A **[ceramic crown](/nowhere)**.", nl: "Een **[keramische kroon](/nowhere)**."');
    const found = s.check();
    expect(found.map((d) => `${d.line}:${d.column} ${d.rule} ${d.path}`)).toEqual(['18:83 link/broken moreInfo[0].text.en', '18:128 link/broken moreInfo[0].text.nl']);
    expect(found[0]!.message).toBe('the link "/nowhere" points at no page');
  });

  it('is read as a link in bold, which the page shows as one', () => {
    expect(parseInline('See **[our crowns](/services/zirconia)** today')).toEqual([
      { type: 'text', text: 'See ', at: 0 },
      { type: 'bold', text: '[our crowns](/services/zirconia)', at: 4, parts: [{ type: 'link', label: 'our crowns', href: '/services/zirconia', at: 6, hrefAt: 19 }] },
      { type: 'text', text: ' today', at: 40 },
    ]);
    expect(plainText('See **[our crowns](/services/zirconia)** today')).toBe('See our crowns today');
  });
});

describe("the check's one-pass reading of a text's markup", () => {
  // Pieces of markup, whole and broken, so that the texts hold links, bold, links in bold and every problem.
  const piece = fc.constantFrom(
    '[',
    ']',
    '(',
    ')',
    '*',
    '**',
    '<',
    '>',
    '<b>',
    '</a>',
    ' ',
    'a',
    'B',
    '/x',
    '](',
    '] (',
    '[a](/x)',
    '[a](/x/)',
    '**b**',
    '**[c](/y)**',
    '[**d**](/z)',
    '[e](htps://f)',
    '\n',
  );
  const texts = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));
  /** What the check read before: the text cut into parts, its problems, and the links of its parts and of its bold parts. */
  const byParts = (text: string) => {
    const parts = parseInline(text);
    const links = parts.flatMap((part) => (part.type === 'link' ? [part] : part.type === 'bold' ? (part.parts ?? []).filter((inner) => inner.type === 'link') : []));
    return { problems: inlineProblems(text, parts), links: links.map((l) => ({ href: l.href, hrefAt: (l as { hrefAt: number }).hrefAt })) };
  };

  it('finds the same problems, in the same order, and the same links as reading its parts', () => {
    fc.assert(
      fc.property(texts, (text) => void expect(readMarkup(text)).toEqual(byParts(text))),
      { numRuns: 3000 },
    );
  });

  it('tells a text with markup from one without as the pattern [*[\\]<] does, over texts of every character', () => {
    const anyText = fc.oneof(texts, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: fc.constantFrom('a', ' ', '[', ']', '*', '<', '{', '(', 'é'), maxLength: 12 }));
    fc.assert(
      fc.property(anyText, (text) => void expect(hasMarkupChar(text)).toBe(/[*[\]<]/.test(text))),
      { numRuns: 3000 },
    );
  });

  it('finds them in texts that hold several of each', () => {
    const text = 'A <b>bold</b> [link] (/a) and [open](/b **star [c](/d) **e** **[f](/g)** [**h**](/i) ] ( <i>';
    expect(readMarkup(text)).toEqual(byParts(text));
    expect(readMarkup(text).problems.length).toBeGreaterThan(5);
    expect(readMarkup(text).links.map((l) => l.href)).toEqual(['/d', '/g']);
  });
});

describe('an anchor alone in a file without a page of its own', () => {
  it('is checked against the pages that show it: a menu link to "#nope" is broken, one to an anchor a page has is not', () => {
    const s = site();
    s.edit(
      'navigation.yaml',
      '      - href: /services/zirconia\n',
      '      - href: /services/zirconia\n      - { href: "#nope", label: { en: Nope, nl: Nee } }\n      - { href: "#daily-care", label: { en: Daily care, nl: Dagelijkse verzorging } }\n',
    );
    const found = s.check();
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${d.path}`)).toEqual(['content/navigation.yaml:10:17 link/broken megaMenu[0].links[1].href']);
    expect(found[0]!.message).toBe('"#nope" is an anchor on the page that shows this link, and no page has it');
    expect(found[0]!.hint).toMatch(/write the page's path before it/);
  });
});

describe('a picture', () => {
  it('cannot climb out of the images folder, and is reported once', () => {
    const s = site();
    s.edit('services/zirconia.yaml', 'src: shots/lab.svg', 'src: shots/../../../../content/glossary.svg');
    const found = s.check();
    expect(found.map((d) => `${d.line}:${d.column} ${d.rule} ${d.path}`)).toEqual(['12:17 schema/invalid-format hero.image.src']);
    expect(found[0]!.hint).toMatch(/without "\.\."/);
  });
});

describe('a file renamed only in case', () => {
  it('is reported once, as misnamed, and links to its page are not broken', () => {
    const s = site();
    renameSync(s.path('services/zirconia.yaml'), s.path('services/Zirconia.yaml'));
    const found = s.check();
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.rule}`)).toEqual(['content/services/Zirconia.yaml:1:1 content/file-name']);
    expect(found[0]!.message).toBe('"Zirconia.yaml" has capitals in its name: content file names are in lower case, so it is read as "zirconia.yaml"');
    expect(found[0]!.hint).toBe('rename it to zirconia.yaml');
  });
});

describe('blocks moved within their file', () => {
  it('keep their confirmed translation; a changed English still makes its Dutch stale', () => {
    const s = site();
    const out: string[] = [];
    expect(translations(['--confirm', 'content/articles/implants-today.yaml', `--root=${s.root}`], { log: (t) => out.push(t), error: (t) => out.push(t) })).toBe(0);
    const heading = '  - type: heading\n    text: { en: Why it matters, nl: Waarom het ertoe doet }\n';
    const paragraph =
      '  - type: paragraph\n    text:\n      en: Read about [zirconia crowns](/services/zirconia) and [caring for them](/blog/care-tips#daily-care).\n      nl: Lees over [zirkonia kronen](/services/zirconia) en [de verzorging](/blog/care-tips#daily-care).\n';
    s.edit('articles/implants-today.yaml', heading + paragraph, paragraph + heading);
    expect(s.found()).toEqual([]);
    s.edit('articles/implants-today.yaml', 'en: Why it matters', 'en: Why it matters to you');
    expect(s.found()).toEqual(['content/articles/implants-today.yaml:20:44 warning i18n/stale-nl body[1].text.nl']);
  });
});

describe('a number written in quotes', () => {
  it('is named as text where a number belongs, not "did you mean "2"?"', () => {
    const s = site();
    s.edit('articles/implants-today.yaml', '  - type: heading\n', '  - type: heading\n    level: "2"\n');
    const found = s.check();
    expect(found.map((d) => `${d.line}:${d.column} ${d.rule} ${d.path}`)).toEqual(['16:12 schema/invalid-type body[0].level']);
    expect(found[0]!.message).toBe('expected the number 2 or 3, found the text "2"');
    expect(found[0]!.hint).toBe('write 2 without quotes: in quotes it is a text');
  });
});

describe('a fixed number or true/false written in quotes, in any schema', () => {
  // Each way a schema names fixed values reaches zod's issues by another path (invalid_value, invalid_union).
  const schemas: [string, z.ZodType, (number | boolean)[]][] = [
    ['one number', z.strictObject({ field: z.literal(2) }), [2]],
    ['several numbers', z.strictObject({ field: z.literal([1, 2, 3]) }), [1, 2, 3]],
    ['true', z.strictObject({ field: z.literal(true) }), [true]],
    ['a choice of numbers', z.strictObject({ field: z.union([z.literal(2), z.literal(3)]) }), [2, 3]],
    ['a choice of true and false', z.strictObject({ field: z.union([z.literal(false), z.literal(true)]) }), [false, true]],
  ];
  it('is named as a text, with the value to write without quotes', () => {
    fc.assert(
      fc.property(fc.nat({ max: schemas.length - 1 }), fc.nat(), fc.constantFrom('"', "'"), fc.constantFrom('', ' '), (which, pick, quote, pad) => {
        const [, schema, values] = schemas[which]!;
        const value = values[pick % values.length]!;
        const written = `${pad}${String(value)}${pad}`;
        const found = validate(new SourceFile('content/x.yaml', `field: ${quote}${written}${quote}\n`), schema).diagnostics;
        expect(found.map((d) => `${d.line}:${d.column} ${d.rule} ${d.path}`)).toEqual(['1:8 schema/invalid-type field']);
        expect(found[0]!.message).toContain(`found the text "${written}"`);
        expect(found[0]!.hint).toBe(`write ${String(value)} without quotes: in quotes it is a text`);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a second header item with megaMenu: true', () => {
  it('is reported at itself, naming the item that opens the mega-menu already', () => {
    const s = site();
    s.edit('navigation.yaml', '  - { href: /testimonials }', '  - { href: /testimonials, megaMenu: true }');
    const found = s.check();
    expect(found.map((d) => `${d.line}:${d.column} ${d.rule} ${d.path}`)).toEqual(['4:38 nav/mega-menu header[2].megaMenu']);
    expect(found[0]!.message).toBe('a second header item opens the mega-menu: header[1] (/services) does already');
  });
});
