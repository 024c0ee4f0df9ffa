import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appointment, contact, openDay, orderFields, pendingMails, postJson, send, startApiServer, storedSubmissions, type ApiServer } from '../support/api.ts';
import { projectRoot } from '../support/fixtures.ts';
import { attachmentOf, decodeHeader, downPort, header, parsePart, startSmtp, textOf, waitFor, type Received, type Smtp } from '../support/smtp.ts';

// The whole way: a form posted over HTTP, stored, and delivered by the server's own loop to a real SMTP server.

const LAB = 'info@example.nl';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function smtp(port = 0): Promise<Smtp> {
  const server = await startSmtp(port);
  cleanups.push(() => server.close());
  return server;
}

async function api(options: Parameters<typeof startApiServer>[0]): Promise<ApiServer> {
  const server = await startApiServer(options);
  cleanups.push(() => server.stop());
  return server;
}

function scratch(): string {
  const root = mkdtempSync(join(tmpdir(), 'api-delivery-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return join(root, 'data');
}

const to = (received: Received[], address: string) => received.find((mail) => mail.rcptTo.includes(address));

/** "maandag 23 november 2026" / "Monday 23 November 2026" for a YYYY-MM-DD date. */
const longDate = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

describe('delivery through the API', () => {
  it('sends the lab a Dutch notification with every field, the visitor only in Reply-To, and the visitor an English confirmation', async () => {
    const mail = await smtp();
    const server = await api({ smtpUrl: `smtp://127.0.0.1:${mail.port}` });
    const reply = await postJson(server.port, '/api/AppointmentBooking.php?lang=en', appointment({ FullName: 'Emma Visser', EmailAddress: 'emma@example.com', Service: 'dental_implants' }));
    expect(reply.status).toBe(200);
    const { reference } = reply.json as { reference: string };
    await waitFor(() => mail.received.length === 2, 'two messages');

    const lab = to(mail.received, LAB)!;
    expect(lab.rcptTo).toEqual([LAB]);
    expect(lab.mailFrom).toBe(LAB);
    const labMail = parsePart(lab.raw);
    expect(header(labMail, 'from')).toBe('Tandlab Studio website <info@example.nl>');
    expect(header(labMail, 'to')).toBe(LAB);
    expect(header(labMail, 'reply-to')).toBe('Emma Visser <emma@example.com>');
    // The reference the visitor was shown, in the subject and first among the fields, and in their confirmation.
    expect(header(labMail, 'subject')).toBe(`Afspraakverzoek van Emma Visser [${reference}]`);
    const date = openDay();
    const text = textOf(labMail);
    expect(text).toContain(
      [
        `Referentie: ${reference}`,
        'Volledige naam: Emma Visser',
        'E-mailadres: emma@example.com',
        'Telefoonnummer: 06-12345678',
        'Dienst: Implantaatwerk: kleurbepaling op verzoek van uw tandarts',
        `Voorkeursdatum: ${longDate(date, 'nl-NL')} (${date})`,
        'Voorkeurstijd: 10:30',
        '',
        'Aanvullend bericht:',
        'Graag in de ochtend.',
        '',
        'Taal van de bezoeker: Engels',
      ].join('\n'),
    );
    expect(text).toMatch(/^Via de website is een nieuw afspraakverzoek binnengekomen\./);
    expect(text).toContain('Beantwoord deze e-mail om Emma Visser rechtstreeks te antwoorden.');

    const visitor = to(mail.received, 'emma@example.com')!;
    expect(visitor.rcptTo).toEqual(['emma@example.com']);
    const confirmation = parsePart(visitor.raw);
    expect(header(confirmation, 'from')).toBe('Tandlab Studio website <info@example.nl>');
    expect(header(confirmation, 'reply-to')).toBe(LAB);
    expect(decodeHeader(header(confirmation, 'subject') ?? '')).toBe('We have received your appointment request – Tandlab Studio');
    expect(textOf(confirmation)).toBe(
      [
        'Hello,',
        '',
        'Thank you for your appointment request. We have received it with the following details:',
        '',
        `Reference: ${reference}`,
        'Service: Implant work: shade taking your dentist asked for',
        `Preferred date: ${longDate(date, 'en-GB')}`,
        'Preferred time: 10:30',
        '',
        'Please note that this is a request and not yet a confirmed appointment. We will contact you within one working day to confirm your appointment or to suggest another time.',
        '',
        'Do you have a question in the meantime, or would you like to change your request? Call us on 030 000 0000 or e-mail us at info@example.nl.',
        '',
        'Kind regards,',
        'The team at Tandlab Studio',
        'https://www.example.nl',
        '',
        'You are receiving this e-mail because this address was entered in the appointment form on our website. If you did not send this request, you can ignore this e-mail.',
      ].join('\n'),
    );
    await waitFor(() => pendingMails(server.dataDir) === 0, 'both marked sent');
  });

  it('writes the Dutch confirmation for a visitor on the Dutch site', async () => {
    const mail = await smtp();
    const server = await api({ smtpUrl: `smtp://127.0.0.1:${mail.port}` });
    await postJson(server.port, '/api/AppointmentBooking.php?lang=nl', appointment());
    await waitFor(() => mail.received.length === 2, 'two messages');
    const confirmation = parsePart(to(mail.received, 'anna@example.nl')!.raw);
    expect(decodeHeader(header(confirmation, 'subject') ?? '')).toBe('Wij hebben uw afspraakverzoek ontvangen – Tandlab Studio');
    const text = textOf(confirmation);
    expect(text).toMatch(/^Goedendag,\n/);
    expect(text).toContain(`Dienst: Kronen en bruggen: kleurbepaling\nVoorkeursdatum: ${longDate(openDay(), 'nl-NL')}\nVoorkeurstijd: 10:30`);
    expect(text).toContain('Let op: dit is een verzoek en nog geen vaste afspraak. Wij nemen binnen één werkdag contact met u op');
    expect(text).toContain('Bel ons op 030 000 0000 of mail naar info@example.nl.');
    expect(text).toContain('Heeft u dit verzoek niet verstuurd? Dan kunt u deze e-mail negeren.');
    expect(textOf(parsePart(to(mail.received, LAB)!.raw))).toContain('Taal van de bezoeker: Nederlands');
  });

  it('sends an order to LAB_EMAIL from MAIL_FROM with the file attached as order-<id>-1.stl, model/stl, and what the lab works from as fields', async () => {
    const mail = await smtp();
    const server = await api({ smtpUrl: `smtp://127.0.0.1:${mail.port}`, labEmail: 'orders@lab.example', mailFrom: '"Tandlab orders" <noreply@lab.example>' });
    const stl = readFileSync(join(projectRoot, 'tests', 'fixtures', 'uploads', 'crown-binary.stl'));
    const form = new FormData();
    const due = openDay();
    for (const [name, value] of Object.entries(orderFields({ dueDate: due, dueKind: 'appointment', teeth: '23, 11,21-22', shade: 'A3.5', stage: 'tryIn', pickup: 'yes' }))) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(stl)]), 'kroon 16 scan.stl');
    const response = await fetch(`${server.origin}/api/order?lang=en`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    await waitFor(() => mail.received.length === 1, 'the lab message');

    const [lab] = mail.received;
    expect(lab?.rcptTo).toEqual(['orders@lab.example']);
    expect(lab?.mailFrom).toBe('noreply@lab.example');
    const message = parsePart(lab!.raw);
    expect(header(message, 'from')).toBe('Tandlab orders <noreply@lab.example>');
    expect(header(message, 'reply-to')).toBe('"Dr. Jan Jansen" <jan@praktijk.nl>');
    expect(header(message, 'subject')).toBe(`Opdracht van Dr. Jan Jansen (Tandartspraktijk Centrum) [${((await response.json()) as { reference: string }).reference}]`);
    const attachment = attachmentOf(message);
    // Named and typed by what its bytes are; the visitor's own name for it is in the text.
    expect(attachment?.filename).toMatch(/^order-[0-9a-f-]{36}-1\.stl$/);
    expect(attachment?.contentType).toBe('model/stl');
    expect(attachment?.bytes.equals(stl)).toBe(true);
    const text = textOf(message);
    expect(text).toContain('Naam tandarts: Dr. Jan Jansen\nNaam praktijk: Tandartspraktijk Centrum\nE-mailadres: jan@praktijk.nl\nTelefoonnummer: +31 6 12345678\nSoort werk: Zirconia crown 16');
    expect(text).toContain(
      [
        `Nodig op: ${longDate(due, 'nl-NL')} (${due})`,
        'Deze datum is: de volgende afspraak van de patiënt',
        'Elementen (FDI): 11, 21-23',
        'Kleur: A3.5',
        'Fase: Pasbeurt',
        'Ophalen bij de praktijk: ja',
      ].join('\n'),
    );
    expect(text).toContain('Patiëntreferentie: (niet ingevuld)\nLeeftijd patiënt: 45\n\nBestand: kroon 16 scan.stl (STL, 1 kB)\nHet bestand zit als bijlage bij deze e-mail.');
    expect(text).toContain('Aanvullende informatie:\nShade A2');
  });

  it('accepts and stores submissions while the mail server is down and delivers them once it is back', async () => {
    const port = await downPort();
    const server = await api({ smtpUrl: `smtp://127.0.0.1:${port}` });
    expect((await postJson(server.port, '/api/contact', contact())).text).toMatch(/^{"success":true,"reference":"[0-9A-F]{4}-[0-9A-F]{4}"}$/);
    expect(storedSubmissions(server.dataDir)).toHaveLength(1);
    await waitFor(() => server.logs.some((line) => line.msg === 'mail failed' && line.attempt === 2), 'two failed attempts');
    expect(pendingMails(server.dataDir)).toBe(1);

    const mail = await smtp(port);
    await waitFor(() => mail.received.length === 1, 'the message once the mail server is back');
    expect(decodeHeader(header(parsePart(mail.received[0]!.raw), 'subject') ?? '')).toMatch(/^Contactformulier: Opening hours \(van Jan Jansen\) \[[0-9A-F]{4}-[0-9A-F]{4}\]$/);
    await waitFor(() => pendingMails(server.dataDir) === 0, 'the message marked sent');
  });

  it('delivers what was accepted while the mail server was down after the API server restarts on the same data folder', async () => {
    const port = await downPort();
    const dataDir = scratch();
    const first = await startApiServer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir });
    try {
      expect((await postJson(first.port, '/api/AppointmentBooking.php?lang=nl', appointment())).status).toBe(200);
      expect((await postJson(first.port, '/api/contact', contact())).status).toBe(200);
      await waitFor(() => first.logs.filter((line) => line.msg === 'mail failed' && line.attempt === 1).length >= 3, 'a failed attempt of each message');
    } finally {
      await first.stop();
    }
    expect(pendingMails(dataDir)).toBe(3);
    // The database is closed with the server: another process could take over the folder now.
    expect((await send(first.port, '/').catch((error: NodeJS.ErrnoException) => error.code)) as unknown).toBe('ECONNREFUSED');

    const mail = await smtp(port);
    const second = await api({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir });
    await waitFor(() => mail.received.length === 3, 'all three messages after the restart');
    expect(mail.received.map((m) => m.rcptTo[0]).sort()).toEqual(['anna@example.nl', LAB, LAB].sort());
    await waitFor(() => pendingMails(second.dataDir) === 0, 'every message marked sent');
    expect(storedSubmissions(dataDir)).toHaveLength(2);
  });
});
