// How the lab's desk (npm run submissions) shows submissions: a table for a terminal, every field of one,
// CSV for a spreadsheet and JSON for a program or an answer to an access request. What a visitor typed is
// shown with its control characters taken out, so no name can move the cursor or recolour the terminal.
import { fileSize } from '../../src/shared/format.ts';
import { referenceOf } from '../../src/shared/reference.ts';
import { DeskError, kindExtension, type Status, type StoredMail, type SubmissionDetail, type SubmissionSummary } from '../../src/server/desk.ts';

/** The lab's clock. */
export const timeZone = 'Europe/Amsterdam';

const clock = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A time as the lab's clock reads it: `2026-11-27 10:04`. */
export function labTime(ms: number): string {
  const part = Object.fromEntries(clock.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * The moment a calendar day (YYYY-MM-DD, a real date) begins on the lab's clock, or the next day's with
 * `end` (so `--to` includes its whole day). A usage error for anything else.
 */
export function dayStart(value: string, option: string, end = false): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const utc = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== value) {
    throw new DeskError(`${option} ${JSON.stringify(value)} is not a date: write it as YYYY-MM-DD, e.g. 2026-11-27`, 2);
  }
  const day = utc + (end ? 86_400_000 : 0);
  const wanted = new Date(day).toISOString().slice(0, 10);
  // Midnight in the Netherlands is 23:00 or 22:00 UTC the day before (winter, summer time); never in a clock change.
  for (const hours of [1, 2]) {
    const candidate = day - hours * 3_600_000;
    if (labTime(candidate) === `${wanted} 00:00`) return candidate;
  }
  throw new Error(`no midnight found for ${wanted} in ${timeZone}`);
}

/** A value a visitor typed, as one line: control characters and the marks that reorder text taken out. */
export function line(value: string): string {
  return value
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .trim();
}

/** A value a visitor typed, as lines: line breaks kept, every other control character taken out. */
export function block(value: string): string[] {
  return value.split(/\r\n|\r|\n|\u2028|\u2029/).map(line);
}

/** What a status is called on the desk. */
export const statusNames: Record<Status, string> = { delivered: 'delivered', waiting: 'waiting', failed: 'failed', spam: 'suspected spam' };

const width = (value: string) => [...value].length;
const cut = (value: string, max: number) => (width(value) > max ? `${[...value].slice(0, max - 1).join('')}…` : value);
const pad = (value: string, size: number) => value + ' '.repeat(Math.max(0, size - width(value)));

/** Rows under their headers, each column as wide as its widest cell. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) => Math.max(width(header), ...rows.map((row) => width(row[column] ?? ''))));
  return [headers, ...rows].map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, widths[column]!))).join('  ')).join('\n');
}

/** The visitor as one cell: `Name <address>`, or either alone. */
export function who(entry: Pick<SubmissionSummary, 'name' | 'email'>): string {
  const name = line(entry.name);
  const email = line(entry.email);
  return name && email ? `${name} <${email}>` : name || email;
}

/** The list of submissions, with the short ids `show` and the other commands take. */
export function listTable(entries: SubmissionSummary[], shortIds: Map<string, string>): string {
  const rows = entries.map((entry) => [shortIds.get(entry.id) ?? entry.id, labTime(entry.createdAt), entry.kind, entry.lang, cut(who(entry), 44), statusNames[entry.status], String(entry.fileCount)]);
  return table(['id', `received (${timeZone})`, 'form', 'lang', 'name / e-mail', 'status', 'files'], rows);
}

/** A mail's state in words: sent when, waiting for which attempt, given up with which error. */
export function mailState(mail: StoredMail): string {
  const attempts = `${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}`;
  switch (mail.status) {
    case 'sent':
      return `sent ${mail.sentAt === null ? '' : labTime(mail.sentAt)}`.trim();
    case 'failed':
      return `failed after ${attempts}: ${line(mail.lastError ?? 'no error recorded')}`;
    case 'withheld':
      return 'withheld: its submission is marked as suspected spam';
    default:
      return mail.attempts === 0 ? 'waiting to be sent' : `waiting: ${attempts} so far, the next at ${labTime(mail.nextAttemptAt)}; last error: ${line(mail.lastError ?? '')}`;
  }
}

