import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardCell } from '../../scripts/desk/format.ts';
import { Email } from '../../schemas/form-requests.ts';
import { todayInNetherlands } from '../../src/shared/netherlands-clock.ts';
import { formSchemasFor } from '../../src/server/forms.ts';
import { loadSiteIndex } from '../../src/server/site-index.ts';
import { openStore } from '../../src/server/store.ts';
import { appointmentConfirmation, defaultFrom } from '../../src/server/submissions.ts';
import { appointment, fixtureDist, orderFields, send, startApiServer, storedSubmissions, type ApiServer } from '../support/api.ts';
import { multipart, uploadFixture } from '../support/uploads.ts';

// The doubtful cases of issue 27, each decided (README) and held here.

const forms = loadSiteIndex(fixtureDist).forms;

describe('e-mail addresses, as a mail server takes them', () => {
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
  const unicodeLabel = fc.constantFrom('müller', 'zahnärzte', 'bücher', 'tandartsenpraktijk-één', 'ñandú', 'çelik');
  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,80}$/).filter((text) => !text.includes('..') && !text.endsWith('.'));

  it('takes an internationalised domain (ü in it) and refuses a local part over 64 characters', () => {
    fc.assert(
      fc.property(local, fc.oneof(label, unicodeLabel), fc.constantFrom('de', 'nl', 'be', 'com'), (name, domain, tld) => {
        const address = `${name}@${domain}.${tld}`;
        expect(Email.safeParse(address).success, address).toBe(name.length <= 64);
      }),
      { seed: 27_6_1, numRuns: 400 },
    );
    expect(Email.safeParse('info@zahnärzte-müller.de').success).toBe(true);
    expect(Email.safeParse(`${'a'.repeat(64)}@example.nl`).success).toBe(true);
    expect(Email.safeParse(`${'a'.repeat(65)}@example.nl`).success).toBe(false);
    for (const bad of ['a@b', 'a@@b.nl', '@b.nl', 'a@b..nl', 'a@-b.nl', 'a@b.nl/x', 'a b@c.nl', 'a@[1.2.3.4]', 'a@b:25.nl']) expect(Email.safeParse(bad).success, bad).toBe(false);
  });
});

describe('an appointment date', () => {
  const schemas = formSchemasFor(forms.openingHours);

  it('may be asked for up to a year ahead, not to year 9999', () => {
    const today = new Date(`${todayInNetherlands()}T12:00:00Z`);
    const dateIn = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 360, max: 370 }), fc.integer({ min: 367, max: 2_900_000 })), (days) => {
        if (days > 2_900_000) return;
        const date = dateIn(days);
        const result = schemas.appointment.safeParse(appointment({ PreferredDate: date }));
        const dateIssues = result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'PreferredDate').map((issue) => issue.message);
        if (days > 366) expect(dateIssues, date).toContain('validation.dateTooFar');
        else expect(dateIssues, date).not.toContain('validation.dateTooFar');
      }),
      { seed: 27_6_2, numRuns: 300 },
    );
    const far = schemas.appointment.safeParse(appointment({ PreferredDate: '9999-12-31' }));
    expect(far.success).toBe(false);
  });
});

