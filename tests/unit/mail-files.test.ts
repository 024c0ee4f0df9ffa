import { describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { mailFileName, mailMentions, readMailFileName } from '../../src/server/mail-files.ts';

const submissionId = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const mailId = '0b1c2d3e-4f5a-4b7c-8d9e-0f1a2b3c4d5e';
const at = new Date('2026-11-27T10:04:05.123Z');

/** A mail as nodemailer's stream transport writes it (as the .eml transport does). */
async function raw(text: string, headers: { to?: string; replyTo?: string } = {}): Promise<string> {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await stream.sendMail({ from: 'site@lab.example', to: headers.to ?? 'lab@lab.example', replyTo: headers.replyTo, subject: 'Nieuwe aanvraag', text });
  return (info.message as Buffer).toString('latin1');
}

describe('the names of .eml files', () => {
  it('names a mail by the time it was written, its submission and its outbox entry, and reads them back', () => {
    const name = mailFileName(at, { submissionId, mailId });
    expect(name).toBe(`2026-11-27T10-04-05.123Z-${submissionId}-${mailId}.eml`);
    expect(readMailFileName(name)).toEqual({ writtenAt: at.getTime(), ids: { submissionId, mailId } });
  });

  it('names a mail sent without ids (or with ids that are no ids) by its time and a random tail, as before', () => {
    expect(mailFileName(at)).toMatch(/^2026-11-27T10-04-05\.123Z-[0-9a-f]{8}\.eml$/);
    expect(mailFileName(at, { submissionId: '../../etc/passwd', mailId })).toMatch(/^2026-11-27T10-04-05\.123Z-[0-9a-f]{8}\.eml$/);
    expect(readMailFileName('2026-11-27T10-04-05.123Z-9f2c4b1a.eml')).toEqual({ writtenAt: at.getTime() });
  });

  it('reads no time from a name of another kind', () => {
    expect(readMailFileName('notes.eml')).toBeNull();
    expect(readMailFileName(`2026-11-27T10-04-05.123Z-${submissionId}-${mailId}.eml.bak`)).toBeNull();
  });
});

describe('finding an address in an .eml file', () => {
  it('finds it in a header in any case', async () => {
    const mail = await raw('Hello', { replyTo: '"Anna de Vries" <Anna@Example.NL>' });
    expect(mailMentions(mail, 'anna@example.nl')).toBe(true);
    expect(mailMentions(mail, 'jan@example.nl')).toBe(false);
  });

  it('finds it in a quoted-printable body where a soft line break splits it', async () => {
    const mail = await raw(`Één ${'x'.repeat(40)} anna.de.vries@example.nl`);
    expect(mail).toMatch(/quoted-printable/i);
    expect(mail.toLowerCase()).not.toContain('anna.de.vries@example.nl');
    expect(mailMentions(mail, 'Anna.de.Vries@example.nl')).toBe(true);
  });

  it('finds it in a base64 body', () => {
    const body = Buffer.from('Naam: Zoë\nE-mail: zoe@example.nl\n', 'utf8')
      .toString('base64')
      .replace(/(.{76})/g, '$1\r\n');
    const mail = `From: site@lab.example\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n`;
    expect(mail.toLowerCase()).not.toContain('zoe@example.nl');
    expect(mailMentions(mail, 'zoe@example.nl')).toBe(true);
    expect(mailMentions(mail, 'zoë@example.nl')).toBe(false);
  });
});
