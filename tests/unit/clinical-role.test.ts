import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent, labFigures } from '../../scripts/content/check.ts';
import { figurePatterns } from '../../scripts/content/rules/site.ts';
import type { Diagnostic } from '../../scripts/content/diagnostics.ts';
import { generate } from '../../scripts/content/index.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

// Decision 29: the lab's clinical role is a site setting, shown only while it is there (an example in a
// preview until confirmed); decision 30: figures about the lab are site facts, never written by hand; the
// glossary forbids the wrong titles of the KPT in both languages.

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const where = (d: Diagnostic) => `${d.file}:${d.line}:${d.column} ${d.rule}`;

/** The valid fixture site (every fact confirmed, a KPT among them) with some files rewritten. */
function siteWith(changes: Record<string, (text: string) => string> = {}): string {
  const site = fixtureSite();
  cleanups.push(site.cleanup);
  for (const [file, change] of Object.entries(changes)) {
    const abs = join(site.root, file);
    writeFileSync(abs, change(readFileSync(abs, 'utf8')));
  }
  return site.root;
}

/** Line and column ("12:7") where `text` first stands in a file of the site. */
function placeOf(root: string, file: string, text: string): string {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  return `${line + 1}:${lines[line]!.indexOf(text) + 1}`;
}

/** The generated module of a page in one language, as text. */
function generated(root: string, options: { release?: boolean } = {}) {
  const out = join(root, 'generated');
  const result = generate({ root, outDir: out, release: options.release });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return (page: string, lang: 'en' | 'nl') => readFileSync(join(out, 'pages', `${page}.${lang}.ts`), 'utf8');
}

