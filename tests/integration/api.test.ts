import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestLanguage } from '../../src/server/api.ts';
import { defaultConfirmationsPerDay } from '../../src/server/store.ts';
import { appointment, contact, filesIn, pendingMails, postJson, send, startApiServer, startApiWithStore, storedSubmissions, testimonial, type ApiServer } from '../support/api.ts';
import { header, parsePart, textOf, waitFor } from '../support/smtp.ts';

const appointmentPath = '/api/AppointmentBooking.php';

const en = {
  invalid: 'Some fields are not filled in correctly. Please check the form.',
  malformed: 'The form could not be read. Please reload the page and try again.',
  tooLarge: 'The request is too large. Each file may be at most 50 MB, and all files together at most 100 MB.',
  unsupportedType: 'The form was sent in a format the server does not accept.',
  forbidden: 'This form can only be sent from our own website.',
  notFound: 'There is no form at this address.',
  methodNotAllowed: 'This address only accepts a sent form (POST).',
  server: 'Something went wrong on our side. Please try again later or call us.',
};
const nl = {
  invalid: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.',
  malformed: 'Het formulier kon niet worden gelezen. Laad de pagina opnieuw en probeer het nog eens.',
  tooLarge: 'De aanvraag is te groot. Elk bestand mag maximaal 50 MB zijn, en alle bestanden samen maximaal 100 MB.',
  unsupportedType: 'Het formulier is verstuurd in een vorm die de server niet accepteert.',
  forbidden: 'Dit formulier kan alleen vanaf onze eigen website worden verstuurd.',
  notFound: 'Op dit adres staat geen formulier.',
  methodNotAllowed: 'Dit adres accepteert alleen een verzonden formulier (POST).',
  server: 'Er ging bij ons iets mis. Probeer het later opnieuw of bel ons.',
};

