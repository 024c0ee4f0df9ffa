import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filesIn, incomingUploads, orderFields, send, startApiServer, startApiWithStore, storedSubmissions, type ApiServer } from '../support/api.ts';
import { apiLimits, cleanFilename } from '../../src/server/api.ts';
import { uploadFormats } from '../../src/shared/file-check.ts';
import { fileSize } from '../../src/shared/format.ts';
import { multipart, pdfChunks, pdfOfSize, postOrder, uploadFixture as fixture, useOrderApi } from '../support/uploads.ts';

const mib = 1024 * 1024;
const invalid = 'Some fields are not filled in correctly. Please check the form.';

const rejected = {
  en: 'The file was not accepted because its content is not a PDF, JPG, PNG, DOCX, STL, PLY, OBJ or ZIP file.',
  nl: 'Het bestand is niet geaccepteerd, omdat de inhoud geen PDF-, JPG-, PNG-, DOCX-, STL-, PLY-, OBJ- of ZIP-bestand is.',
};
/** What a damaged file of an accepted kind is told: that it is damaged, never that only its own kind is allowed. */
const damaged = {
  stl: 'This is not a valid STL file: it is damaged or incomplete. Export the scan again and choose the new file.',
  docx: 'This Word file cannot be accepted: it is damaged, too large unpacked, or it contains macros, embedded programs or web pages. Save it again as a .docx or a PDF.',
  docxNl: "Dit Word-bestand kan niet worden geaccepteerd: het is beschadigd, uitgepakt te groot of het bevat macro's, ingesloten programma's of webpagina's. Sla het opnieuw op als .docx of als pdf.",
};

/** A browser-style FormData upload with fetch, as the order form sends it (the Blob is the one copy of the file the test holds). */
async function fetchOrder(origin: string, chunks: Uint8Array[], filename: string): Promise<{ status: number; headers: Headers; json: unknown }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(orderFields())) form.append(name, value);
  form.append('file', new Blob(chunks.map((chunk) => new Uint8Array(chunk))), filename);
  const response = await fetch(`${origin}/api/order?lang=nl`, { method: 'POST', body: form, headers: { Origin: origin } });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

