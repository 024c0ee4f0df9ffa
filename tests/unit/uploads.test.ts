import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import fc from 'fast-check';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearIncoming, detectUpload, keepUpload, maxUploadBytes, receiveUpload, UploadTooLarge } from '../../src/server/uploads.ts';
import { maxOrderFileBytes } from '../../src/shared/upload-limits.ts';
import { projectRoot } from '../support/fixtures.ts';
import { pdfOfSize } from '../support/uploads.ts';

const fixtures = join(projectRoot, 'tests', 'fixtures', 'uploads');
const fixture = (name: string) => new Uint8Array(readFileSync(join(fixtures, name)));
const text = (value: string) => new Uint8Array(Buffer.from(value, 'latin1'));

const docxMain = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const contentTypes = (mainType = docxMain, padding = '') =>
  strToU8(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      `<Override PartName="/word/document.xml" ContentType="${mainType}"/>${padding}</Types>`,
  );
/** A Word document built in memory: the three usual parts plus `extra`, or without some of them. */
function docx(extra: Zippable = {}, without: string[] = []): Uint8Array {
  const parts: Zippable = {
    '[Content_Types].xml': contentTypes(),
    '_rels/.rels': strToU8('<Relationships/>'),
    'word/document.xml': strToU8('<w:document/>'),
    ...extra,
  };
  for (const name of without) delete parts[name];
  return zipSync(parts);
}

/** The zip with `entry` declaring `size` unpacked bytes, in its local header and central directory. */
function declareSize(zip: Uint8Array, entry: string, size: number): Uint8Array {
  const patched = Buffer.from(zip);
  const name = Buffer.from(entry);
  let found = 0;
  for (let at = 0; at + 46 < patched.length; at++) {
    const signature = patched.readUInt32LE(at);
    if (signature === 0x04034b50 && patched.subarray(at + 30, at + 30 + name.length).equals(name)) {
      patched.writeUInt32LE(size, at + 22);
      found++;
    }
    if (signature === 0x02014b50 && patched.subarray(at + 46, at + 46 + name.length).equals(name)) {
      patched.writeUInt32LE(size, at + 24);
      found++;
    }
  }
  expect(found, `${entry} in the zip`).toBe(2);
  return new Uint8Array(patched);
}

const mib = 1024 * 1024;
const reason = (bytes: Uint8Array) => {
  const check = detectUpload(bytes);
  return check.ok ? `accepted as ${check.kind}` : check.reason;
};