describe('the confirmations limit', () => {
  it('counts one mailbox: victim+anything@ is victim@, in any case', () => {
    const root = mkdtempSync(join(tmpdir(), 'doubtful-'));
    try {
      const store = openStore({ dataDir: join(root, 'data'), confirmationsPerDay: 3 });
      let run = 0;
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.stringMatching(/^[a-z0-9]{0,8}$/), fc.boolean()), { minLength: 4, maxLength: 8 }), (tags) => {
          // A mailbox of its own for each run: the limit counts a day per mailbox.
          const victim = `victim${(run += 1)}`;
          let queued = 0;
          for (const [tag, upper] of tags) {
            const address = `${victim}${tag === '' ? '' : `+${tag}`}@Example.nl`;
            const before = store.pending().length;
            store.save({
              kind: 'appointment',
              lang: 'en',
              data: {},
              messages: [],
              confirmation: { recipient: upper ? address.toUpperCase() : address, message: { to: address, from: 'lab@lab.example', subject: 'x', text: 'x' } },
            });
            queued += store.pending().length - before;
          }
          expect(queued).toBe(3);
        }),
        { seed: 27_6_3, numRuns: 30 },
      );
      store.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the confirmation to an address anyone can type in', () => {
  it('carries none of the free text the sender typed: not the name, whatever it says', () => {
    const setup = { forms, labTo: forms.labEmail, from: defaultFrom(forms.siteName, forms.labEmail) };
    fc.assert(
      fc.property(
        fc.constantFrom('Win EUR 500 at evil.example now', 'Visit http://evil.example', 'Anna de Vries'),
        fc.string({ minLength: 3, maxLength: 40 }),
        fc.constantFrom<'en' | 'nl'>('en', 'nl'),
        (lure, extra, lang) => {
          const name = `${lure} ${extra}`.trim();
          const data = {
            FullName: name,
            EmailAddress: 'victim@example.nl',
            PhoneNumber: '0612345678',
            Service: 'crowns_bridges',
            PreferredDate: '2026-12-01',
            PreferredTime: '10:30',
            AdditionalMessage: `${lure} (message)`,
          };
          const mail = appointmentConfirmation(data, lang, setup);
          expect(mail.text).not.toContain(lure);
          expect(mail.subject).not.toContain(lure);
        },
      ),
      { seed: 27_6_4, numRuns: 100 },
    );
  });
});

describe('a CSV cell', () => {
  it('is defused when it opens with a formula after line breaks or spaces, as when it opens with one', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('\n', '\r', '\r\n', ' ', '\t'), { maxLength: 4 }), fc.constantFrom('=', '+', '-', '@'), fc.string({ maxLength: 20 }), (lead, sign, rest) => {
        const value = `${lead.join('')}${sign}${rest}`;
        expect(guardCell(value).startsWith("'"), JSON.stringify(value)).toBe(true);
      }),
      { seed: 27_6_5, numRuns: 300 },
    );
    expect(guardCell('Shade A2\n=note')).toBe('Shade A2\n=note');
    expect(guardCell('Anna')).toBe('Anna');
  });
});

describe('order fields that are not UTF-8', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer();
  });
  afterAll(() => api.stop());

  it('are refused as malformed, like the JSON forms, and nothing is stored', async () => {
    const invalid = fc.constantFrom([0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80]);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('dentistName', 'clinicName', 'serviceType', 'additionalInfo', 'email'), invalid, fc.string({ maxLength: 10 }), async (field, bytes, text) => {
        const before = storedSubmissions(api.dataDir).length;
        const marker = '\u0001MARK\u0001';
        const { body, type } = multipart(orderFields({ [field]: `${text}${marker}` }), [{ bytes: uploadFixture('crown-binary.stl'), filename: 'crown.stl' }]);
        const at = body.indexOf(Buffer.from(marker, 'latin1'));
        const raw = Buffer.concat([body.subarray(0, at), Buffer.from(bytes), body.subarray(at + marker.length)]);
        const reply = await send(api.port, '/api/order?lang=en', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': raw.length }, body: raw });
        expect(reply.status).toBe(400);
        expect(reply.json).toEqual({ success: false, error: forms.messages.en['apiErrors.malformed'] });
        expect(storedSubmissions(api.dataDir)).toHaveLength(before);
      }),
      { seed: 27_6_7, numRuns: 40 },
    );
    // The same order in valid UTF-8, accents and all, is taken.
    const { body, type } = multipart(orderFields({ dentistName: 'Dr. Zoë Çelik' }), [{ bytes: uploadFixture('crown-binary.stl'), filename: 'crown.stl' }]);
    expect((await send(api.port, '/api/order?lang=en', { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': body.length }, body })).status).toBe(200);
  }, 120_000);
});
