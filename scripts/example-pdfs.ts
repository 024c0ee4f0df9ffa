/**
 * Writes the example werkbon and price list (src/public/downloads/, in English and Dutch) that the page for
 * dentists offers until the lab gives its own: a usable werkbon with the fields a Dutch lab asks for, and a
 * price list with example prices, both marked as examples on the page itself. The lab's name and address
 * come from content/site.yaml. Usage: `npx tsx scripts/example-pdfs.ts` (tests/unit/example-pdfs.test.ts
 * fails when the files in the repository differ from what this writes).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { PdfPage, pageSize, writePdf } from './pdf.ts';

type Lang = 'en' | 'nl';

/** What the example files show of the lab. */
export interface LabDetails {
  name: string;
  address: { street: string; postalCode: string; city: string };
  phone: { display: string };
  email: string;
}

/** The example files, by their name under src/public/. */
export const exampleFiles = {
  werkbon: { en: 'downloads/werkbon-example-en.pdf', nl: 'downloads/werkbon-voorbeeld-nl.pdf' },
  priceList: { en: 'downloads/price-list-example-en.pdf', nl: 'downloads/prijslijst-voorbeeld-nl.pdf' },
} as const;

const words = {
  en: {
    mark: 'EXAMPLE',
    banner: 'Example: not yet the lab’s own werkbon. The lab will confirm its form before it is used.',
    title: 'Werkbon (order form for dental laboratory work)',
    practice: 'Practice',
    practiceName: 'Practice name',
    dentist: 'Dentist (prescriber)',
    agb: 'AGB code of the dentist',
    phone: 'Phone',
    email: 'E-mail',
    patient: 'Patient',
    reference: 'Patient reference or number (not the full name)',
    birthYear: 'Year of birth (optional)',
    work: 'Work',
    kind: 'Kind of work (e.g. zirconia crown, 3-unit bridge, full denture)',
    teeth: 'Teeth (FDI numbers; circle them on the chart)',
    material: 'Material',
    shade: 'Shade (shade guide and shade)',
    stage: 'Stage: try-in or final',
    implant: 'Implant system and connection (for implant work)',
    notes: 'Notes, special instructions',
    planning: 'Planning',
    delivery: 'Desired delivery date',
    appointment: 'Patient’s next appointment',
    pickup: 'Pickup needed? (yes/no, and when)',
    signature: 'Date and signature of the dentist',
    date: 'Date',
    sign: 'Signature',
    mdr: 'This werkbon is the written prescription for a custom-made device: we make it for this patient alone and deliver it with the statement required by Regulation (EU) 2017/745, Annex XIII.',
    send: 'Send it with the case, or upload it with the order form on our website.',
    upper: 'Upper jaw',
    lower: 'Lower jaw',
    priceTitle: 'Price list',
    priceBanner: 'Example prices: not the lab’s rates. The lab will confirm its own price list.',
    priceHead: ['Work', 'Price from'],
    prices: [
      ['Zirconia crown', '€ 165'],
      ['Lithium disilicate crown', '€ 185'],
      ['Bridge, per unit', '€ 160'],
      ['Implant crown on a titanium base (components at cost)', '€ 295'],
      ['Full denture, per jaw', '€ 395'],
      ['Frame denture (cast framework and finishing)', '€ 450'],
      ['Denture repair', '€ 45'],
      ['Occlusal splint', '€ 135'],
    ],
    priceNotes: [
      'Prices in euros per unit, for work from a scan or impression received in good order.',
      'Dental laboratory work is exempt from VAT. Implant components and courier costs beyond our area are charged at cost.',
    ],
  },
  nl: {
    mark: 'VOORBEELD',
    banner: 'Voorbeeld: nog niet de eigen werkbon van het lab. Het lab bevestigt zijn formulier voordat het gebruikt wordt.',
    title: 'Werkbon tandtechnisch werk',
    practice: 'Praktijk',
    practiceName: 'Praktijknaam',
    dentist: 'Tandarts (voorschrijver)',
    agb: 'AGB-code tandarts',
    phone: 'Telefoon',
    email: 'E-mail',
    patient: 'Patiënt',
    reference: 'Patiëntreferentie of -nummer (niet de volledige naam)',
    birthYear: 'Geboortejaar (niet verplicht)',
    work: 'Werk',
    kind: 'Soort werk (bijv. zirkoniakroon, driedelige brug, volledige prothese)',
    teeth: 'Elementen (FDI-nummers; omcirkel ze in het schema)',
    material: 'Materiaal',
    shade: 'Kleur (kleurring en kleur)',
    stage: 'Fase: pasbeurt of definitief',
    implant: 'Implantaatsysteem en aansluiting (bij implantaatwerk)',
    notes: 'Opmerkingen, bijzondere wensen',
    planning: 'Planning',
    delivery: 'Gewenste leverdatum',
    appointment: 'Volgende afspraak van de patiënt',
    pickup: 'Ophalen gewenst? (ja/nee, en wanneer)',
    signature: 'Datum en handtekening van de tandarts',
    date: 'Datum',
    sign: 'Handtekening',
    mdr: 'Deze werkbon is het schriftelijke voorschrift voor een hulpmiddel naar maat: wij maken het voor deze patiënt alleen en leveren het met de verklaring die Verordening (EU) 2017/745, bijlage XIII, vraagt.',
    send: 'Stuur hem mee met het werk, of upload hem met het opdrachtformulier op onze website.',
    upper: 'Bovenkaak',
    lower: 'Onderkaak',
    priceTitle: 'Prijslijst',
    priceBanner: 'Voorbeeldprijzen: niet de tarieven van het lab. Het lab bevestigt zijn eigen prijslijst.',
    priceHead: ['Werk', 'Prijs vanaf'],
    prices: [
      ['Zirkoniakroon', '€ 165'],
      ['Lithiumdisilicaatkroon', '€ 185'],
      ['Brug, per element', '€ 160'],
      ['Implantaatkroon op titaniumbasis (onderdelen tegen kostprijs)', '€ 295'],
      ['Volledige prothese, per kaak', '€ 395'],
      ['Frameprothese (gegoten frame en afwerken)', '€ 450'],
      ['Reparatie van een prothese', '€ 45'],
      ['Opbeetplaat', '€ 135'],
    ],
    priceNotes: [
      'Prijzen in euro per element, voor werk vanaf een scan of afdruk die in goede staat binnenkomt.',
      'Tandtechnisch werk is vrijgesteld van btw. Implantaatonderdelen en koerierskosten buiten ons gebied rekenen wij tegen kostprijs.',
    ],
  },
} as const;