describe('detectUpload', () => {
  it('accepts a PDF by its %PDF- header, as .pdf and application/pdf', () => {
    expect(detectUpload(fixture('minimal.pdf'))).toEqual({ ok: true, kind: 'pdf', extension: 'pdf', mime: 'application/pdf' });
  });

  it('accepts a JPEG by its FF D8 FF start, as .jpg and image/jpeg', () => {
    expect(detectUpload(fixture('pixel.jpg'))).toEqual({ ok: true, kind: 'jpeg', extension: 'jpg', mime: 'image/jpeg' });
  });

  it('accepts a PNG by its eight-byte signature, as .png and image/png', () => {
    expect(detectUpload(fixture('pixel.png'))).toEqual({ ok: true, kind: 'png', extension: 'png', mime: 'image/png' });
  });

  it('accepts a Word document made of content types, package relationships and word/document.xml', () => {
    expect(detectUpload(fixture('letter.docx'))).toEqual({
      ok: true,
      kind: 'docx',
      extension: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('accepts a binary STL whose 80-byte header begins with "solid"', () => {
    const stl = fixture('crown-binary.stl');
    expect(Buffer.from(stl.subarray(0, 5)).toString('latin1')).toBe('solid');
    expect(detectUpload(stl)).toEqual({ ok: true, kind: 'stl', extension: 'stl', mime: 'model/stl' });
  });

  it('accepts an ASCII STL, also with leading whitespace, CRLF line ends and a nameless endsolid', () => {
    const ascii = fixture('crown-ascii.stl');
    expect(detectUpload(ascii)).toEqual({ ok: true, kind: 'stl', extension: 'stl', mime: 'model/stl' });
    const variant = Buffer.from(ascii).toString('latin1').replace(/\n/g, '\r\n').replace('endsolid crown', 'endsolid');
    expect(reason(text(`\n  ${variant}\r\n\r\n`))).toBe('accepted as stl');
  });

  it('refuses an empty file', () => {
    expect(detectUpload(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
  });

  it('accepts a file of exactly 50 MiB and refuses one of 50 MiB plus one byte (decision 27; 10 MB was the limit of one file an order)', () => {
    expect(maxOrderFileBytes).toBe(50 * mib);
    expect(maxUploadBytes).toBe(10 * mib);
    expect(reason(new Uint8Array(pdfOfSize(maxOrderFileBytes)))).toBe('accepted as pdf');
    expect(detectUpload(new Uint8Array(pdfOfSize(maxOrderFileBytes + 1)))).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a Windows executable renamed drawing.pdf as an unknown type', () => {
    const exe = fixture('drawing.pdf');
    expect(Buffer.from(exe.subarray(0, 2)).toString('latin1')).toBe('MZ');
    expect(detectUpload(exe)).toEqual({ ok: false, reason: 'unknown-type' });
  });

  it('refuses a GIF, an HTML page, plain text and zero-filled data as unknown types', () => {
    const zeros = new Uint8Array(500);
    // A count where a binary STL keeps it, but the first "triangle" is three times the same point.
    const zerosWithCount = new Uint8Array(500);
    zerosWithCount[80] = 7;
    const gif = text('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;');
    const html = text(`<!doctype html><html lang="en"><head><title>Order</title></head><body>${'<p>crown</p>'.repeat(20)}</body></html>`);
    const prose = text('Please make a zirconia crown for tooth 46, shade A2. '.repeat(5));
    for (const bytes of [gif, html, prose, zeros, zerosWithCount]) expect(reason(bytes)).toBe('unknown-type');
  });

  it('refuses a macro-enabled Word document (.docm)', () => {
    expect(detectUpload(fixture('macro.docm'))).toEqual({ ok: false, reason: 'macro-enabled' });
  });

  it('refuses a document that carries a vbaProject.bin even when it declares a plain docx', () => {
    expect(reason(docx({ 'word/vbaProject.bin': new Uint8Array(64) }))).toBe('macro-enabled');
  });

  it('refuses a document that declares the macro-enabled main type even without a VBA project', () => {
    expect(reason(docx({ '[Content_Types].xml': contentTypes('application/vnd.ms-word.document.macroEnabled.main+xml') }))).toBe('macro-enabled');
  });

  it('refuses a zip bomb declaring a 4 GB word/document.xml as too large, without inflating it', () => {
    expect(detectUpload(fixture('bomb.docx'))).toEqual({ ok: false, reason: 'docx-too-large' });
  });

  it('refuses a document whose entries declare more than 50 MB together, and accepts exactly 50 MB', () => {
    const base = docx({ 'word/styles.xml': strToU8('<w:styles/>') });
    const sizes = (document: number, styles: number) => declareSize(declareSize(base, 'word/document.xml', document), 'word/styles.xml', styles);
    // The declared sizes of the two parts left untouched: the content types and the package relationships.
    const small = contentTypes().length + '<Relationships/>'.length;
    expect(reason(sizes(30 * mib, 30 * mib))).toBe('docx-too-large');
    expect(reason(sizes(25 * mib - small, 25 * mib))).toBe('accepted as docx');
    expect(reason(sizes(25 * mib - small + 1, 25 * mib))).toBe('docx-too-large');
  });

  it('refuses a document of more than 1,000 entries, and accepts one of 1,000', () => {
    const media = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`word/media/part${i}.xml`, strToU8('<x/>')]));
    expect(reason(docx(media(997)))).toBe('accepted as docx');
    expect(reason(docx(media(998)))).toBe('docx-too-large');
  });

  it('refuses Office packages that are not Word documents as invalid documents', () => {
    const cases: Record<string, Uint8Array> = {
      'a spreadsheet': docx({ '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml') }),
      'a docx without word/document.xml': docx({}, ['word/document.xml']),
      'a docx without content types': docx({}, ['[Content_Types].xml']),
      'a docx naming one part twice (names are case-insensitive)': docx({ 'WORD/document.xml': strToU8('<w:document/>') }),
    };
    for (const [what, bytes] of Object.entries(cases)) expect(reason(bytes), what).toBe('docx-invalid');
  });

  it('refuses a plain zip of a text file as an archive of an unknown file, and broken zips as invalid zips (a zip is an order kind of its own now)', () => {
    expect(reason(zipSync({ 'notes.txt': strToU8('crown 46') }))).toBe('zip-unknown-entry');
    expect(reason(fixture('letter.docx').subarray(0, 400))).toBe('zip-invalid');
    expect(reason(text('PK\x03\x04 and then no zip at all'))).toBe('zip-invalid');
  });

  it('refuses content types over 64 KiB as invalid rather than inflating them', () => {
    const padded = (size: number) => `<!--${' '.repeat(size)}-->`;
    const base = contentTypes().length + '<!---->'.length;
    expect(reason(docx({ '[Content_Types].xml': contentTypes(docxMain, padded(64 * 1024 - base)) }))).toBe('accepted as docx');
    expect(reason(docx({ '[Content_Types].xml': contentTypes(docxMain, padded(64 * 1024 - base + 1)) }))).toBe('docx-invalid');
  });

  it('refuses a binary STL cut short as truncated, whether or not its header begins with "solid"', () => {
    expect(detectUpload(fixture('crown-truncated.stl'))).toEqual({ ok: false, reason: 'stl-truncated' });
    expect(reason(fixture('crown-binary.stl').subarray(0, 84 + 50 + 10))).toBe('stl-truncated');
  });

  it('refuses a binary STL longer than its triangle count, or declaring no triangles, as truncated', () => {
    const stl = fixture('crown-binary.stl');
    expect(reason(new Uint8Array([...stl, 0]))).toBe('stl-truncated');
    const empty = stl.slice(0, 84);
    new DataView(empty.buffer).setUint32(80, 0, true);
    expect(reason(empty)).toBe('stl-truncated');
  });

  it('refuses an ASCII STL that lost its endsolid line as truncated', () => {
    expect(detectUpload(fixture('crown-no-endsolid.stl'))).toEqual({ ok: false, reason: 'stl-truncated' });
  });

  it('refuses a "solid" file that breaks the ASCII STL grammar on any line as no STL', () => {
    const ascii = Buffer.from(fixture('crown-ascii.stl')).toString('latin1');
    const cases = {
      'a NUL byte': ascii.replace('outer loop', 'outer\0loop'),
      'a facet without its normal': ascii.replaceAll('facet normal', 'facet'),
      'points instead of vertices': ascii.replaceAll('vertex', 'point'),
      'text after endsolid': `${ascii}endsolid? no, more text after it\nnot an STL end`,
      'a vertex of two numbers': ascii.replace('vertex 10 0 0', 'vertex 10 0'),
      'a vertex that is not a number': ascii.replace('vertex 10 0 0', 'vertex 10 0 x'),
      'an infinite coordinate': ascii.replace('vertex 10 0 0', 'vertex 1e999 0 0'),
      'four vertices in a loop': ascii.replace('vertex 10 0 0', 'vertex 10 0 0\n      vertex 10 0 0'),
      'two vertices in a loop': ascii.replace('      vertex 10 0 0\n', ''),
      'no facet at all': 'solid crown\nendsolid crown\n',
      'a solid named with an escape': ascii.replace('solid crown', 'solid \x1b[31mcrown'),
    };
    for (const [what, stl] of Object.entries(cases)) expect(reason(text(stl)), what).toBe('unknown-type');
  });
});

const utf8 = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));
/** A page a browser would run, of any words and any length. */
const htmlPage = fc
  .tuple(fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 20 }), fc.constantFrom('', '\n', '\r\n'))
  .map(([words, eol]) => `<!doctype html>${eol}<html><body>${words.map((word) => `<p>${word.replace(/[<>&]/g, '')}</p>`).join(eol)}<script>alert(1)</script></body></html>${eol}`);