describe('the clinical role (decision 29)', () => {
  it('a confirmed role is written into the appointment page and the page for dentists in each language, with no example mark', () => {
    const read = generated(siteWith());
    expect(read('appointment', 'en')).toContain("Our KPT takes the impressions for your full denture on your dentist's instruction.");
    expect(read('appointment', 'nl')).toContain('Onze KPT maakt de afdrukken voor uw volledige prothese in opdracht van uw tandarts.');
    // The complaints procedure shows the lab's e-mail from the settings; the disputes body links to its site.
    expect(read('appointment', 'en')).toContain('"Tell our complaints officer at info@example.nl."');
    expect(read('appointment', 'nl')).toMatch(/name: "Geschillencommissie Fixture",\s+url: "https:\/\/www\.example\.nl\/disputes"/);
    expect(read('for-doctors', 'en')).toContain('Our KPT takes impressions for a full denture on your instruction and under your responsibility.');
    expect(read('for-doctors', 'en')).toMatch(/id: "clinical",\s+title: "Our clinical prosthetic technician \(KPT\)"/);
    for (const page of ['appointment', 'for-doctors']) expect(read(page, 'en')).not.toMatch(/example: true/);
  });

  it('an unconfirmed role is an example in a preview and is refused by a release at its place', () => {
    const root = siteWith({ 'content/site.yaml': (text) => text.replace('placeholders: []', 'placeholders: [clinical]') });
    expect(generated(root)('appointment', 'en')).toMatch(/clinicalFacts: \{\s+example: true/);
    const refused = checkContent({ root, release: true }).diagnostics.filter((d) => d.rule === 'release/placeholder');
    expect(refused.map(where)).toEqual([`content/site.yaml:${placeOf(root, 'content/site.yaml', 'kpt:')} release/placeholder`]);
  });

  it('without the role, no page has a section on a KPT', () => {
    const root = siteWith({ 'content/site.yaml': (text) => text.replace(/^clinical:\n(?: {2}.*\n)+/m, '') });
    const read = generated(root);
    for (const lang of ['en', 'nl'] as const) {
      expect(read('appointment', lang)).not.toContain('clinicalFacts');
      expect(read('for-doctors', lang)).not.toContain('id: "clinical"');
      expect(read('for-doctors', lang)).not.toMatch(/KPT takes|KPT maakt/);
    }
  });
});

describe('figures about the lab (decision 30)', () => {
  it('are written into texts from the settings', () => {
    const read = generated(siteWith());
    expect(read('about', 'en')).toContain('Over 12 years, with a same-day rush service for urgent cases.');
    expect(read('about', 'nl')).toContain('Ruim 12 jaar, met een spoedservice op dezelfde dag voor spoedgevallen.');
  });

  it('written by hand, are reported at their place in each language, and a legal term is not', () => {
    const root = siteWith({
      'content/pages/about.yaml': (text) =>
        text.replace(
          'text: { en: "Over {figures.experienceYears} years, with a {figures.rushService} for urgent cases.", nl: "Ruim {figures.experienceYears} jaar, met een {figures.rushService} voor spoedgevallen." }',
          'text: { en: "Over 15 years of experience. Our rush service helps. We keep records for at least 10 years.", nl: "Ruim 15 jaar ervaring. Onze spoedservice helpt. Wij bewaren dossiers ten minste 10 jaar." }',
        ),
    });
    const found = checkContent({ root }).diagnostics.filter((d) => d.rule === 'text/lab-figure');
    const file = 'content/pages/about.yaml';
    expect(found.map(where)).toEqual([
      `${file}:${placeOf(root, file, '15 years')} text/lab-figure`,
      `${file}:${placeOf(root, file, 'rush service')} text/lab-figure`,
      `${file}:${placeOf(root, file, '15 jaar')} text/lab-figure`,
      `${file}:${placeOf(root, file, 'spoedservice')} text/lab-figure`,
    ]);
    expect(found[0]!.message).toBe('"15 years of experience" is a figure about the lab written by hand');
    expect(found.every((d) => d.severity === 'error')).toBe(true);
  });

  it('finds any number of years the lab claims, and none in a fact or in a sentence not about the lab (seeded)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom('Our lab has made crowns for {n}.', 'For more than {n} our technicians have set up dentures.', 'We have worked with dentists for {n}.'),
        (years, sentence) => {
          expect(labFigures(sentence.replace('{n}', `${years} years`), 'en').map((f) => f.text)).toEqual([`${years} years`]);
          expect(labFigures(`Over ${years} years of experience`, 'en').map((f) => f.text)).toEqual([`${years} years of experience`]);
          expect(labFigures(`Al ${years} jaar maken wij kronen.`, 'nl').map((f) => f.text)).toEqual([`${years} jaar`]);
          expect(labFigures(sentence.replace('{n}', '{figures.experienceYears} years'), 'en')).toEqual([]);
          expect(labFigures(`A crown can last ${years} years.`, 'en')).toEqual([]);
          expect(labFigures(`Een kroon gaat ${years} jaar mee.`, 'nl')).toEqual([]);
        },
      ),
      { seed: 2829, numRuns: 300 },
    );
  });
});

describe('the one pass that finds where a figure may stand', () => {
  /** What the check did before: a pass of every pattern over each text with a digit or the rush service's word. */
  const byEachPattern = (value: string, lang: 'en' | 'nl') => {
    if (!(lang === 'en' ? /\d|rush/i : /\d|spoed/i).test(value)) return [];
    const found: { text: string; at: number; hint: string }[] = [];
    for (const { pattern, about, hint } of figurePatterns[lang]) {
      const global = new RegExp(pattern.source, pattern.flags);
      for (let match = global.exec(value); match; match = global.exec(value)) {
        if (about) {
          const start = Math.max(value.lastIndexOf('. ', match.index), value.lastIndexOf('\n', match.index)) + 1;
          const endAt = value.indexOf('. ', match.index);
          const sentence = value.slice(start, endAt === -1 ? value.length : endAt);
          const legal = lang === 'en' ? /\bat least\s+$/i : /\b(?:ten minste|minimaal)\s+$/i;
          const ours = lang === 'en' ? /\b(?:we|our|us|ours)\b/i : /\b(?:wij|we|ons|onze)\b/i;
          const law = lang === 'en' ? /\b(?:Act|Regulation|law|WGBO|GDPR|MDR)\b/ : /\b(?:[Ww]et|Verordening|WGBO|AVG|MDR|bewaarplicht)\b/;
          if (!ours.test(sentence) || law.test(sentence) || legal.test(value.slice(start, match.index))) continue;
        }
        if (found.some((f) => f.at === match.index)) continue;
        found.push({ text: match[0], at: match.index, hint });
      }
    }
    return found;
  };
  // Numbers, the words the patterns know (and in capitals), the rush service, the words that make a sentence the lab's or the law's.
  const piece = fc.constantFrom(
    '15',
    '3',
    '100',
    '2+',
    'A1',
    ' ',
    '  ',
    '\n',
    '. ',
    '-',
    'x',
    'years',
    'year',
    'Years',
    ' of experience',
    'jaar',
    ' ervaring',
    'dental ',
    'technicians',
    'cases',
    'crowns',
    'tandtechnici',
    "collega's",
    'kronen',
    'rush service',
    'RUSH SERVICE',
    'rush',
    'spoedservice',
    'Spoedservice',
    'our',
    'we',
    'wij',
    'onze',
    'at least ',
    'ten minste ',
    'Act',
    'wet',
  );
  it('finds the same figures, in the same order, as each pattern over the whole text (seeded)', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.constantFrom('en' as const, 'nl' as const), (pieces, lang) => {
        const value = pieces.join('');
        expect(labFigures(value, lang)).toEqual(byEachPattern(value, lang));
      }),
      { seed: 3011, numRuns: 5000 },
    );
  });
});