const margin = 48;
const right = pageSize.width - margin;
const full = right - margin;

/** The top of both files: the example banner, the lab's name and address, the title. Returns the y below it. */
function header(page: PdfPage, lab: LabDetails, lang: Lang, title: string, banner: string): number {
  const w = words[lang];
  page.watermark(w.mark);
  page.box(margin, pageSize.height - 58, full, 26, { fill: 0.93 });
  page.text(margin + 10, pageSize.height - 49, banner, { size: 8.5, bold: true });
  let y = pageSize.height - 86;
  page.text(margin, y, lab.name, { size: 15, bold: true });
  page.text(right - 200, y, `${lab.address.street}, ${lab.address.postalCode} ${lab.address.city}`, { size: 8.5, grey: 0.3 });
  page.text(right - 200, y - 12, `${lab.phone.display} · ${lab.email}`, { size: 8.5, grey: 0.3 });
  y -= 34;
  page.text(margin, y, title, { size: 13, bold: true });
  return y - 12;
}

/** A section heading with a rule under it. */
function heading(page: PdfPage, y: number, text: string): number {
  page.text(margin, y, text, { size: 10.5, bold: true });
  page.line(margin, y - 5, right, y - 5, { grey: 0.2, width: 0.8 });
  return y - 24;
}

/** One labelled field per column on a row: each gets a label above a line to write on. */
function row(page: PdfPage, y: number, fields: { name: string; label: string; width: number }[]): number {
  let x = margin;
  const gap = 14;
  const unit = (full - gap * (fields.length - 1)) / fields.reduce((sum, f) => sum + f.width, 0);
  for (const f of fields) {
    const width = f.width * unit;
    page.text(x, y, f.label, { size: 7.5, grey: 0.35 });
    page.field({ name: f.name, label: f.label, x, y: y - 20, width, height: 16 });
    x += width + gap;
  }
  return y - 34;
}

