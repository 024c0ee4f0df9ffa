import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filesIn, incomingUploads, orderFields, send, startApiServer, startApiWithStore, storedSubmissions, type ApiServer } from '../support/api.ts';
import { uploadFormats } from '../../src/shared/file-check.ts';
import { multipart, pdfOfSize, postOrder, uploadFixture as fixture } from '../support/uploads.ts';

const mib = 1024 * 1024;

const rejected = {
  en: 'The file was not accepted because its content is not a PDF, JPG, PNG, DOCX or STL file.',
  nl: 'Het bestand is niet geaccepteerd, omdat de inhoud geen PDF-, JPG-, PNG-, DOCX- of STL-bestand is.',
};

/** A browser-style FormData upload with fetch, as the order form sends it. */
async function fetchOrder(origin: string, bytes: Uint8Array, filename: string): Promise<{ status: number; headers: Headers; json: unknown }> {
  const form = new FormData();
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  for (const [name, value] of Object.entries(orderFields())) form.append(name, value);
  form.append('file', new Blob([copy]), filename);
  const response = await fetch(`${origin}/api/order?lang=nl`, { method: 'POST', body: form, headers: { Origin: origin } });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

/** A "PDF" of exactly `size` bytes: the upload check reads the signature, the rest is padding. */

describe('order uploads', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer();
  });
  afterAll(async () => {
    await api?.stop();
  });

  let before: number;
  let stored: number;
  beforeEach(() => {
    before = storedSubmissions(api.dataDir).length;
    stored = filesIn(api.dataDir, 'uploads').length;
  });
  /** Nothing of a refused order is stored, in the database or on disk. */
  const expectNothingKept = () => {
    expect(storedSubmissions(api.dataDir)).toHaveLength(before);
    expect(filesIn(api.dataDir, 'uploads')).toHaveLength(stored);
    expect(incomingUploads(api.dataDir)).toEqual([]);
  };

  it.each([
    ['minimal.pdf', 'pdf', 'PDF'],
    ['pixel.jpg', 'jpg', 'JPEG'],
    ['pixel.png', 'png', 'PNG'],
    ['letter.docx', 'docx', 'Word (DOCX)'],
    ['crown-ascii.stl', 'stl', 'STL'],
    ['crown-binary.stl', 'stl', 'STL'],
  ])('accepts %s, stores it as order-<id>.<kind> readable by the server only, attaches it under that name and type, and names the visitor\'s file in the text', async (name, extension, type) => {
    const bytes = fixture(name);
    const reply = await postOrder(api.port, orderFields(), [{ bytes, filename: `patient 12 ${name}` }]);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('{"success":true}');

    const row = storedSubmissions(api.dataDir).at(-1)!;
    expect(row.kind).toBe('order');
    expect(row.upload_name).toBe(`patient 12 ${name}`);
    expect(row.upload_path).toBe(join(api.dataDir, 'uploads', basename(row.upload_path!)));
    // Named by the submission's id and the kind the bytes are, never by the visitor's name for it.
    expect(basename(row.upload_path!)).toBe(`order-${row.id}.${extension}`);
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
    expect(lab?.attachment).toEqual({ path: row.upload_path, filename: `order-${row.id}.${extension}`, contentType: mime });
    expect(lab?.text).toContain(`Bestand: patient 12 ${name} (${type}, `);
  });

  it.each([
    ['an executable renamed drawing.pdf', 'drawing.pdf'],
    ['a macro-enabled Word document (.docm)', 'macro.docm'],
    ['a truncated binary STL', 'crown-truncated.stl'],
    ['an ASCII STL without endsolid', 'crown-no-endsolid.stl'],
    ['a zip bomb named .docx', 'bomb.docx'],
  ])('refuses %s as a field error on file, keeping nothing', async (_what, name) => {
    const reply = await postOrder(api.port, orderFields(), [{ bytes: fixture(name), filename: name }]);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ success: false, error: 'Some fields are not filled in correctly. Please check the form.', fields: { file: rejected.en } });
    expectNothingKept();
  });

  it('asks for a file when none is sent, or only the empty part of a form with no file chosen', async () => {
    const expected = { success: false, error: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.', fields: { file: 'Upload een bestand voordat u indient.' } };
    expect((await postOrder(api.port, orderFields(), [], 'nl')).json).toEqual(expected);
    expect((await postOrder(api.port, orderFields(), [{ bytes: Buffer.alloc(0), filename: '' }], 'nl')).json).toEqual(expected);
    expectNothingKept();
  });

  it('refuses an empty file with the empty-file message', async () => {
    const reply = await postOrder(api.port, orderFields(), [{ bytes: Buffer.alloc(0), filename: 'scan.stl' }], 'nl');
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ success: false, error: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.', fields: { file: 'Het bestand is leeg. Kies een ander bestand.' } });
    expectNothingKept();
  });

  it('reports the fields and the file together, and stores a good file only when the fields pass too', async () => {
    const reply = await postOrder(api.port, orderFields({ email: 'not-an-address', dentistName: '' }), [{ bytes: fixture('macro.docm'), filename: 'order.docm' }], 'nl');
    expect(reply.json).toEqual({
      success: false,
      error: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.',
      fields: { dentistName: 'Vul dit veld in.', email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.', file: rejected.nl },
    });
    const good = await postOrder(api.port, orderFields({ phone: '12' }), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    expect(good.status).toBe(400);
    expect(good.json).toMatchObject({ fields: { phone: 'Enter a valid phone number, e.g. 06 12345678 or +31 6 12345678.' } });
    expectNothingKept();
  });

  it('treats blank text fields as absent, as the browser leaves them out', async () => {
    const reply = await postOrder(api.port, orderFields({ patientAge: '', patientName: '  ', additionalInfo: '' }), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    expect(reply.status).toBe(200);
    const row = storedSubmissions(api.dataDir).at(-1)!;
    expect(row.data).not.toHaveProperty('patientAge');
    expect(row.data).not.toHaveProperty('patientName');
    expect(row.messages[0]?.text).toContain('Leeftijd patiënt: (niet ingevuld)');
  });

  it('keeps the file name as one header-safe line of at most 200 characters', async () => {
    const reply = await postOrder(api.port, orderFields(), [{ bytes: fixture('pixel.png'), filename: `scan\u2028\u0085Bcc: x@evil.example ${'a'.repeat(300)}.png`, encoded: true }]);
    expect(reply.status).toBe(200);
    const name = storedSubmissions(api.dataDir).at(-1)!.upload_name!;
    expect(name).toHaveLength(200);
    expect(name).not.toMatch(/[\r\n\u0085\u2028]/);
    expect(name.startsWith('scan  Bcc: x@evil.example aaa')).toBe(true);
  });

  it('attaches a file named as a page or a program as what its bytes are, and shows its name without the controls that reorder text', async () => {
    for (const filename of ['invoice.html', 'setup.exe', 'scan\u202Egnp.exe', 'a\u2066b\u2069\u200Fc.png']) {
      const reply = await postOrder(api.port, orderFields(), [{ bytes: fixture('pixel.png'), filename, encoded: true }]);
      expect(reply.status, filename).toBe(200);
      const row = storedSubmissions(api.dataDir).at(-1)!;
      const shown = filename.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '');
      expect(row.messages[0]?.attachment, filename).toEqual({ path: row.upload_path, filename: `order-${row.id}.png`, contentType: 'image/png' });
      expect(row.messages[0]?.text, filename).toContain(`Bestand: ${shown} (PNG, `);
      expect(row.messages[0]?.text, filename).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
    }
  });

  it('takes no file whose name holds a line break, so none can reach a header', async () => {
    const reply = await postOrder(api.port, orderFields(), [{ bytes: fixture('pixel.png'), filename: `scan\r\nBcc: x@evil.example.png`, encoded: true }]);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ fields: { file: 'Please upload a file before submitting.' } });
    expectNothingKept();
  });

  it.each([
    ['a multipart body without its closing boundary', (body: Buffer) => body.subarray(0, body.length - 20)],
  ])('answers %s with 400 malformed', async (_what, cut) => {
    const { body, type } = multipart(orderFields(), [{ bytes: fixture('pixel.png'), filename: 'photo.png' }]);
    const broken = cut(body);
    const reply = await send(api.port, '/api/order?lang=en', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': broken.length }, body: broken });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ success: false, error: 'The form could not be read. Please reload the page and try again.' });
    expectNothingKept();
  });

  it('answers multipart without a boundary, or with two files, with 400 malformed', async () => {
    const noBoundary = await send(api.port, '/api/order', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data' }, body: 'x' });
    expect(noBoundary.status).toBe(400);
    const two = await postOrder(api.port, orderFields(), [
      { bytes: fixture('pixel.png'), filename: 'a.png' },
      { bytes: fixture('pixel.jpg'), filename: 'b.jpg' },
    ]);
    expect(two.status).toBe(400);
    expect(two.json).toEqual({ success: false, error: 'The form could not be read. Please reload the page and try again.' });
    expectNothingKept();
  });

  it('accepts a file of exactly 10 MiB sent with fetch', async () => {
    const reply = await fetchOrder(api.origin, pdfOfSize(10 * mib), 'scan.pdf');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ success: true });
    expect(statSync(storedSubmissions(api.dataDir).at(-1)!.upload_path!).size).toBe(10 * mib);
  });

  it('answers a file of 10 MiB + 1 byte sent with fetch with a 413 the browser can read, keeping nothing', async () => {
    const reply = await fetchOrder(api.origin, pdfOfSize(10 * mib + 1), 'scan.pdf');
    expect(reply.status).toBe(413);
    expect(reply.headers.get('connection')).toBe('close');
    expect(reply.json).toEqual({ success: false, error: 'De aanvraag is te groot. Een bestand mag maximaal 10 MB zijn.' });
    expectNothingKept();
  });

  it('cuts the upload off while it streams: a 413 arrives while the body is still being sent', async () => {
    const { body, type } = multipart(orderFields(), [{ bytes: pdfOfSize(10 * mib + 1_000), filename: 'scan.pdf' }]);
    // All but the last 100 bytes: more than 10 MiB of file, and no end.
    const head = body.subarray(0, body.length - 100);
    const reply = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      // Chunked, and the end never sent: only a server that stops at the limit can answer.
      const req = request({ host: '127.0.0.1', port: api.port, path: '/api/order?lang=en', method: 'POST', headers: { 'Content-Type': type }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }));
      });
      req.on('error', reject);
      req.write(head);
    });
    expect(reply).toEqual({ status: 413, json: { success: false, error: 'The request is too large. A file may be at most 10 MB.' } });
    expectNothingKept();
  });

  it('refuses a body whose Content-Length is over the limit before it is sent, when the client waits for 100 Continue', async () => {
    const result = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = request(
        {
          host: '127.0.0.1',
          port: api.port,
          path: '/api/order',
          method: 'POST',
          headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': 30 * mib, Expect: '100-continue' },
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
        { host: '127.0.0.1', port: api.port, path: '/api/order', method: 'POST', headers: { 'Content-Type': type, 'Content-Length': body.length, Expect: '100-continue' }, agent: false },
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
    await postOrder(api.port, orderFields(), [{ bytes: fixture('minimal.pdf'), filename: 'scan.pdf' }]);
    const name = basename(storedSubmissions(api.dataDir).at(-1)!.upload_path!);
    for (const path of [`/uploads/${name}`, `/data/uploads/${name}`, `/../data/uploads/${name}`]) {
      expect((await send(api.port, path)).status, path).not.toBe(200);
    }
  });
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