/** A value of a field, as text: a list of plain values (an order's teeth) joined with commas, JSON for anything else that is not a string, number or boolean. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'number' || typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value) ?? '';
}

/** Everything stored of one submission, for a person. */
export function showText(entry: SubmissionDetail): string {
  const out: string[] = [];
  out.push(`submission ${entry.id}`);
  const header: [string, string][] = [
    ['reference', referenceOf(entry.id)],
    ['form', `${entry.kind} (${entry.lang === 'nl' ? 'Dutch' : 'English'})`],
    ['received', `${labTime(entry.createdAt)} (${timeZone}), ${new Date(entry.createdAt).toISOString()}`],
    ['status', statusNames[entry.status]],
  ];
  if (entry.spam !== null) header.push(['spam', `kept as suspected spam: ${line(entry.spam)}`]);
  for (const [label, value] of header) out.push(`  ${pad(label, 10)}${value}`);
  out.push('', 'fields');
  const keys = Object.keys(entry.data);
  const labelWidth = Math.max(0, ...keys.map(width)) + 2;
  if (keys.length === 0) out.push('  (none)');
  for (const key of keys) {
    const [first = '', ...rest] = block(fieldText(entry.data[key]));
    out.push(`  ${pad(line(key), labelWidth)}${first}`);
    for (const more of rest) out.push(`  ${' '.repeat(labelWidth)}${more}`);
  }
  out.push('', 'files');
  if (entry.files.length === 0) out.push('  (none)');
  const nameWidth = Math.max(0, ...entry.files.map((file) => width(line(file.name))));
  for (const file of entry.files) {
    out.push(`  ${file.position}  ${pad(line(file.name), nameWidth)}  ${kindExtension(file.kind).toUpperCase()}, ${fileSize(file.size, 'en')}`);
  }
  out.push('', 'mails');
  if (entry.mails.length === 0) out.push(entry.spam === null ? '  (none)' : '  (none: suspected spam is kept without mails)');
  entry.mails.forEach((mail, index) => {
    out.push(`  ${index + 1}  to ${line(mail.to)}${mail.replyTo ? `, reply to ${line(mail.replyTo)}` : ''}`);
    out.push(`     "${line(mail.subject)}"`);
    out.push(`     ${mailState(mail)}`);
  });
  return out.join('\n');
}

/** A submission as JSON for a program: its fields as stored, its files (name, type, size) and its mails; `withText` adds each mail's text. */
export function exportObject(entry: SubmissionDetail, options: { withText?: boolean } = {}): Record<string, unknown> {
  return {
    id: entry.id,
    reference: referenceOf(entry.id),
    form: entry.kind,
    language: entry.lang,
    receivedAt: new Date(entry.createdAt).toISOString(),
    status: entry.status,
    suspectedSpam: entry.spam,
    fields: entry.data,
    files: entry.files.map((file) => ({ position: file.position, name: file.name, type: file.kind, size: file.size })),
    mails: entry.mails.map((mail) => ({
      to: mail.to,
      ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      ...(options.withText ? { text: mail.text } : {}),
      status: mail.status,
      attempts: mail.attempts,
      lastError: mail.lastError,
      queuedAt: new Date(mail.createdAt).toISOString(),
      sentAt: mail.sentAt === null ? null : new Date(mail.sentAt).toISOString(),
    })),
  };
}

/**
 * A cell as a spreadsheet must not take for a formula: a text starting with =, +, -, @, a tab or a carriage
 * return is opened by Excel as a formula (which may fetch a URL or run a command), and so is one whose
 * first such sign comes after line breaks or spaces (LibreOffice and some importers skip them), so it
 * gets a leading apostrophe, as OWASP advises. A phone number "+31 6..." reads "'+31 6...".
 */
export function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) || /^\s*[=+\-@]/.test(value) ? `'${value}` : value;
}

/** One CSV field: quoted when it holds the delimiter, a quote or a line break (RFC 4180), quotes doubled. */
function csvField(value: string, delimiter: string): string {
  const guarded = guardCell(value);
  return guarded.includes(delimiter) || /["\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/**
 * Submissions as CSV (RFC 4180, CRLF, a byte-order mark so Excel reads UTF-8): a fixed set of columns, then
 * one column per form field found in them, in the order the forms have them.
 */
export function toCsv(entries: SubmissionDetail[], delimiter = ','): string {
  const fields: string[] = [];
  for (const entry of entries) for (const key of Object.keys(entry.data)) if (!fields.includes(key)) fields.push(key);
  const header = ['id', `received (${timeZone})`, 'form', 'language', 'status', 'suspected spam', 'name', 'e-mail', 'files', ...fields];
  const rows = entries.map((entry) => [
    entry.id,
    labTime(entry.createdAt),
    entry.kind,
    entry.lang,
    statusNames[entry.status],
    entry.spam ?? '',
    entry.name,
    entry.email,
    entry.files.map((file) => `${file.name} (${kindExtension(file.kind)}, ${file.size} bytes)`).join('; '),
    ...fields.map((key) => (key in entry.data ? fieldText(entry.data[key]) : '')),
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map((cell) => csvField(cell, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}