/** A triangle's twelve numbers: a normal and three vertices, in millimetres. */
const coordinate = fc.float({ min: -500, max: 500, noNaN: true, noDefaultInfinity: true });
const triangles = fc.array(fc.array(coordinate, { minLength: 12, maxLength: 12 }), { minLength: 1, maxLength: 40 });

function binaryStl(header: Uint8Array, records: number[][]): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * records.length);
  bytes.set(header.subarray(0, 80));
  const data = new DataView(bytes.buffer);
  data.setUint32(80, records.length, true);
  records.forEach((values, n) => values.forEach((value, i) => data.setFloat32(84 + 50 * n + 4 * i, value, true)));
  return bytes;
}

function asciiStl(records: number[][], eol: string): string {
  const row = (values: number[]) => values.map((value) => value.toExponential()).join(' ');
  const facets = records.map((v) => [`facet normal ${row(v.slice(0, 3))}`, '  outer loop', ...[3, 6, 9].map((i) => `    vertex ${row(v.slice(i, i + 3))}`), '  endloop', 'endfacet'].join(eol));
  return ['solid scan', ...facets, 'endsolid scan', ''].join(eol);
}

describe('a file is what its bytes are', () => {
  const signatures: Record<string, string> = {
    PDF: '%PDF-1.7\n',
    JPEG: '\xff\xd8\xff\xe0',
    PNG: '\x89PNG\r\n\x1a\n',
    'STL ("solid")': 'solid crown\n',
    'a Windows program': 'MZ\x90\x00',
  };

  it.each(Object.entries(signatures))('refuses any HTML page after the signature of %s', (_format, signature) => {
    fc.assert(
      fc.property(htmlPage, (page) => {
        expect(detectUpload(new Uint8Array([...text(signature), ...utf8(page)])).ok).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('gives a verdict, never an exception, for any bytes after any signature, markers and fill bytes among them', () => {
    // Bytes a format's reader acts on (a JPEG's 0xFF fill and markers, a PNG's or a zip's zeros) come often, so short files reach every branch.
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x00, 0xff, 0xc0, 0xc4, 0xd9, 0xda, 0x0a));
    const starts = [...Object.values(signatures), '\xff\xd8\xff', '%PDF-1.4\n1 0 obj\n', 'PK\x03\x04', 'solid x\n', ''];
    fc.assert(
      fc.property(fc.constantFrom(...starts), fc.array(byte, { maxLength: 80 }), (start, rest) => {
        const check = detectUpload(new Uint8Array([...text(start), ...rest]));
        expect(typeof check.ok).toBe('boolean');
      }),
      { numRuns: 10_000 },
    );
    // Found so: a JPEG whose fill bytes run to two bytes before its end made the reader look past it (a 500 for the order).
    expect(reason(text('\xff\xd8\xff\xff\xc0\x00'))).toBe('unknown-type');
  });

  it('refuses HTML whose lines mention facets, vertices and endsolid as an ASCII STL', () => {
    const disguise = ['solid <html>', '<body>facet normal 0 0 1', 'outer loop <script>alert(1)</script>', 'vertex 0 0 0', 'vertex 1 0 0', 'vertex 1 1 0', 'endloop', 'endfacet', 'endsolid </body>'];
    expect(reason(text(disguise.join('\n')))).toBe('unknown-type');
    fc.assert(
      fc.property(triangles, fc.string({ minLength: 1, maxLength: 60 }), fc.nat(), (records, intruder, at) => {
        const lines = asciiStl(records, '\n').split('\n');
        const line = intruder.trim();
        fc.pre(line !== '' && !/^(?:outer|vertex|endloop|endfacet|facet|solid|endsolid)\b/i.test(line));
        lines.splice(at % lines.length, 0, line);
        // Refused, whatever the reason: no known type, or a broken OBJ or PLY when the inserted line begins one
        // (`s` is an OBJ smoothing group, `ply` a PLY's first line); what matters is that it is not taken.
        const check = detectUpload(text(lines.join('\n')));
        expect(check.ok, `taken as ${check.ok ? check.kind : ''}`).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses any bytes whose length fits a triangle count when they are no geometry, a program among them', () => {
    const program = new Uint8Array(84 + 50 * 20).fill(0xff);
    program.set(text('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'));
    new DataView(program.buffer).setUint32(80, 20, true);
    expect(reason(program)).toBe('unknown-type');
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 60 }), fc.uint8Array({ minLength: 84 + 50 * 60, maxLength: 84 + 50 * 60 }), (count, noise) => {
        const bytes = noise.slice(0, 84 + 50 * count);
        new DataView(bytes.buffer).setUint32(80, count, true);
        expect(detectUpload(bytes).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a binary STL with one coordinate that is not a finite number', () => {
    fc.assert(
      fc.property(triangles, fc.nat(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3e38), (records, at, bad) => {
        const stl = binaryStl(text('solid scan'), records);
        new DataView(stl.buffer).setFloat32(84 + 50 * (at % records.length) + 4 * (at % 12), bad, true);
        expect(reason(stl)).toBe('unknown-type');
      }),
    );
  });

  it('accepts every STL of finite coordinates, binary with any header or ASCII with any line ends', () => {
    fc.assert(
      fc.property(triangles, fc.string({ maxLength: 80 }), fc.constantFrom('\n', '\r\n', '\r'), (records, header, eol) => {
        const named = text(`solid ${header.replace(/[^ -~]/g, '')}`);
        expect(reason(binaryStl(named, records))).toBe('accepted as stl');
        expect(reason(text(asciiStl(records, eol)))).toBe('accepted as stl');
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a PDF that does not end in startxref, an offset and %%EOF, or has no object after its header', () => {
    const pdf = Buffer.from(fixture('minimal.pdf')).toString('latin1');
    const cases = {
      'no %%EOF': pdf.replace('%%EOF', ''),
      'a page after %%EOF': `${pdf}<html><script>alert(1)</script></html>\n`,
      'no startxref': pdf.replace(/startxref\n\d+\n/, ''),
      'an offset past the end': pdf.replace(/startxref\n\d+/, 'startxref\n99999'),
      'a page where the first object belongs': pdf.replace('1 0 obj', '<html>'),
      'a header without a version': pdf.replace('%PDF-1.4', '%PDF-'),
    };
    for (const [what, bytes] of Object.entries(cases)) expect(reason(text(bytes)), what).toBe('unknown-type');
    // Comment lines (the binary marker most writers put there) may come between the header and the first object.
    expect(reason(text(pdf.replace('%PDF-1.4\n', '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')))).toBe('accepted as pdf');
  });

  it('refuses a JPEG whose segments do not lead to a frame, a scan and an end of image', () => {
    const jpeg = Buffer.from(fixture('pixel.jpg'));
    const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    const cases = {
      'no end of image': jpeg.subarray(0, jpeg.length - 2),
      'a segment length past the end': Buffer.concat([jpeg.subarray(0, 4), Buffer.from([0xff, 0xff]), jpeg.subarray(6)]),
      'no frame header': Buffer.concat([jpeg.subarray(0, 2), jpeg.subarray(sos)]),
    };
    for (const [what, bytes] of Object.entries(cases)) expect(reason(new Uint8Array(bytes)), what).toBe('unknown-type');
    // A phone may append data after the end of image (a motion photo's video); the image is still one.
    expect(reason(new Uint8Array(Buffer.concat([jpeg, Buffer.from('ftypmp42 video')])))).toBe('accepted as jpeg');
  });

  it('refuses a PNG with a wrong checksum, a chunk cut off, no IEND or bytes after it', () => {
    const png = Buffer.from(fixture('pixel.png'));
    const broken = Buffer.from(png);
    broken[29] = broken[29]! ^ 0xff;
    const cases = {
      'a wrong checksum': broken,
      'a chunk cut off': png.subarray(0, 40),
      'no IEND': png.subarray(0, png.length - 12),
      'a page after IEND': Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]),
    };
    for (const [what, bytes] of Object.entries(cases)) expect(reason(new Uint8Array(bytes)), what).toBe('unknown-type');
  });
});

describe('an upload on disk', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'uploads-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const incoming = () => readdirSync(join(dataDir, 'uploads', '.incoming'));
  const id = '0b8f1c2e-4a4b-4c1d-9e7f-3a2b1c0d9e8f';

  it('streams a file to a temporary name, mode 0600 in folders of 0700, and says its size', async () => {
    const bytes = Buffer.from(fixture('minimal.pdf'));
    const received = await receiveUpload(dataDir, Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]));
    expect(received.size).toBe(bytes.length);
    expect(received.path).toMatch(new RegExp(`^${join(dataDir, 'uploads', '.incoming')}/[0-9a-f]{32}\\.part$`));
    expect(readFileSync(received.path)).toEqual(bytes);
    expect(statSync(received.path).mode & 0o777).toBe(0o600);
    for (const folder of ['uploads', 'uploads/.incoming']) expect(statSync(join(dataDir, folder)).mode & 0o777, folder).toBe(0o700);
  });

  it('stops at the limit the part reports and leaves nothing behind', async () => {
    const part = new PassThrough();
    const receiving = receiveUpload(dataDir, part);
    part.write(Buffer.alloc(1000));
    // As busboy does, once the upload is being received (it listens after making its folder).
    await vi.waitFor(() => expect(part.listenerCount('limit')).toBeGreaterThan(0), { timeout: 20_000 });
    part.emit('limit');
    await expect(receiving).rejects.toMatchObject({ limit: 'file' });
    await expect(receiving).rejects.toBeInstanceOf(UploadTooLarge);
    expect(incoming()).toEqual([]);
  });

  it("stops at the byte that passes what is left of the order's allowance, and not one before", async () => {
    const exact = await receiveUpload(dataDir, Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), { maxBytes: 1000 });
    expect(exact.size).toBe(1000);
    const over = receiveUpload(dataDir, Readable.from([Buffer.alloc(600), Buffer.alloc(401), Buffer.alloc(5000)]), { maxBytes: 1000 });
    await expect(over).rejects.toMatchObject({ limit: 'total' });
    expect(incoming()).toEqual([expect.stringMatching(/\.part$/)]);
  });

  it('leaves nothing behind when the stream fails mid-way', async () => {
    const part = new PassThrough();
    const receiving = receiveUpload(dataDir, part);
    part.write(Buffer.alloc(1000));
    part.destroy(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    await expect(receiving).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(incoming()).toEqual([]);
  });

  it('keeps a received file as uploads/order-<id>-<n>.<extension>, named by the submission, its place among the files and the detected kind only', async () => {
    const received = await receiveUpload(dataDir, Readable.from([Buffer.from(fixture('pixel.png'))]));
    const kept = await keepUpload(dataDir, received.path, id, 'png', 2);
    expect(kept).toBe(join(dataDir, 'uploads', `order-${id}-2.png`));
    expect(readFileSync(kept)).toEqual(Buffer.from(fixture('pixel.png')));
    expect(incoming()).toEqual([]);
  });

  it('never replaces a file already there', async () => {
    const first = await receiveUpload(dataDir, Readable.from([Buffer.from('first')]));
    await keepUpload(dataDir, first.path, id, 'pdf', 1);
    const second = await receiveUpload(dataDir, Readable.from([Buffer.from('second')]));
    await expect(keepUpload(dataDir, second.path, id, 'pdf', 1)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(dataDir, 'uploads', `order-${id}-1.pdf`), 'utf8')).toBe('first');
  });

  it("refuses an extension detectUpload never gives, an id that is no submission id or a place that is no file's of an order, so no path or page type can be smuggled in", async () => {
    const received = await receiveUpload(dataDir, Readable.from([Buffer.from('x')]));
    for (const extension of ['../pdf', 'html', 'pdf/x', '']) {
      await expect(keepUpload(dataDir, received.path, id, extension, 1), extension).rejects.toThrow(/not an upload extension/);
    }
    for (const bad of ['../../x', 'abc', `${id}/..`]) await expect(keepUpload(dataDir, received.path, bad, 'pdf', 1), bad).rejects.toThrow(/not a submission id/);
    for (const place of [0, 6, 1.5, Number.NaN, -1]) await expect(keepUpload(dataDir, received.path, id, 'pdf', place), String(place)).rejects.toThrow(/not a file's position/);
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual(['.incoming']);
  });

  it('clears what a stopped run left half-received', async () => {
    await receiveUpload(dataDir, Readable.from([Buffer.from('x')]));
    await receiveUpload(dataDir, Readable.from([Buffer.from('y')]));
    expect(await clearIncoming(dataDir)).toBe(2);
    expect(incoming()).toEqual([]);
    expect(await clearIncoming(join(dataDir, 'nothing-here'))).toBe(0);
  });
});
