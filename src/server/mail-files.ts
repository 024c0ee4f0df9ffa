import { randomUUID } from 'node:crypto';

// The names of the .eml files the mail transport writes to <dataDir>/mail/ when there is no SMTP server:
// the time it was written, then the submission's and the outbox entry's ids, so that an erasure (npm run
// submissions erase) and the retention deletion find a submission's mails by name, without reading them.

/** Which outbox entry a mail is: the transport puts both ids in the .eml file's name. */
export interface MailIds {
  submissionId: string;
  mailId: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `2026-11-27T10-04-05.123Z`: an ISO time with its colons written as hyphens (Windows allows no ':' in a name). */
const timePart = '(\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z)';
const withIds = new RegExp(`^${timePart}-([0-9a-f-]{36})-([0-9a-f-]{36})\\.eml$`);
/** The name written before the ids were (and for a mail sent without them): the time and 8 random hex digits. */
const withoutIds = new RegExp(`^${timePart}-[0-9a-f]{8}\\.eml$`);

/** The .eml file's name for a mail written at `at`: with its ids when given (and well-formed), else with a random tail. */
export function mailFileName(at: Date, ids?: MailIds): string {
  const time = at.toISOString().replaceAll(':', '-');
  if (ids && uuid.test(ids.submissionId) && uuid.test(ids.mailId)) return `${time}-${ids.submissionId}-${ids.mailId}.eml`;
  return `${time}-${randomUUID().slice(0, 8)}.eml`;
}

/** What an .eml file's name says: when it was written and, for a name with ids, whose mail it is; null for another name. */
export function readMailFileName(name: string): { writtenAt: number; ids?: MailIds } | null {
  const named = withIds.exec(name);
  const match = named ?? withoutIds.exec(name);
  if (!match) return null;
  const [date, time] = match[1]!.split('T') as [string, string];
  const writtenAt = Date.parse(`${date}T${time.replace(/^(\d\d)-(\d\d)-/, '$1:$2:')}`);
  if (Number.isNaN(writtenAt)) return null;
  return named ? { writtenAt, ids: { submissionId: named[2]!, mailId: named[3]! } } : { writtenAt };
}

/**
 * Whether a raw .eml file names `address` (compared in lower case): anywhere in its raw text (the headers,
 * a 7-bit body), in its text decoded from quoted-printable, or in a base64 block decoded as UTF-8. An
 * address inside a compressed attachment (a PDF's streams, a ZIP) is not found: such files belong to a
 * submission, and are found by its id.
 */
export function mailMentions(raw: string, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  if (wanted === '') return false;
  const lower = raw.toLowerCase();
  if (lower.includes(wanted)) return true;
  // Quoted-printable: soft line breaks joined, =XX bytes decoded (as UTF-8, which an address is in).
  const joined = raw.replace(/=\r?\n/g, '');
  if (/=[0-9A-Fa-f]{2}/.test(joined)) {
    const bytes = Buffer.from(
      joined.replace(/=([0-9A-Fa-f]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
    if (bytes.toString('utf8').toLowerCase().includes(wanted)) return true;
  } else if (joined.toLowerCase().includes(wanted)) return true;
  // Base64: each run of lines of base64 alone (a part's body), decoded.
  for (const block of raw.match(/(?:^[A-Za-z0-9+/]{4,}={0,2}\r?\n)+/gm) ?? []) {
    if (Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8').toLowerCase().includes(wanted)) return true;
  }
  return false;
}
