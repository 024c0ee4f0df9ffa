import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import type { Diagnostic } from '../../scripts/content/diagnostics.ts';
import { examplePdfs, labDetails } from '../../scripts/example-pdfs.ts';
import { factAt, factText, fillFacts, isExample } from '../../src/shared/facts.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

// Decision 30: the lab's facts live once in site settings; a text shows one by its path in braces, which
// the check holds to a real value, and a fact listed under `placeholders` is an example a release refuses.

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const where = (d: Diagnostic) => `${d.file}:${d.line}:${d.column} ${d.rule}`;

/** The valid fixture site with one file rewritten. */
function siteWith(file: string, change: (text: string) => string): { root: string; lines: string[] } {
  const site = fixtureSite();
  cleanups.push(site.cleanup);
  const abs = join(site.root, file);
  writeFileSync(abs, change(readFileSync(abs, 'utf8')));
  return { root: site.root, lines: readFileSync(abs, 'utf8').split('\n') };
}

describe('a fact in a text', () => {
  it('reports a path that names no fact at its place in the text, with the path meant', () => {
    const { root, lines } = siteWith('content/pages/for-doctors.yaml', (text) => text.replace('"Ask before {pickup.requestBefore}"', '"Ask before {pickup.requestBefor}"'));
    const list = checkContent({ root }).diagnostics.filter((d) => d.rule === 'text/unknown-fact');
    const line = lines.findIndex((l) => l.includes('{pickup.requestBefor}'));
    expect(list.map(where)).toEqual([`content/pages/for-doctors.yaml:${line + 1}:${lines[line]!.indexOf('{pickup.requestBefor}') + 1} text/unknown-fact`]);
    expect(list[0]!.message).toBe('"{pickup.requestBefor}" names no fact of the site settings (content/site.yaml)');
    expect(list[0]!.hint).toBe('did you mean "{pickup.requestBefore}"?');
    expect(list[0]!.severity).toBe('error');
  });

  it('reports a path to a group of facts, which no sentence can show', () => {
    const { root } = siteWith('content/pages/for-doctors.yaml', (text) =>
      text.replace('"{legalName} issues a statement."', '"{address} issues a statement."').replace('"{legalName} stelt een verklaring op."', '"{address} stelt een verklaring op."'),
    );
    const list = checkContent({ root }).diagnostics.filter((d) => d.rule === 'text/unknown-fact');
    expect(list.map((d) => d.message)).toEqual(['"{address}" is a group of facts, not one value a text can show', '"{address}" is a group of facts, not one value a text can show']);
  });

  it('leaves the braces of interface strings to the app', () => {
    const { root } = siteWith('content/ui.yaml', (text) => `${text}\nextra:\n  count: { en: "{count} cases", nl: "{count} casussen" }\n`);
    expect(checkContent({ root }).diagnostics.filter((d) => d.rule === 'text/unknown-fact')).toEqual([]);
  });

  it("is written in as the site settings give it, in the text's language, and a text without one is left as it is", () => {
    const site = { retentionDays: 90, phone: { display: '030 000 0000' }, turnaround: { items: { crown: { work: { en: 'Crown', nl: 'Kroon' }, days: [8, 10] } } } };
    expect(fillFacts('Kept {retentionDays} days; call {phone.display}.', site, 'en')).toBe('Kept 90 days; call 030 000 0000.');
    expect(fillFacts('{turnaround.items.crown.work}: {turnaround.items.crown.days} werkdagen', site, 'nl')).toBe('Kroon: 8–10 werkdagen');
    expect(fillFacts('{unknown} and {phone}', site, 'en')).toBe('{unknown} and {phone}');
    expect(factText(factAt(site, 'turnaround.items'), 'en')).toBeUndefined();
    expect(factAt(site, 'phone.display.length')).toBeUndefined();
  });

  it('never changes a text without braces, and fills every known path wherever it stands (seeded)', () => {
    const key = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/);
    fc.assert(
      fc.property(
        fc.string().filter((t) => !t.includes('{')),
        key,
        fc.oneof(
          fc.integer({ min: 0, max: 9999 }),
          fc.string({ maxLength: 20 }).filter((t) => !t.includes('{')),
        ),
        fc.string().filter((t) => !t.includes('{')),
        (text, name, value, after) => {
          const site = { [name]: value };
          expect(fillFacts(text, site, 'en')).toBe(text);
          expect(fillFacts(`${text}{${name}}${after}`, site, 'nl')).toBe(`${text}${String(value)}${after}`);
        },
      ),
      { seed: 3025, numRuns: 400 },
    );
  });
});