describe('the titles of the KPT', () => {
  it('style/term reports the old titles and "op verwijzing" in both languages as errors, at their place', () => {
    const root = siteWith({
      'content/pages/about.yaml': (text) =>
        text.replace(
          'vision: { title: { en: Vision, nl: Visie }, text: { en: Good work., nl: Goed werk. } }',
          'vision: { title: { en: Vision, nl: Visie }, text: { en: "Our clinical dental technician sees you on your dentist\'s referral.", nl: Onze klinisch prothetisch tandtechnicus ziet u op verwijzing van uw tandarts. } }',
        ),
    });
    // The project's own glossary, not the fixture's.
    cpSync(join(projectRoot, 'content', 'glossary.yaml'), join(root, 'content', 'glossary.yaml'));
    const file = 'content/pages/about.yaml';
    const found = checkContent({ root }).diagnostics.filter((d) => d.rule === 'style/term' && d.file === file);
    expect(found.map(where)).toEqual([
      `${file}:${placeOf(root, file, 'clinical dental technician')} style/term`,
      `${file}:${placeOf(root, file, "on your dentist's referral")} style/term`,
      `${file}:${placeOf(root, file, 'klinisch prothetisch tandtechnicus')} style/term`,
      `${file}:${placeOf(root, file, 'op verwijzing van uw tandarts')} style/term`,
    ]);
    expect(found.every((d) => d.severity === 'error')).toBe(true);
    expect(found[0]!.message).toMatch(/^"clinical dental technician": write "clinical prosthetic technician \(KPT\)"/);
    expect(found[2]!.message).toMatch(/^"klinisch prothetisch tandtechnicus": write "klinisch prothesetechnicus \(KPT\)"/);
  });

  it("today's content has no glossary finding and no figure written by hand", () => {
    const { diagnostics } = checkContent({ root: projectRoot });
    expect(diagnostics.filter((d) => d.rule === 'style/term' || d.rule === 'text/lab-figure').map((d) => `${where(d)} ${d.message}`)).toEqual([]);
  });
});

describe('a "?" in an unquoted text inside { }', () => {
  it('is a warning at the "?", which a quoted text does not get', () => {
    const root = siteWith({
      'content/ui.yaml': (text) => `${text}\nextra:\n  asked: { en: Whom do we call?, nl: "Wie bellen wij?" }\n  quoted: { en: "Why?", nl: "Waarom?" }\n`,
    });
    const found = checkContent({ root }).diagnostics.filter((d) => d.rule === 'yaml/flow-question');
    const lines = readFileSync(join(root, 'content', 'ui.yaml'), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('Whom do we call?'));
    expect(found.map(where)).toEqual([`content/ui.yaml:${line + 1}:${lines[line]!.indexOf('?') + 1} yaml/flow-question`]);
    expect(found[0]!.severity).toBe('warning');
  });
});