describe('the forms API', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer();
  });
  afterAll(async () => {
    await api?.stop();
  });

  describe('a valid submission', () => {
    it('answers {"success":true} with the reference the sender is shown, as uncached JSON, and the appointment is in the SQLite file, under that reference, when the answer arrives', async () => {
      const before = storedSubmissions(api.dataDir).length;
      const reply = await postJson(api.port, `${appointmentPath}?lang=nl`, appointment({ FullName: 'Sanne Bakker', ExtraKey: 'ignored' }));
      // Read at once, through another connection: the row must already be committed.
      const stored = storedSubmissions(api.dataDir);

      expect(reply.status).toBe(200);
      expect(reply.text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(stored).toHaveLength(before + 1);
      const row = stored.at(-1)!;
      // The reference is the stored id's first 8 hex digits, which the desk resolves; both mails carry it.
      const { reference } = JSON.parse(reply.text) as { reference: string };
      expect(row.id.replace(/-/g, '').slice(0, 8).toUpperCase()).toBe(reference.replace('-', ''));
      expect(row.messages.map((m) => m.subject.endsWith(` [${reference}]`) || m.text.includes(`Referentie: ${reference}`))).toEqual([true, true]);
      expect(row.messages[0]!.text).toContain(`Referentie: ${reference}`);
      expect(row.kind).toBe('appointment');
      expect(row.lang).toBe('nl');
      expect(row.data).toEqual({
        FullName: 'Sanne Bakker',
        EmailAddress: 'anna@example.nl',
        PhoneNumber: '06-12345678',
        Service: 'crowns_bridges',
        PreferredDate: appointment().PreferredDate,
        PreferredTime: '10:30',
        AdditionalMessage: 'Graag in de ochtend.',
      });
      expect(row.messages.map((m) => m.to)).toEqual(['info@example.nl', 'anna@example.nl']);
    });

    it('stores a contact message and a testimonial for review, each with one mail to the lab', async () => {
      const before = storedSubmissions(api.dataDir).length;
      expect((await postJson(api.port, '/api/contact', contact())).text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
      expect((await postJson(api.port, '/api/testimonial', testimonial())).text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
      const [message, review] = storedSubmissions(api.dataDir).slice(before);
      expect(message?.kind).toBe('contact');
      expect(message?.data).toEqual({ name: 'Jan Jansen', email: 'jan@example.nl', subject: 'Opening hours', message: 'Are you open on Saturdays?' });
      expect(message?.messages.map((m) => m.to)).toEqual(['info@example.nl']);
      expect(review?.kind).toBe('testimonial');
      expect(review?.data).toEqual({ name: 'Dr. Pieters', role: 'Dentist, Utrecht', text: 'Crowns that fit the first time.', rating: 5, consent: true });
      expect(review?.messages.map((m) => m.subject)).toEqual([expect.stringMatching(/^Ervaring van Dr\. Pieters ter beoordeling \[[0-9A-F]{4}-[0-9A-F]{4}\]$/)]);
    });
  });

  describe('field errors', () => {
    const bad = appointment({
      FullName: ' ',
      EmailAddress: 'anna@',
      PhoneNumber: '12',
      Service: 'whitening',
      PreferredDate: '2020-01-01',
      PreferredTime: '25:00',
      AdditionalMessage: 'x'.repeat(2001),
    });

    it('answers 400 with the general error and the first message of each field, in English, {max} filled in', async () => {
      const reply = await postJson(api.port, `${appointmentPath}?lang=en`, bad);
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({
        success: false,
        error: en.invalid,
        fields: {
          FullName: 'Enter your name.',
          EmailAddress: 'Enter a valid e-mail address, e.g. name@example.com.',
          PhoneNumber: 'Enter a valid phone number, e.g. 06 12345678 or +31 6 12345678.',
          Service: 'Choose a service.',
          PreferredDate: 'Choose today or a later date.',
          PreferredTime: 'Choose a time.',
          AdditionalMessage: 'Use at most 2000 characters.',
        },
      });
    });

    it('gives the same verdict in Dutch for ?lang=nl', async () => {
      const reply = await postJson(api.port, `${appointmentPath}?lang=nl`, bad);
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({
        success: false,
        error: nl.invalid,
        fields: {
          FullName: 'Vul uw naam in.',
          EmailAddress: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
          PhoneNumber: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of +31 6 12345678.',
          Service: 'Kies een dienst.',
          PreferredDate: 'Kies vandaag of een latere datum.',
          PreferredTime: 'Kies een tijd.',
          AdditionalMessage: 'Gebruik maximaal 2000 tekens.',
        },
      });
    });

    it('names every missing field of the contact and testimonial forms with what to fill in, and stores nothing', async () => {
      const before = storedSubmissions(api.dataDir).length;
      const message = await postJson(api.port, '/api/contact?lang=en', { _elapsedMs: 8000 });
      expect(message.json).toEqual({
        success: false,
        error: en.invalid,
        fields: { name: 'Enter your name.', email: 'Enter your e-mail address.', subject: 'Enter a subject.', message: 'Enter your message.' },
      });
      const review = await postJson(api.port, '/api/testimonial?lang=nl', testimonial({ rating: 6, consent: false, text: '' }));
      expect(review.json).toEqual({
        success: false,
        error: nl.invalid,
        fields: { text: 'Beschrijf uw ervaring.', rating: 'Kies een beoordeling van 1 tot en met 5 sterren.', consent: 'Bevestig dat wij uw ervaring mogen publiceren.' },
      });
      expect(storedSubmissions(api.dataDir)).toHaveLength(before);
    });
  });

  describe('language', () => {
    it('answers in the language of ?lang, else the first of English and Dutch in Accept-Language, else English', async () => {
      const ask = (query: string, acceptLanguage?: string) =>
        postJson(api.port, `/api/contact${query}`, '{', acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}).then((r) => (r.json as { error: string }).error);
      expect(await ask('?lang=nl', 'en')).toBe(nl.malformed);
      expect(await ask('?lang=en', 'nl')).toBe(en.malformed);
      expect(await ask('', 'de-DE, nl-BE;q=0.8, en;q=0.5')).toBe(nl.malformed);
      expect(await ask('?lang=fr', 'fr, en-GB;q=0.9, nl;q=0.8')).toBe(en.malformed);
      expect(await ask('', 'fr, de')).toBe(en.malformed);
      expect(await ask('')).toBe(en.malformed);
    });

    it('weighs Accept-Language by q, not only by order, and skips q=0', () => {
      const none = new URLSearchParams();
      expect(requestLanguage(none, 'en;q=0.3, nl;q=0.9')).toBe('nl');
      expect(requestLanguage(none, 'nl;q=0, en-US')).toBe('en');
      expect(requestLanguage(new URLSearchParams('lang=nl'), 'en')).toBe('nl');
    });
  });

  describe('bodies that cannot be read', () => {
    it.each([
      ['broken JSON', '{"name": "Jan"'],
      ['a JSON array', '[1, 2]'],
      ['JSON null', 'null'],
      ['an empty body', ''],
    ])('answers %s with 400 and the malformed text', async (_what, body) => {
      const reply = await postJson(api.port, '/api/contact?lang=nl', body);
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({ success: false, error: nl.malformed });
    });

    it('answers bytes that are not UTF-8 with 400 malformed', async () => {
      const reply = await send(api.port, '/api/contact?lang=en', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({ success: false, error: en.malformed });
    });
  });

  describe('content types', () => {
    it.each([
      ['/api/contact', 'text/plain'],
      ['/api/contact', 'application/x-www-form-urlencoded'],
      [appointmentPath, 'multipart/form-data; boundary=x'],
      ['/api/order', 'application/json'],
      ['/api/testimonial', ''],
    ])('answers POST %s as %s with 415', async (path, type) => {
      const reply = await send(api.port, `${path}?lang=en`, { method: 'POST', headers: type ? { 'Content-Type': type } : {}, body: '{}' });
      expect(reply.status).toBe(415);
      expect(reply.json).toEqual({ success: false, error: en.unsupportedType });
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it.each([
      ['/api/contact', '/contact', 'application/x-www-form-urlencoded', 'name=Jan&email=jan%40example.nl&subject=Hi&message=Hallo'],
      [appointmentPath, '/appointment', 'application/x-www-form-urlencoded', 'FullName=Jan'],
      ['/api/testimonial', '/testimonials', 'application/x-www-form-urlencoded', 'name=Jan'],
      [
        '/api/order',
        '/for-doctors',
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="dentistName"\r\n\r\nDr. Jansen\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="scan.stl"\r\nContent-Type: model/stl\r\n\r\n${'solid x\n'.repeat(20_000)}\r\n--x--\r\n`,
      ],
    ])('answers a form %s that the browser sent itself (no scripts ran) with a page saying it was not sent, and keeps nothing', async (path, page, type, body) => {
      const before = storedSubmissions(api.dataDir).length;
      const reply = await send(api.port, path, {
        method: 'POST',
        headers: { 'Content-Type': type, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', Referer: `http://127.0.0.1:${api.port}/nl${page}` },
        body,
      });
      expect(reply.status).toBe(400);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.text).toMatch(/^<!doctype html>\n<html lang="nl">/);
      expect(reply.text).toContain('<h1>Uw formulier is niet verstuurd</h1>');
      expect(reply.text).toContain(`<a href="/nl${page}">Terug naar het formulier</a>`);
      expect(reply.text).toContain('<a href="mailto:info@example.nl">info@example.nl</a>');
      expect(storedSubmissions(api.dataDir)).toHaveLength(before);
    });

    it('tells a browser without Sec-Fetch headers by its Accept, in English from an English page', async () => {
      const reply = await send(api.port, '/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', Referer: `http://127.0.0.1:${api.port}/contact` },
        body: 'name=Jan',
      });
      expect(reply.status).toBe(400);
      expect(reply.text).toContain('<h1>Your form has not been sent</h1>');
      expect(reply.text).toContain('<a href="/contact">Back to the form</a>');
      // A fetch from the page is answered as before.
      const fetched = await send(api.port, '/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Mode': 'cors' }, body: 'name=Jan' });
      expect(fetched.status).toBe(415);
    });

    it('takes application/json with a charset parameter', async () => {
      const reply = await send(api.port, '/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=UTF-8' }, body: JSON.stringify(contact()) });
      expect(reply.status).toBe(200);
    });
  });

  describe('paths and methods', () => {
    it("answers an unknown /api/ path with 404 JSON in the visitor's language", async () => {
      for (const path of ['/api/unknown', '/api/contact/', '/api/appointmentbooking.php']) {
        const reply = await postJson(api.port, `${path}?lang=nl`, contact());
        expect(reply.status, path).toBe(404);
        expect(reply.json, path).toEqual({ success: false, error: nl.notFound });
        expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    });

    it('answers other methods with 405, Allow: POST and the same JSON shape', async () => {
      for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
        const reply = await send(api.port, '/api/contact?lang=en', { method });
        expect(reply.status, method).toBe(405);
        expect(reply.headers.allow, method).toBe('POST');
        expect(reply.json, method).toEqual({ success: false, error: en.methodNotAllowed });
      }
      const head = await send(api.port, '/api/order', { method: 'HEAD' });
      expect(head.status).toBe(405);
      expect(head.headers.allow).toBe('POST');
      expect(head.text).toBe('');
    });

    it('leaves paths outside /api/ to the site', async () => {
      const page = await send(api.port, '/');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const missing = await send(api.port, '/apis/contact', { method: 'POST' });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    });
  });

  describe('origin', () => {
    it.each([
      ['another site', { Origin: 'https://evil.example' }],
      ['an opaque origin', { Origin: 'null' }],
      ['the same host over another scheme', { Origin: 'https://127.0.0.1:PORT' }],
      ["the site's host on another port", { Origin: 'https://www.example.nl:8443' }],
      ['a cross-site fetch without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
      // DNS rebinding: a page on evil.example whose name now points at this server.
      ['a domain that names itself in Host too', { Origin: 'http://evil.example', Host: 'evil.example' }],
      ['a LAN address not listed in SITE_ORIGINS', { Origin: 'http://192.168.1.20:3000', Host: '192.168.1.20:3000' }],
    ])('refuses a form sent from %s with 403 and stores nothing', async (_what, headers) => {
      const before = storedSubmissions(api.dataDir).length;
      const fixed = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', String(api.port))]));
      const reply = await postJson(api.port, '/api/contact?lang=nl', contact(), fixed);
      expect(reply.status).toBe(403);
      expect(reply.json).toEqual({ success: false, error: nl.forbidden });
      expect(storedSubmissions(api.dataDir)).toHaveLength(before);
    });

    it("accepts the server's own loopback origins, the configured site URL, same-origin fetches and no Origin at all (curl)", async () => {
      const allowed: Record<string, string>[] = [
        { Origin: api.origin },
        { Origin: `http://localhost:${api.port}` },
        { Origin: 'https://www.example.nl' },
        { Origin: api.origin, 'Sec-Fetch-Site': 'same-origin' },
        {},
      ];
      for (const headers of allowed) {
        const reply = await postJson(api.port, '/api/contact', contact(), headers);
        expect(reply.status, JSON.stringify(headers)).toBe(200);
      }
    });

    it('accepts the origins listed in SITE_ORIGINS', async () => {
      const lan = await startApiServer({ origins: ['http://192.168.1.20:3000'] });
      try {
        const reply = await postJson(lan.port, '/api/contact', contact(), { Origin: 'http://192.168.1.20:3000', Host: '192.168.1.20:3000' });
        expect(reply.status).toBe(200);
      } finally {
        await lan.stop();
      }
    });
  });

  describe('size', () => {
    // A contact message padded with an ignored key to exactly `size` bytes of JSON.
    const padded = (size: number) => {
      const base = JSON.stringify({ ...contact(), pad: '' });
      return JSON.stringify({ ...contact(), pad: 'x'.repeat(size - Buffer.byteLength(base)) });
    };

    it('accepts a JSON body of exactly 32 KB and refuses one byte more with 413 and Connection: close', async () => {
      const limit = padded(32 * 1024);
      expect(Buffer.byteLength(limit)).toBe(32 * 1024);
      expect((await postJson(api.port, '/api/contact', limit)).status).toBe(200);

      const over = await postJson(api.port, '/api/contact?lang=nl', padded(32 * 1024 + 1));
      expect(over.status).toBe(413);
      expect(over.json).toEqual({ success: false, error: nl.tooLarge });
      expect(over.headers.connection).toBe('close');
    });

    it('cuts off a chunked JSON body once it passes 32 KB, without waiting for its end', async () => {
      const { request } = await import('node:http');
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: api.port, path: '/api/contact?lang=en', method: 'POST', headers: { 'Content-Type': 'application/json' }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        });
        req.on('error', reject);
        // Chunked (no Content-Length) and never ended: only a cut-off can answer it.
        req.write(`{"pad":"${'x'.repeat(40 * 1024)}`);
      });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body)).toEqual({ success: false, error: en.tooLarge });
    });
  });

  it('sends one address at most three confirmations a day, whatever its case, and keeps every request for the lab', async () => {
    const limited = await startApiServer({ confirmationsPerDay: defaultConfirmationsPerDay });
    try {
      const addresses = ['victim@example.nl', 'Victim@Example.NL', ' victim@example.nl', 'VICTIM@example.nl', 'victim@example.nl'];
      for (const address of addresses) expect((await postJson(limited.port, appointmentPath, appointment({ EmailAddress: address }))).status).toBe(200);
      expect((await postJson(limited.port, appointmentPath, appointment({ EmailAddress: 'someone.else@example.nl' }))).status).toBe(200);
      const rows = storedSubmissions(limited.dataDir);
      expect(defaultConfirmationsPerDay).toBe(3);
      // Every request reaches the lab; the address typed in is mailed three times, another address as usual.
      expect(rows.map((row) => row.messages.map((message) => message.to))).toEqual([
        ['info@example.nl', 'victim@example.nl'],
        ['info@example.nl', 'Victim@Example.NL'],
        ['info@example.nl', 'victim@example.nl'],
        ['info@example.nl'],
        ['info@example.nl'],
        ['info@example.nl', 'someone.else@example.nl'],
      ]);
    } finally {
      await limited.stop();
    }
  });

  describe('bots', () => {
    it.each([
      ['a filled honeypot', { _hp: 'https://spam.example' }, 'honeypot filled'],
      ['a fill time under 3 s', { _elapsedMs: 2999 }, 'filled in 2999 ms'],
      ['a fill time under 3 s sent as text', { _elapsedMs: '120' }, 'filled in 120 ms'],
    ])('answers a form with %s exactly like a success, keeps it marked as suspected spam and sends no mail', async (_what, spam, reason) => {
      // Earlier tests' mails first, so any mail written now would be this one's.
      await waitFor(() => pendingMails(api.dataDir) === 0, 'earlier mails delivered');
      const before = storedSubmissions(api.dataDir).length;
      const mails = filesIn(api.dataDir, 'mail').length;
      const logged = api.logs.length;
      const reply = await postJson(api.port, `${appointmentPath}?lang=nl`, appointment(spam));
      expect(reply.status).toBe(200);
      expect(reply.text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
      const rows = storedSubmissions(api.dataDir).slice(before);
      expect(rows.map((row) => [row.kind, row.spam, row.messages.length])).toEqual([['appointment', reason, 0]]);
      expect(rows[0]!.data).toMatchObject({ FullName: 'Anna de Vries' });
      expect(
        api.logs
          .slice(logged)
          .filter((entry) => !entry.msg.startsWith('mail '))
          .map((entry) => [entry.msg, entry.kind, entry.reason]),
      ).toEqual([['submission kept as suspected spam', 'appointment', reason]]);
      // Nothing in the outbox for it (no messages above), so nothing to wait for: no mail was written.
      expect(pendingMails(api.dataDir)).toBe(0);
      expect(filesIn(api.dataDir, 'mail')).toHaveLength(mails);
    });

    it.each([
      ["no fill time (the specification's own payload)", { _elapsedMs: undefined }],
      ['a fill time that is not a number', { _elapsedMs: 'soon' }],
    ])("takes a form with %s as a person's: stored, checked and mailed", async (_what, timing) => {
      const before = storedSubmissions(api.dataDir).length;
      expect((await postJson(api.port, appointmentPath, appointment(timing))).text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
      const rows = storedSubmissions(api.dataDir).slice(before);
      expect(rows.map((row) => [row.spam, row.messages.length])).toEqual([[null, 2]]);
    });

    it('keeps a form filled in in exactly the minimum time', async () => {
      const before = storedSubmissions(api.dataDir).length;
      expect((await postJson(api.port, appointmentPath, appointment({ _elapsedMs: 3000 }))).text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
      expect(
        storedSubmissions(api.dataDir)
          .slice(before)
          .map((row) => row.spam),
      ).toEqual([null]);
    });

    it("keeps a bot's form unchecked even when its fields are invalid, so the answer tells a bot nothing", async () => {
      const before = storedSubmissions(api.dataDir).length;
      const reply = await postJson(api.port, `${appointmentPath}?lang=en`, { _hp: 'x', FullName: '' });
      expect(reply.text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
      expect(
        storedSubmissions(api.dataDir)
          .slice(before)
          .map((row) => [row.spam, row.data]),
      ).toEqual([['honeypot filled', { _hp: 'x', FullName: '' }]]);
    });
  });

  describe('mail headers', () => {
    it("refuses a name or subject with a line break or another control character, in the visitor's language, storing nothing", async () => {
      const before = storedSubmissions(api.dataDir).length;
      for (const injected of ['\r\nBcc: x@evil.example\r\nX-Injected: yes', '\nYour appointment is cancelled. Pay at https://evil.example', '\u2028', '\u0000', '\u202e']) {
        const reply = await postJson(api.port, '/api/contact?lang=nl', contact({ name: `Jan${injected} Jansen`, subject: `Price list${injected} 2026` }));
        expect(reply.status, JSON.stringify(injected)).toBe(400);
        const oneLine = 'Houd dit op één regel, zonder regeleinden of stuurtekens.';
        expect(reply.json).toEqual({ success: false, error: 'Niet alle velden zijn goed ingevuld. Controleer het formulier.', fields: { name: oneLine, subject: oneLine } });
      }
      expect(storedSubmissions(api.dataDir)).toHaveLength(before);
    });

    it('keeps line breaks in a message, where they belong, and out of the headers', async () => {
      const reply = await postJson(api.port, '/api/contact', contact({ subject: 'Price list 2026', message: 'Dear lab,\r\nBcc: x@evil.example\nWhat do crowns cost?' }));
      expect(reply.status).toBe(200);
      await waitFor(() => filesIn(api.dataDir, 'mail').some((file) => readFileSync(join(api.dataDir, 'mail', file), 'latin1').includes('Price list 2026')), 'the .eml file');
      const file = filesIn(api.dataDir, 'mail').find((name) => readFileSync(join(api.dataDir, 'mail', name), 'latin1').includes('Price list 2026'))!;
      const raw = readFileSync(join(api.dataDir, 'mail', file), 'latin1');
      const mail = parsePart(raw);
      expect([...mail.headers.keys()].sort()).toEqual(['content-transfer-encoding', 'content-type', 'date', 'from', 'message-id', 'mime-version', 'reply-to', 'subject', 'to']);
      expect(header(mail, 'subject')).toMatch(/^Contactformulier: Price list 2026 \(van Jan Jansen\) \[[0-9A-F]{4}-[0-9A-F]{4}\]$/);
      expect(textOf(mail)).toContain('Bericht:\nDear lab,\nBcc: x@evil.example\nWhat do crowns cost?');
    });
  });
});

describe('the rate limit', () => {
  let api: ApiServer | undefined;
  afterEach(async () => {
    await api?.stop();
    api = undefined;
  });

  it('answers the attempt after FORM_RATE_LIMIT in ten minutes with 429, Retry-After in seconds and the wait in minutes', async () => {
    api = await startApiServer({ rateLimit: 2 });
    expect((await postJson(api.port, '/api/contact', contact())).status).toBe(200);
    // A refused submission is an attempt too.
    expect((await postJson(api.port, '/api/contact', { _elapsedMs: 8000 })).status).toBe(400);
    const before = storedSubmissions(api.dataDir).length;
    const refused = await postJson(api.port, '/api/contact?lang=nl', contact());
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json).toEqual({ success: false, error: 'U heeft in korte tijd meerdere aanvragen verstuurd. Probeer het over 10 minuten opnieuw.' });
    expect(storedSubmissions(api.dataDir)).toHaveLength(before);
    const english = await postJson(api.port, `${appointmentPath}?lang=en`, appointment());
    expect(english.status).toBe(429);
    expect(english.json).toEqual({ success: false, error: 'You have sent several requests in a short time. Please try again in 10 minutes.' });
  });

  it('answers a form the browser sent by itself past the limit with the not-sent page, not JSON', async () => {
    api = await startApiServer({ rateLimit: 1 });
    const browserPost = () =>
      send(api!.port, '/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Mode': 'navigate', Referer: `${api!.origin}/nl/contact` },
        body: 'name=Jan',
      });
    expect((await browserPost()).status).toBe(400);
    const limited = await browserPost();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('600');
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(limited.text).toContain('<h1>Uw formulier is niet verstuurd</h1>');
    expect(limited.text).toContain('<a href="/nl/contact">Terug naar het formulier</a>');
  });

  it('counts each client address apart, from X-Forwarded-For only behind a trusted proxy', async () => {
    api = await startApiServer({ rateLimit: 1 });
    const from = (address: string) => postJson(api!.port, '/api/contact', contact(), { 'X-Forwarded-For': `203.0.113.9, ${address}` });
    expect((await from('198.51.100.1')).status).toBe(200);
    // Without TRUST_PROXY the header is the client's own claim: the socket address counts.
    expect((await from('198.51.100.2')).status).toBe(429);
    await api.stop();

    api = await startApiServer({ rateLimit: 1, trustProxy: true });
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.2')).status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(429);
  });

  it('counts an IPv6 client by its /64 network, so it cannot rotate addresses within it', async () => {
    api = await startApiServer({ rateLimit: 1, trustProxy: true });
    const from = (address: string) => postJson(api!.port, '/api/contact', contact(), { 'X-Forwarded-For': address });
    expect((await from('2001:db8:1:2:aaaa::1')).status).toBe(200);
    expect((await from('2001:db8:1:2:bbbb:cccc:dddd:eeee')).status).toBe(429);
    expect((await from('2001:db8:1:3::1')).status).toBe(200);
    // An IPv4-mapped address is its IPv4 client.
    expect((await from('192.0.2.7')).status).toBe(200);
    expect((await from('::ffff:192.0.2.7')).status).toBe(429);
  });

  it('does not count what it refuses before reading: unknown paths, other methods and other sites', async () => {
    api = await startApiServer({ rateLimit: 1 });
    await postJson(api.port, '/api/unknown', contact());
    await send(api.port, '/api/contact');
    await postJson(api.port, '/api/contact', contact(), { Origin: 'https://evil.example' });
    expect((await postJson(api.port, '/api/contact', contact())).status).toBe(200);
  });
});

describe('a fault in the server', () => {
  let api: Awaited<ReturnType<typeof startApiWithStore>> | undefined;
  let root: string;
  afterEach(async () => {
    await api?.stop();
    api = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 500 with the server text (no stack), logs the error, and keeps answering', async () => {
    root = mkdtempSync(join(tmpdir(), 'api-fault-'));
    let full = true;
    api = await startApiWithStore(
      {
        save: () => {
          if (full) throw new Error('SQLITE_FULL: database or disk is full');
          return 'id';
        },
      },
      root,
    );

    const reply = await postJson(api.port, '/api/contact?lang=nl', contact());
    expect(reply.status).toBe(500);
    expect(reply.json).toEqual({ success: false, error: nl.server });
    expect(reply.text).not.toMatch(/SQLITE|at /);
    expect(api.logs.some((line) => line.msg === 'error answering a form' && line.path === '/api/contact' && String((line.err as { message?: string }).message).startsWith('SQLITE_FULL'))).toBe(true);

    full = false;
    expect((await postJson(api.port, '/api/contact', contact())).status).toBe(200);
  });
});