describe('which facts are examples', () => {
  it('marks a fact, a part of one listed, or the whole of one listed, and nothing beside them', () => {
    const listed = ['scanners.itero', 'turnaround', 'downloads.werkbon'];
    expect(isExample(listed, 'turnaround')).toBe(true);
    expect(isExample(listed, 'turnaround.items.zirconiaCrown.days')).toBe(true);
    expect(isExample(listed, 'scanners')).toBe(true);
    expect(isExample(listed, 'downloads.werkbon')).toBe(true);
    expect(isExample(listed, 'downloads.priceList')).toBe(false);
    expect(isExample(listed, 'scannersx')).toBe(false);
    expect(isExample([], 'turnaround')).toBe(false);
  });

  it('names each download that is not a file of the site at its place', () => {
    const site = fixtureSite();
    cleanups.push(site.cleanup);
    const file = join(site.root, 'content', 'site.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        /^guarantee:/m,
        'downloads:\n  werkbon: { en: downloads/werkbon-en.pdf, nl: downloads/werkbon-nl.pdf }\n  priceList: { en: downloads/prices-en.pdf, nl: downloads/prices-nl.pdf }\nguarantee:',
      ),
    );
    const publicDir = join(site.root, 'src', 'public');
    mkdirSync(join(publicDir, 'downloads'), { recursive: true });
    for (const name of ['werkbon-en.pdf', 'werkbon-nl.pdf', 'prices-en.pdf']) writeFileSync(join(publicDir, 'downloads', name), '%PDF-1.7\n');
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.startsWith('  priceList:'));
    const list = checkContent({ root: site.root }).diagnostics.filter((d) => d.rule === 'site/download-missing');
    expect(list.map(where)).toEqual([`content/site.yaml:${line + 1}:${lines[line]!.indexOf('downloads/prices-nl.pdf') + 1} site/download-missing`]);
    expect(list[0]!.message).toBe('"downloads/prices-nl.pdf" is not in src/public/, so its link would lead nowhere');
  });
});

describe('the example werkbon and price list', () => {
  const files = examplePdfs(labDetails(projectRoot));

  it('are in the repository as the generator writes them (npx tsx scripts/example-pdfs.ts)', () => {
    expect([...files.keys()].sort()).toEqual([
      'downloads/price-list-example-en.pdf',
      'downloads/prijslijst-voorbeeld-nl.pdf',
      'downloads/werkbon-example-en.pdf',
      'downloads/werkbon-voorbeeld-nl.pdf',
    ]);
    for (const [name, bytes] of files) expect(readFileSync(join(projectRoot, 'src', 'public', name)).equals(bytes), name).toBe(true);
  });

  it('are well-formed PDFs: every object where the cross-reference table says, the werkbon a form with the fields a Dutch lab asks for', () => {
    for (const [name, bytes] of files) {
      const text = bytes.toString('latin1');
      const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
      expect(text.slice(start, start + 4), name).toBe('xref');
      const offsets = [...text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length), `${name} object ${i + 1}`).toBe(`${i + 1} 0 obj`));
      const stream = /\/Length (\d+) >>\nstream\n/.exec(text)!;
      expect(text.slice(stream.index + stream[0].length + Number(stream[1]), stream.index + stream[0].length + Number(stream[1]) + 10)).toBe('\nendstream');
    }
    const werkbon = files.get('downloads/werkbon-voorbeeld-nl.pdf')!.toString('latin1');
    const fields = [...werkbon.matchAll(/\/FT \/Tx \/T \(([a-zA-Z]+)\)/g)].map((m) => m[1]);
    expect(fields).toEqual([
      'practice',
      'dentist',
      'agb',
      'phone',
      'email',
      'patientReference',
      'birthYear',
      'work',
      'teeth',
      'material',
      'shade',
      'stage',
      'implant',
      'notes',
      'deliveryDate',
      'nextAppointment',
      'pickup',
      'signatureDate',
      'signature',
    ]);
    expect(werkbon).toContain('(VOORBEELD) Tj');
    expect(werkbon).toContain('(AGB-code tandarts)');
    expect(files.get('downloads/price-list-example-en.pdf')!.toString('latin1')).toContain('(EXAMPLE) Tj');
  });
});