describe('order uploads', () => {
  const uploads = useOrderApi();
  const { expectNothingKept } = uploads;

  it.each([
    ['minimal.pdf', 'pdf', 'PDF'],
    ['pixel.jpg', 'jpg', 'JPEG'],
    ['pixel.png', 'png', 'PNG'],
    ['letter.docx', 'docx', 'Word (DOCX)'],
    ['crown-ascii.stl', 'stl', 'STL'],
    ['crown-binary.stl', 'stl', 'STL'],
  ])("accepts %s, stores it as order-<id>-1.<kind> readable by the server only, attaches it under that name and type, and names the visitor's file in the text", async (name, extension, type) => {
    const bytes = fixture(name);
    const reply = await postOrder(uploads.api.port, orderFields(), [{ bytes, filename: `patient 12 ${name}` }]);
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);

    const row = storedSubmissions(uploads.api.dataDir).at(-1)!;
    expect(row.kind).toBe('order');
    expect(row.upload_name).toBe(`patient 12 ${name}`);
    expect(row.upload_path).toBe(join(uploads.api.dataDir, 'uploads', basename(row.upload_path!)));
    // Named by the submission's id, its place among the files and the kind the bytes are, never by the visitor's name for it.
    expect(basename(row.upload_path!)).toBe(`order-${row.id}-1.${extension}`);
    expect(row.files).toEqual([{ path: row.upload_path, name: `patient 12 ${name}`, kind: row.files[0]!.kind, size: bytes.length }]);
    expect(readFileSync(row.upload_path!).equals(bytes)).toBe(true);
    expect(statSync(row.upload_path!).mode & 0o777).toBe(0o600);
    expect(row.data).toEqual({
      dentistName: 'Dr. Jan Jansen',
      clinicName: 'Tandartspraktijk Centrum',
      email: 'jan@praktijk.nl',
      phone: '+31 6 12345678',
      serviceType: 'Zirconia crown 16',
      patientAge: 45,
      additionalInfo: 'Shade A2',
    });
    const [lab] = row.messages;
    expect(row.messages).toHaveLength(1);
    const mime = Object.values(uploadFormats).find((format) => format.extension === extension)!.mime;
    expect(lab?.attachments).toEqual([{ path: row.upload_path, filename: `order-${row.id}-1.${extension}`, contentType: mime }]);
    expect(lab?.text).toContain(`Bestand: patient 12 ${name} (${type}, `);
    expect(lab?.text).toContain('Het bestand zit als bijlage bij deze e-mail.');
  });

  it.each([
    ['an executable renamed drawing.pdf', 'drawing.pdf', rejected.en],
    ['a macro-enabled Word document (.docm)', 'macro.docm', damaged.docx],
    ['a truncated binary STL', 'crown-truncated.stl', damaged.stl],
    ['an ASCII STL without endsolid', 'crown-no-endsolid.stl', damaged.stl],
    ['a zip bomb named .docx', 'bomb.docx', damaged.docx],
  ])('refuses %s as a field error on file, saying why, keeping nothing', async (_what, name, message) => {
    const reply = await postOrder(uploads.api.port, orderFields(), [{ bytes: fixture(name), filename: name }]);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      success: false,
      error: 'Some fields are not filled in correctly. Please check the form.',
      fields: { file: message },
      files: [{ position: 1, name, error: message }],
    });
    expectNothingKept();
  });

  it('asks for a file when none is sent, or only the empty part of a form with no file chosen', async () => {
    const expected = { success: false, error: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.', fields: { file: 'Upload een bestand voordat u indient.' } };
    expect((await postOrder(uploads.api.port, orderFields(), [], 'nl')).json).toEqual(expected);
    expect((await postOrder(uploads.api.port, orderFields(), [{ bytes: Buffer.alloc(0), filename: '' }], 'nl')).json).toEqual(expected);
    expectNothingKept();
  });

  it('refuses an empty file with the empty-file message', async () => {
    const reply = await postOrder(uploads.api.port, orderFields(), [{ bytes: Buffer.alloc(0), filename: 'scan.stl' }], 'nl');
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      success: false,
      error: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.',
      fields: { file: 'Het bestand is leeg. Kies een ander bestand.' },
      files: [{ position: 1, name: 'scan.stl', error: 'Het bestand is leeg. Kies een ander bestand.' }],
    });
    expectNothingKept();
  });

  it('reports the fields and the file together, and stores a good file only when the fields pass too', async () => {
    const reply = await postOrder(uploads.api.port, orderFields({ email: 'not-an-address', dentistName: '' }), [{ bytes: fixture('macro.docm'), filename: 'order.docm' }], 'nl');
    expect(reply.json).toEqual({
      success: false,
      error: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.',
      fields: { dentistName: 'Vul de naam van de tandarts in.', email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.', file: damaged.docxNl },
      files: [{ position: 1, name: 'order.docm', error: damaged.docxNl }],
    });
    const good = await postOrder(uploads.api.port, orderFields({ phone: '12' }), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    expect(good.status).toBe(400);
    expect(good.json).toMatchObject({ fields: { phone: 'Enter a valid phone number, e.g. 06 12345678 or +31 6 12345678.' } });
    expectNothingKept();
  });

  it('treats blank text fields as absent, as the browser leaves them out', async () => {
    const reply = await postOrder(uploads.api.port, orderFields({ patientAge: '', patientName: '  ', additionalInfo: '' }), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    expect(reply.status).toBe(200);
    const row = storedSubmissions(uploads.api.dataDir).at(-1)!;
    expect(row.data).not.toHaveProperty('patientAge');
    expect(row.data).not.toHaveProperty('patientName');
    expect(row.messages[0]?.text).toContain('Leeftijd patiënt: (niet ingevuld)');
  });

  it('keeps the file name as one header-safe line of at most 200 characters', async () => {
    const reply = await postOrder(uploads.api.port, orderFields(), [{ bytes: fixture('pixel.png'), filename: `scan\u2028\u0085Bcc: x@evil.example ${'a'.repeat(300)}.png`, encoded: true }]);
    expect(reply.status).toBe(200);
    const name = storedSubmissions(uploads.api.dataDir).at(-1)!.upload_name!;
    expect(name).toHaveLength(200);
    expect(name).not.toMatch(/[\r\n\u0085\u2028]/);
    expect(name.startsWith('scan  Bcc: x@evil.example aaa')).toBe(true);
  });

  it('attaches a file named as a page or a program as what its bytes are, and shows its name without the controls that reorder text', async () => {
    for (const filename of ['invoice.html', 'setup.exe', 'scan\u202Egnp.exe', 'a\u2066b\u2069\u200Fc.png']) {
      const reply = await postOrder(uploads.api.port, orderFields(), [{ bytes: fixture('pixel.png'), filename, encoded: true }]);
      expect(reply.status, filename).toBe(200);
      const row = storedSubmissions(uploads.api.dataDir).at(-1)!;
      const shown = filename.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '');
      expect(row.messages[0]?.attachments, filename).toEqual([{ path: row.upload_path, filename: `order-${row.id}-1.png`, contentType: 'image/png' }]);
      expect(row.messages[0]?.text, filename).toContain(`Bestand: ${shown} (PNG, `);
      expect(row.messages[0]?.text, filename).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
    }
  });

  it('takes no file whose name holds a line break, so none can reach a header', async () => {
    const reply = await postOrder(uploads.api.port, orderFields(), [{ bytes: fixture('pixel.png'), filename: `scan\r\nBcc: x@evil.example.png`, encoded: true }]);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ fields: { file: 'Please upload a file before submitting.' } });
    expectNothingKept();
  });

  it.each([['a multipart body without its closing boundary', (body: Buffer) => body.subarray(0, body.length - 20)]])('answers %s with 400 malformed', async (_what, cut) => {
    const { body, type } = multipart(orderFields(), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    const broken = cut(body);
    const reply = await send(uploads.api.port, '/api/order?lang=en', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': broken.length }, body: broken });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ success: false, error: 'The form could not be read. Please reload the page and try again.' });
    expectNothingKept();
  });

  it('answers multipart without a boundary with 400 malformed', async () => {
    const noBoundary = await send(uploads.api.port, '/api/order', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data' }, body: 'x' });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.json).toEqual({ success: false, error: 'The form could not be read. Please reload the page and try again.' });
    expectNothingKept();
  });

  it('accepts a file of 10 MiB sent with fetch, as the browser sends FormData', async () => {
    const reply = await fetchOrder(uploads.api.origin, [pdfOfSize(10 * mib)], 'scan.pdf');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    expect(statSync(storedSubmissions(uploads.api.dataDir).at(-1)!.upload_path!).size).toBe(10 * mib);
  });

  it('answers a file of 50 MiB + 1 byte sent with fetch with a 413 the browser can read, naming the file, keeping nothing', async () => {
    const reply = await fetchOrder(uploads.api.origin, [...pdfChunks(50 * mib + 1)], 'scan.pdf');
    expect(reply.status).toBe(413);
    expect(reply.headers.get('connection')).toBe('close');
    expect(reply.json).toEqual({
      success: false,
      error: 'De aanvraag is te groot. Elk bestand mag maximaal 50 MB zijn, en alle bestanden samen maximaal 100 MB.',
      fields: { file: 'Het bestand is groter dan 50 MB. Kies een kleiner bestand.' },
      files: [{ position: 1, name: 'scan.pdf', error: 'Het bestand is groter dan 50 MB. Kies een kleiner bestand.' }],
    });
    expectNothingKept();
  });

  it('cuts the upload off while it streams: a 413 arrives while the body is still being sent', async () => {
    const { body, type } = multipart(orderFields(), [{ bytes: Buffer.alloc(0), filename: 'scan.pdf' }]);
    // The form's fields and the file's part headers, then more than 50 MiB of the file, and no end.
    const head = body.subarray(0, body.indexOf('\r\n\r\n', body.lastIndexOf('filename=')) + 4);
    const reply = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      // Chunked, and the end never sent: only a server that stops at the limit can answer.
      const req = request({ host: '127.0.0.1', port: uploads.api.port, path: '/api/order?lang=en', method: 'POST', headers: { 'Content-Type': type }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }));
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.write(head);
      const file = pdfChunks(50 * mib + 64 * 1024);
      const pump = () => {
        for (let next = file.next(); !next.done; next = file.next()) if (!req.write(next.value)) return void req.once('drain', pump);
      };
      pump();
    });
    expect(reply).toEqual({
      status: 413,
      json: {
        success: false,
        error: 'The request is too large. Each file may be at most 50 MB, and all files together at most 100 MB.',
        fields: { file: 'The file is larger than 50 MB. Please choose a smaller file.' },
        files: [{ position: 1, name: 'scan.pdf', error: 'The file is larger than 50 MB. Please choose a smaller file.' }],
      },
    });
    expectNothingKept();
  });

  it('refuses a body whose Content-Length is over the limit before it is sent, when the client waits for 100 Continue', async () => {
    const result = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = request(
        {
          host: '127.0.0.1',
          port: uploads.api.port,
          path: '/api/order',
          method: 'POST',
          headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': apiLimits.multipartBytes + 1, Expect: '100-continue' },
          agent: false,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
        },
      );
      req.on('continue', () => {
        continued = true;
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(result).toEqual({ status: 413, continued: false });
  });

  it('sends 100 Continue for a body it will read and then takes the order', async () => {
    const { body, type } = multipart(orderFields(), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: uploads.api.port, path: '/api/order', method: 'POST', headers: { 'Content-Type': type, 'Content-Length': body.length, Expect: '100-continue' }, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('continue', () => req.end(body));
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(200);
  });

  it('never serves a stored upload over HTTP', async () => {
    await postOrder(uploads.api.port, orderFields(), [{ bytes: fixture('minimal.pdf'), filename: 'scan.pdf' }]);
    const name = basename(storedSubmissions(uploads.api.dataDir).at(-1)!.upload_path!);
    for (const path of [`/uploads/${name}`, `/data/uploads/${name}`, `/../data/uploads/${name}`]) {
      expect((await send(uploads.api.port, path)).status, path).not.toBe(200);
    }
  });
});

describe('an order with several files', () => {
  const uploads = useOrderApi();
  const { expectNothingKept } = uploads;

  it("stores the files in the order they were sent, each as order-<id>-<n>.<kind> with the sender's name, and the lab's mail lists and attaches them", async () => {
    const sent = [
      { bytes: fixture('crown-binary.stl'), filename: 'upper jaw.stl', kind: 'stl', type: 'STL', mime: 'model/stl' },
      { bytes: fixture('pixel.png'), filename: 'shade photo.png', kind: 'png', type: 'PNG', mime: 'image/png' },
      { bytes: fixture('minimal.pdf'), filename: 'prescription.pdf', kind: 'pdf', type: 'PDF', mime: 'application/pdf' },
    ];
    const reply = await postOrder(uploads.api.port, orderFields(), sent);
    expect(reply.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    const row = storedSubmissions(uploads.api.dataDir).at(-1)!;
    const extension = (kind: string) => (kind === 'jpeg' ? 'jpg' : kind);
    expect(row.files).toEqual(
      sent.map((file, index) => ({
        path: join(uploads.api.dataDir, 'uploads', `order-${row.id}-${index + 1}.${extension(file.kind)}`),
        name: file.filename,
        kind: file.kind,
        size: file.bytes.length,
      })),
    );
    for (const [index, file] of sent.entries()) expect(readFileSync(row.files[index]!.path).equals(file.bytes)).toBe(true);
    const [lab] = row.messages;
    const total = sent.reduce((sum, file) => sum + file.bytes.length, 0);
    expect(lab?.text).toContain(
      [
        `Bestanden (3, samen ${fileSize(total, 'nl')}):`,
        ...sent.map((file, index) => `${index + 1}. ${file.filename} (${file.type}, ${fileSize(file.bytes.length, 'nl')})`),
        'De bestanden zitten als bijlage bij deze e-mail.',
      ].join('\n'),
    );
    expect(lab?.attachments).toEqual(sent.map((file, index) => ({ path: row.files[index]!.path, filename: `order-${row.id}-${index + 1}.${extension(file.kind)}`, contentType: file.mime })));
  });

  it('refuses the whole order when one file among good ones is refused, naming that file by its place, and keeps none of them', async () => {
    const reply = await postOrder(uploads.api.port, orderFields(), [
      { bytes: fixture('pixel.png'), filename: 'photo.png' },
      { bytes: fixture('drawing.pdf'), filename: 'drawing.pdf' },
      { bytes: fixture('crown-ascii.stl'), filename: 'crown.stl' },
      { bytes: fixture('crown-truncated.stl'), filename: 'crown 2.stl' },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      success: false,
      error: invalid,
      fields: { file: `drawing.pdf: ${rejected.en} crown 2.stl: ${damaged.stl}` },
      files: [
        { position: 2, name: 'drawing.pdf', error: rejected.en },
        { position: 4, name: 'crown 2.stl', error: damaged.stl },
      ],
    });
    expectNothingKept();
  });

  it('takes exactly five files and refuses a sixth with a message of its own, keeping nothing', async () => {
    const file = (n: number) => ({ bytes: fixture('pixel.png'), filename: `photo ${n}.png` });
    const five = await postOrder(uploads.api.port, orderFields(), [1, 2, 3, 4, 5].map(file));
    expect(five.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    expect(
      storedSubmissions(uploads.api.dataDir)
        .at(-1)!
        .files.map((kept) => kept.name),
    ).toEqual(['photo 1.png', 'photo 2.png', 'photo 3.png', 'photo 4.png', 'photo 5.png']);
    // The five are kept: what follows must keep nothing more.
    uploads.rebase();
    for (const lang of ['en', 'nl'] as const) {
      const six = await postOrder(uploads.api.port, orderFields(), [1, 2, 3, 4, 5, 6].map(file), lang);
      const message = lang === 'en' ? 'At most 5 files can be sent with one order.' : 'Per opdracht kunt u maximaal 5 bestanden insturen.';
      expect(six.status).toBe(400);
      expect(six.json).toEqual({
        success: false,
        error: lang === 'en' ? invalid : 'Niet alle velden zijn goed ingevuld. Controleer het formulier.',
        fields: { file: message },
        files: [{ position: 6, name: '', error: message }],
      });
    }
    // A file part of another name counts too: busboy stops at the sixth file part, whatever it is called.
    const other = await postOrder(uploads.api.port, orderFields(), [...[1, 2, 3, 4, 5].map(file), { ...file(6), field: 'attachment' }]);
    expect(other.status).toBe(400);
    expectNothingKept();
  });

  it('attaches files of exactly 15 MiB together, and above that lists them with their total and the desk command that fetches them', async () => {
    const half = (15 * mib) / 2;
    const attached = await postOrder(uploads.api.port, orderFields(), [
      { bytes: pdfOfSize(half), filename: 'scan 1.pdf' },
      { bytes: pdfOfSize(half), filename: 'scan 2.pdf' },
    ]);
    expect(attached.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    const first = storedSubmissions(uploads.api.dataDir).at(-1)!;
    expect(first.messages[0]?.attachments?.map((file) => file.filename)).toEqual([`order-${first.id}-1.pdf`, `order-${first.id}-2.pdf`]);
    expect(first.messages[0]?.text).toContain('De bestanden zitten als bijlage bij deze e-mail.');
    expect(first.messages[0]?.text).not.toContain('npm run submissions');

    const listed = await postOrder(uploads.api.port, orderFields(), [
      { bytes: pdfOfSize(half), filename: 'scan 1.pdf' },
      { bytes: pdfOfSize(half + 1), filename: 'scan 2.pdf' },
    ]);
    expect(listed.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
    const second = storedSubmissions(uploads.api.dataDir).at(-1)!;
    expect(second.messages[0]?.attachments).toBeUndefined();
    expect(second.messages[0]?.attachment).toBeUndefined();
    expect(second.files.map((file) => file.size)).toEqual([half, half + 1]);
    expect(second.messages[0]?.text).toContain(
      [
        `Bestanden (2, samen ${fileSize(15 * mib + 1, 'nl')}):`,
        `1. scan 1.pdf (PDF, ${fileSize(half, 'nl')})`,
        `2. scan 2.pdf (PDF, ${fileSize(half + 1, 'nl')})`,
        `In totaal ${fileSize(15 * mib + 1, 'nl')}: te groot om als bijlage mee te sturen. Haal de bestanden op met dit commando, met aan het eind de map waarin ze moeten komen:`,
        `npm run submissions -- files ${second.id} <folder>`,
      ].join('\n'),
    );
  });

  it('keeps no file of an order whose text fields are refused, and says so for the fields alone', async () => {
    const reply = await postOrder(uploads.api.port, orderFields({ email: 'nope' }), [
      { bytes: fixture('pixel.png'), filename: 'a.png' },
      { bytes: fixture('pixel.jpg'), filename: 'b.jpg' },
    ]);
    expect(reply.json).toEqual({ success: false, error: invalid, fields: { email: 'Enter a valid e-mail address, e.g. name@example.com.' } });
    expectNothingKept();
  });
});

/** Characters a file's name may carry that a mail, a terminal or a path must not take as they are. */
const nameUnit = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\u0007',
      '\t',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u2028',
      '\u2029',
      '\u202e',
      '\u202d',
      '\u2066',
      '\u2069',
      '\u200f',
      '\u061c',
      '/',
      '\\',
      '..',
      ':',
      '"',
      "'",
      ';',
      '%',
      '*',
      '<',
      '>',
      '|',
      '?',
      ' ',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom('é', 'ß', 'ø', '😀', '中', 'ي') },
  { weight: 5, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
);
/** A sender's name for a file: empty, short and hostile, or up to 10 KB long. */
const hostileName = fc.oneof(
  fc.constant(''),
  fc.string({ unit: nameUnit, maxLength: 40 }),
  fc
    .tuple(fc.string({ unit: nameUnit, maxLength: 20 }), fc.integer({ min: 200, max: 10_000 }), fc.constantFrom('a', 'é', '\u202e', '/'))
    .map(([start, bytes, filler]) => `${start}${filler.repeat(Math.floor(bytes / Buffer.byteLength(filler)))}.png`),
);

/** The name as busboy hands it on: what follows the last / or \\ (a browser sends no path). */
function busboyName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  return base === '.' || base === '..' ? '' : base;
}

/** What may never be in a name the server keeps or shows: controls, the marks that reorder text, a path. */
function expectClean(name: string): void {
  expect([...name].length).toBeLessThanOrEqual(200);
  expect(name).not.toMatch(/[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069/\\]/u);
  expect(name).toBe(name.trim());
}

describe('file names and fields, many generated cases', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer({ rateLimit: 100_000 });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('keeps any name the sender gives as one clean line of at most 200 characters, and each file under a name of its own making', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileName, { minLength: 1, maxLength: 3 }), async (names) => {
        const reply = await postOrder(
          api.port,
          orderFields(),
          names.map((filename) => ({ bytes: fixture('pixel.png'), filename, encoded: true })),
        );
        expect(reply.status, reply.text).toBeLessThan(500);
        expect(reply.status).toBe(200);
        const row = storedSubmissions(api.dataDir).at(-1)!;
        expect(row.files).toHaveLength(names.length);
        for (const [index, file] of row.files.entries()) {
          expect(basename(file.path)).toBe(`order-${row.id}-${index + 1}.png`);
          expectClean(file.name);
          const cleaned = cleanFilename(busboyName(names[index]!));
          expect(file.name).toBe(cleaned || `upload-${index + 1}.png`);
        }
        // Every file line of the mail stays one line, whatever the names held.
        const text = row.messages[0]!.text;
        const lines = text.split('\n');
        const at = lines.findIndex((line) => /^(Bestand|Bestanden)\b/.test(line));
        const fileLines = names.length === 1 ? [lines[at]!] : lines.slice(at + 1, at + 1 + names.length);
        const size = fileSize(fixture('pixel.png').length, 'nl');
        for (const [index, line] of fileLines.entries()) expect(line).toBe(`${names.length === 1 ? 'Bestand: ' : `${index + 1}. `}${row.files[index]!.name} (PNG, ${size})`);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('names a refused file in the answer as cleanly as a kept one', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, async (filename) => {
        const reply = await postOrder(api.port, orderFields(), [
          { bytes: fixture('pixel.png'), filename: 'a.png' },
          { bytes: fixture('drawing.pdf'), filename, encoded: true },
        ]);
        expect(reply.status).toBe(400);
        const { files, fields } = reply.json as { files: { position: number; name: string }[]; fields: { file: string } };
        expect(files).toEqual([{ position: 2, name: cleanFilename(busboyName(filename)), error: rejected.en }]);
        expectClean(files[0]!.name);
        expect(fields.file).toBe(files[0]!.name ? `${files[0]!.name}: ${rejected.en}` : rejected.en);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  /** One part of a generated order: a good file, a refused one, an empty one, or a file part of another name. */
  type Part = 'png' | 'stl' | 'refused' | 'empty' | 'other';
  const parts: Record<Exclude<Part, 'other'>, Buffer> = { png: fixture('pixel.png'), stl: fixture('crown-ascii.stl'), refused: fixture('macro.docm'), empty: Buffer.alloc(0) };

  it('answers any mix of files, refused files, empty files, parts of other names and fields as the limits and the checks say', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom<Part>('png', 'stl', 'refused', 'empty', 'other'), { maxLength: 7 }), fc.boolean(), async (order, goodFields) => {
        const before = storedSubmissions(api.dataDir).length;
        const sent = order.map((part, index) =>
          part === 'other' ? { bytes: parts.png, filename: `other ${index}.png`, field: 'attachment' } : { bytes: parts[part], filename: `${part} ${index}.bin` },
        );
        const reply = await postOrder(api.port, orderFields(goodFields ? {} : { email: 'nope' }), sent);
        expect(reply.status, reply.text).toBeLessThan(500);
        const files = order.filter((part) => part !== 'other');
        const named = sent.filter((part) => !('field' in part));
        if (order.length > 5) {
          expect(reply.status).toBe(400);
          expect(reply.json).toMatchObject({ fields: { file: 'At most 5 files can be sent with one order.' }, files: [{ position: 6 }] });
        } else {
          const problems = files.flatMap((part, index) =>
            part === 'refused' || part === 'empty'
              ? [{ position: index + 1, name: named[index]!.filename, error: part === 'empty' ? 'The file is empty. Please choose another file.' : damaged.docx }]
              : [],
          );
          const fields: Record<string, string> = goodFields ? {} : { email: 'Enter a valid e-mail address, e.g. name@example.com.' };
          if (files.length === 0) fields.file = 'Please upload a file before submitting.';
          else if (problems.length > 0) fields.file = problems.map((problem) => (files.length > 1 ? `${problem.name}: ${problem.error}` : problem.error)).join(' ');
          if (Object.keys(fields).length === 0) {
            expect(reply.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
            expect(
              storedSubmissions(api.dataDir)
                .at(-1)!
                .files.map((file) => file.name),
            ).toEqual(named.map((part) => part.filename));
          } else {
            expect(reply.json).toEqual({ success: false, error: invalid, fields, ...(problems.length > 0 ? { files: problems } : {}) });
            expect(storedSubmissions(api.dataDir)).toHaveLength(before);
          }
        }
        expect(incomingUploads(api.dataDir)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  }, 180_000);
});

describe('an order the store cannot take', () => {
  let api: Awaited<ReturnType<typeof startApiWithStore>> | undefined;
  let root: string;
  afterEach(async () => {
    await api?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 500 and removes the file it had stored', async () => {
    root = mkdtempSync(join(tmpdir(), 'api-upload-fault-'));
    api = await startApiWithStore(
      {
        save: () => {
          throw new Error('disk full');
        },
      },
      root,
    );
    const reply = await postOrder(api.port, orderFields(), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    expect(reply.status).toBe(500);
    expect(filesIn(root, 'uploads')).toEqual([]);
  });
});

describe('an answer given while the body still arrives', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer();
  });
  afterAll(async () => {
    await api?.stop();
  });

  // The client reads nothing for a while and keeps sending: the answer waits in its system's buffer. Had the
  // server destroyed the socket once the answer was out, the bytes still coming would make the server reset
  // the connection, and a reset drops what the client had not read: it would see ECONNRESET, never the 413.
  it('ends the connection in order (the 413 is read after the client has gone on sending for a while), then closes it', async () => {
    const socket = connect(api.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.pause();
    socket.write(
      `POST /api/order?lang=en HTTP/1.1\r\nHost: 127.0.0.1:${api.port}\r\nOrigin: ${api.origin}\r\n` + `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${500 * 1024 * 1024}\r\n\r\n`,
    );
    const received: Buffer[] = [];
    let failure: string | undefined;
    socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
    const closed = once(socket, 'close');
    // Sending on after the answer was written: 64 chunks of 16 KB, each once the last has left.
    const chunk = Buffer.alloc(16 * 1024, 0x41);
    for (let n = 0; n < 64 && !socket.destroyed; n++) {
      if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), closed]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    socket.on('data', (data: Buffer) => received.push(data));
    socket.resume();
    await closed;
    const text = Buffer.concat(received).toString('latin1');
    expect(failure, text).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
  }, 60_000);
});