/** The example werkbon: a form a practice prints or fills in on screen. */
export function werkbon(lab: LabDetails, lang: Lang): Buffer {
  const w = words[lang];
  const page = new PdfPage();
  let y = header(page, lab, lang, w.title, w.banner);
  y -= 8;
  y = heading(page, y, w.practice);
  y = row(page, y, [
    { name: 'practice', label: w.practiceName, width: 3 },
    { name: 'dentist', label: w.dentist, width: 3 },
    { name: 'agb', label: w.agb, width: 2 },
  ]);
  y = row(page, y, [
    { name: 'phone', label: w.phone, width: 1 },
    { name: 'email', label: w.email, width: 2 },
  ]);
  y = heading(page, y, w.patient);
  y = row(page, y, [
    { name: 'patientReference', label: w.reference, width: 3 },
    { name: 'birthYear', label: w.birthYear, width: 1 },
  ]);
  y = heading(page, y, w.work);
  y = row(page, y, [{ name: 'work', label: w.kind, width: 1 }]);
  // The FDI chart: the upper jaw 18 to 28, the lower 48 to 38, as the dentist faces the patient.
  const upper = [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28];
  const lower = [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38];
  const cell = 22;
  const chartX = margin + 70;
  for (const [i, teeth] of [upper, lower].entries()) {
    const rowY = y - 4 - i * (cell + 4);
    page.text(margin, rowY + 7, i === 0 ? w.upper : w.lower, { size: 7.5, grey: 0.35 });
    teeth.forEach((tooth, j) => {
      const x = chartX + j * cell + (j >= 8 ? 8 : 0);
      page.box(x, rowY, cell - 3, cell - 6, { stroke: 0.6 });
      page.text(x + 4, rowY + 5, String(tooth), { size: 8 });
    });
  }
  page.line(chartX + 8 * cell + 2.5, y + 16, chartX + 8 * cell + 2.5, y - cell - 8, { grey: 0.2 });
  y -= 2 * (cell + 4) + 14;
  y = row(page, y, [{ name: 'teeth', label: w.teeth, width: 1 }]);
  y = row(page, y, [
    { name: 'material', label: w.material, width: 2 },
    { name: 'shade', label: w.shade, width: 2 },
    { name: 'stage', label: w.stage, width: 2 },
  ]);
  y = row(page, y, [{ name: 'implant', label: w.implant, width: 1 }]);
  page.text(margin, y, w.notes, { size: 7.5, grey: 0.35 });
  page.field({ name: 'notes', label: w.notes, x: margin, y: y - 62, width: full, height: 56, multiline: true });
  y -= 80;
  y = heading(page, y, w.planning);
  y = row(page, y, [
    { name: 'deliveryDate', label: w.delivery, width: 1 },
    { name: 'nextAppointment', label: w.appointment, width: 1 },
    { name: 'pickup', label: w.pickup, width: 1 },
  ]);
  y = heading(page, y, w.signature);
  y = row(page, y, [
    { name: 'signatureDate', label: w.date, width: 1 },
    { name: 'signature', label: w.sign, width: 2 },
  ]);
  y -= 4;
  y = page.paragraph(margin, y, full, w.mdr, { size: 8, grey: 0.25 });
  page.paragraph(margin, y, full, w.send, { size: 8, grey: 0.25 });
  return writePdf(page, { title: `${w.title} (${w.mark.toLowerCase()})`, lang });
}

/** The example price list. */
export function priceList(lab: LabDetails, lang: Lang): Buffer {
  const w = words[lang];
  const page = new PdfPage();
  let y = header(page, lab, lang, w.priceTitle, w.priceBanner);
  y -= 14;
  page.box(margin, y - 6, full, 20, { fill: 0.9 });
  page.text(margin + 8, y, w.priceHead[0], { size: 9.5, bold: true });
  page.text(right - 90, y, w.priceHead[1], { size: 9.5, bold: true });
  y -= 26;
  for (const [work, price] of w.prices) {
    page.text(margin + 8, y, work, { size: 10 });
    page.text(right - 90, y, price, { size: 10 });
    page.line(margin, y - 8, right, y - 8, { grey: 0.8 });
    y -= 24;
  }
  y -= 10;
  for (const note of w.priceNotes) y = page.paragraph(margin, y, full, note, { size: 8.5, grey: 0.25 });
  return writePdf(page, { title: `${w.priceTitle} (${w.mark.toLowerCase()})`, lang });
}

/** Every example file, by its path under src/public/. */
export function examplePdfs(lab: LabDetails): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const lang of ['en', 'nl'] as const) {
    files.set(exampleFiles.werkbon[lang], werkbon(lab, lang));
    files.set(exampleFiles.priceList[lang], priceList(lab, lang));
  }
  return files;
}

/** The lab's details as content/site.yaml gives them. */
export function labDetails(root: string): LabDetails {
  return yaml.load(readFileSync(join(root, 'content', 'site.yaml'), 'utf8')) as LabDetails;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  for (const [file, bytes] of examplePdfs(labDetails(root))) {
    const abs = join(root, 'src', 'public', file);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, bytes);
    console.log(`wrote src/public/${file} (${bytes.length} bytes)`);
  }
}
