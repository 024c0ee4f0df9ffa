/**
 * A small writer of one-page A4 PDF forms: text in the standard Helvetica fonts (no font file to embed),
 * lines and boxes, and fillable text fields (an AcroForm), byte for byte the same on every run. Enough for
 * the example werkbon and price list the site ships until the lab gives its own (scripts/example-pdfs.ts).
 */

/** A4 in points. */
export const pageSize = { width: 595.28, height: 841.89 } as const;

/** A fillable text field: its name, what a screen reader says, and its box (x, y from the bottom left). */
export interface TextField {
  name: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  multiline?: boolean;
}

// Windows-1252 (PDF's WinAnsiEncoding) for the characters outside Latin-1 a Dutch text uses.
const winAnsi: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97 };

/** A text as the bytes of a PDF string in WinAnsiEncoding, with its delimiters escaped. */
function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = winAnsi[char] ?? char.codePointAt(0)!;
    if (code > 0xff) throw new Error(`"${char}" cannot be written in a standard PDF font`);
    const byte = String.fromCharCode(code);
    out += byte === '(' || byte === ')' || byte === '\\' ? `\\${byte}` : byte;
  }
  return `(${out})`;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** Approximate width of Helvetica text in points (for wrapping; a little generous, so nothing overflows). */
export function textWidth(text: string, size: number): number {
  let width = 0;
  for (const char of text) width += /[il.,:;'|!]/.test(char) ? 0.28 : /[mwMW@]/.test(char) ? 0.85 : /[A-Z0-9]/.test(char) ? 0.67 : char === ' ' ? 0.28 : 0.56;
  return width * size;
}

/** Drawing commands for one page, and its fields. */
export class PdfPage {
  private ops: string[] = [];
  readonly fields: TextField[] = [];

  /** Text at (x, y), regular or bold, in a grey from 0 (black) to 1 (white). */
  text(x: number, y: number, text: string, options: { size?: number; bold?: boolean; grey?: number } = {}): this {
    this.ops.push(`BT /${options.bold ? 'F2' : 'F1'} ${num(options.size ?? 10)} Tf ${num(options.grey ?? 0)} g ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`);
    return this;
  }

  /** A paragraph wrapped to `width`, its first baseline at y; returns the y under its last line. */
  paragraph(x: number, y: number, width: number, text: string, options: { size?: number; bold?: boolean; grey?: number; leading?: number } = {}): number {
    const size = options.size ?? 10;
    const leading = options.leading ?? size * 1.35;
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, size) > width) {
        this.text(x, y, line, options);
        y -= leading;
        line = word;
      } else line = next;
    }
    if (line) this.text(x, y, line, options);
    return y - leading;
  }

  /** A straight line. */
  line(x1: number, y1: number, x2: number, y2: number, options: { width?: number; grey?: number } = {}): this {
    this.ops.push(`${num(options.width ?? 0.6)} w ${num(options.grey ?? 0.55)} G ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
    return this;
  }

  /** A box, outlined or filled. */
  box(x: number, y: number, width: number, height: number, options: { fill?: number; stroke?: number } = {}): this {
    const fill = options.fill !== undefined ? `${num(options.fill)} g ` : '';
    const stroke = options.stroke !== undefined ? `0.6 w ${num(options.stroke)} G ` : '';
    const paint = options.fill !== undefined && options.stroke !== undefined ? 'B' : options.fill !== undefined ? 'f' : 'S';
    this.ops.push(`${fill}${stroke}${num(x)} ${num(y)} ${num(width)} ${num(height)} re ${paint}`);
    return this;
  }

  /** A large word across the page, light, under everything drawn after it (an "EXAMPLE" mark). */
  watermark(word: string): this {
    const size = 96;
    const c = Math.SQRT1_2;
    const half = textWidth(word, size) / 2;
    const x = pageSize.width / 2 - half * c;
    const y = pageSize.height / 2 - half * c;
    this.ops.push(`q BT /F2 ${size} Tf 0.9 g ${num(c)} ${num(c)} ${num(-c)} ${num(c)} ${num(x)} ${num(y)} Tm ${pdfString(word)} Tj ET Q`);
    return this;
  }

  /** A labelled fillable field with a line or box to write on by hand when printed. */
  field(field: TextField): this {
    this.fields.push(field);
    if (field.multiline) this.box(field.x, field.y, field.width, field.height, { stroke: 0.6 });
    else this.line(field.x, field.y, field.x + field.width, field.y);
    return this;
  }

  /** The page's content stream. */
  content(): string {
    return this.ops.join('\n');
  }
}

/** The document as bytes: the page, its fields as an AcroForm a PDF reader fills in, and its title. */
export function writePdf(page: PdfPage, info: { title: string; lang: 'en' | 'nl' }): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // 1 catalog, 2 pages, 3 page, 4 content, 5 Helvetica, 6 Helvetica-Bold, 7 info, then one per field.
  const fieldRefs = page.fields.map((_, i) => `${8 + i} 0 R`).join(' ');
  const content = page.content();
  add(
    `<< /Type /Catalog /Pages 2 0 R /Lang ${pdfString(info.lang === 'nl' ? 'nl-NL' : 'en-GB')}${page.fields.length ? ` /AcroForm << /Fields [${fieldRefs}] /NeedAppearances true /DA (/F1 10 Tf 0 g) /DR << /Font << /F1 5 0 R >> >> >>` : ''} >>`,
  );
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(pageSize.width)} ${num(pageSize.height)}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R${page.fields.length ? ` /Annots [${fieldRefs}]` : ''} >>`,
  );
  add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${pdfString(info.title)} /Producer (scripts/example-pdfs.ts) >>`);
  for (const f of page.fields) {
    const rect = [f.x, f.y, f.x + f.width, f.y + f.height].map(num).join(' ');
    add(
      `<< /Type /Annot /Subtype /Widget /FT /Tx /T ${pdfString(f.name)} /TU ${pdfString(f.label)} /Rect [${rect}] /F 4 /P 3 0 R /DA (/F1 ${f.multiline ? 10 : 11} Tf 0 g)${f.multiline ? ' /Ff 4096' : ''} >>`,
    );
  }
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
