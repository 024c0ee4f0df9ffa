import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultBackoffMs, maxAttempts, startDelivery, type Delivery } from '../../src/server/delivery.ts';
import { collectingLogger, type LogLine, type Logger } from '../../src/server/log.ts';
import { createTransport, safeHeader, type MailMessage, type MailTransport } from '../../src/server/mail.ts';
import { batchSaves, openStore, type Store, type SubmissionInput } from '../../src/server/store.ts';
import { attachmentOf, attachmentsOf, downPort, header, parsePart, startSmtp, textOf, waitFor, type Smtp } from '../support/smtp.ts';

const LAB = 'lab@lab.example';
const SITE = 'website@lab.example';
const VISITOR = 'jan@example.com';

function labMessage(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: LAB,
    from: SITE,
    replyTo: `"Jan de Vries" <${VISITOR}>`,
    subject: 'New order: zirconia crown 21',
    text: 'Practice: Tandarts de Vries\nShade: A2\nE-mail: jan@example.com',
    ...overrides,
  };
}

function confirmation(overrides: Partial<MailMessage> = {}): MailMessage {
  return { to: VISITOR, from: SITE, subject: 'We received your order', text: 'Thank you, we will call you within one working day.', ...overrides };
}

function submission(messages: MailMessage[], overrides: Partial<SubmissionInput> = {}): SubmissionInput {
  return { kind: 'order', lang: 'en', data: { practice: 'Tandarts de Vries', email: VISITOR }, messages, ...overrides };
}

let root: string;
let dataDir: string;
let cleanups: (() => Promise<void> | void)[];
let logger: Logger;
let lines: LogLine[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'delivery-'));
  dataDir = join(root, 'data');
  cleanups = [];
  ({ logger, lines } = collectingLogger());
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(root, { recursive: true, force: true });
});

function store(options: { now?: () => number } = {}): Store {
  const opened = openStore({ dataDir, ...options });
  cleanups.push(() => opened.close());
  return opened;
}

async function smtp(port = 0, delayMs = 0, rejects: readonly string[] = []): Promise<Smtp> {
  const server = await startSmtp(port, delayMs, rejects);
  cleanups.push(() => server.close());
  return server;
}

function smtpTransport(port: number): MailTransport {
  return createTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir, logger });
}

function delivery(options: { store: Store; transport: MailTransport; now?: () => number; backoffMs?: (attempt: number) => number; retentionMs?: number }): Delivery {
  const started = startDelivery({ pollMs: 20, backoffMs: () => 50, retentionMs: 365 * 86_400_000, logger, ...options });
  cleanups.push(() => started.stop());
  return started;
}

function uploadFile(name: string, bytes: Buffer = randomBytes(2048)): { path: string; bytes: Buffer } {
  const dir = join(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

describe('safeHeader', () => {
  it('turns CR, LF, tabs, NUL, NEL and Unicode line separators into spaces and trims', () => {
    expect(safeHeader(' Crown\r\nBcc: x@evil.example\t\u0000\u0085\u2028end \n')).toBe('Crown  Bcc: x@evil.example    end');
  });

  it('removes the controls that reorder text on screen, so "scan\u202Egnp.exe" cannot pose as "scanexe.png"', () => {
    expect(safeHeader('scan\u202Egnp.exe')).toBe('scangnp.exe');
    expect(safeHeader('\u2066a\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u2067\u2068b')).toBe('ab');
  });

  it('leaves no control character, line separator or reordering control in anything, and keeps every other character', () => {
    const unwanted = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (value) => {
        const safe = safeHeader(value);
        expect(safe).not.toMatch(unwanted);
        expect(safe).toBe(
          value
            .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
            .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
            .trim(),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('leaves ordinary text, accents included, as it is', () => {
    expect(safeHeader('Afspraak voor mevrouw Çelik – 12:30')).toBe('Afspraak voor mevrouw Çelik – 12:30');
  });
});

describe('store', () => {
  it('creates the data folder readable by its owner only, with the database in WAL mode', () => {
    const opened = store();
    opened.save(submission([confirmation()]));
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('queues a confirmation to one address three times in 24 hours, counted in the transaction, and forgets the count after a day', () => {
    let clock = 1_000_000;
    const opened = store({ now: () => clock });
    const withConfirmation = (to: string) => submission([labMessage()], { confirmation: { message: confirmation({ to }), recipient: to } });
    const queued = () => opened.pending().filter((entry) => entry.message.to !== LAB).length;
    // One transaction of five: the count sees the confirmations queued before it in the same transaction.
    opened.saveMany([1, 2, 3, 4, 5].map(() => withConfirmation(VISITOR)));
    expect(queued()).toBe(3);
    expect(opened.pending().filter((entry) => entry.message.to === LAB)).toHaveLength(5);
    clock += 86_400_000 - 1;
    opened.save(withConfirmation(VISITOR.toUpperCase()));
    expect(queued()).toBe(3);
    clock += 1;
    opened.save(withConfirmation(VISITOR));
    expect(queued()).toBe(4);
    // What the count keeps is a hash of the address, never the address, and a prune removes what is a day old.
    const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT recipient FROM confirmations').all() as { recipient: string }[];
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.recipient))).toBe(true);
      opened.prune(365 * 86_400_000, clock + 86_400_000);
      expect(db.prepare('SELECT count(*) AS count FROM confirmations').get()).toEqual({ count: 0 });
    } finally {
      db.close();
    }
  });

  it('stores nothing of a submission when one of its messages cannot be stored', () => {
    const opened = store();
    const broken = {
      ...confirmation(),
      get subject(): string {
        throw new Error('unserialisable');
      },
    };
    expect(() => opened.save(submission([labMessage(), broken]))).toThrow('unserialisable');
    expect(opened.countSubmissions()).toBe(0);
    expect(opened.pending()).toEqual([]);
  });

  it('groups the saves of one event-loop turn into one transaction and resolves each once committed', async () => {
    const opened = store();
    const transactions: number[] = [];
    const counting = { save: (input: SubmissionInput) => opened.save(input), saveMany: (inputs: SubmissionInput[]) => (transactions.push(inputs.length), opened.saveMany(inputs)) };
    const save = batchSaves(counting);
    const ids = await Promise.all([1, 2, 3].map((n) => save(submission([labMessage({ subject: `Order ${n}` })]))));
    expect(transactions).toEqual([3]);
    expect(new Set(ids).size).toBe(3);
    expect(opened.pending().map((entry) => [entry.submissionId, entry.message.subject])).toEqual([
      [ids[0], 'Order 1'],
      [ids[1], 'Order 2'],
      [ids[2], 'Order 3'],
    ]);
    await save(submission([confirmation()]));
    expect(transactions).toEqual([3, 1]);
  });

  it('saves the others of a group alone when one of them cannot be stored', async () => {
    const opened = store();
    const save = batchSaves(opened);
    const broken = {
      ...confirmation(),
      get subject(): string {
        throw new Error('unserialisable');
      },
    };
    const results = await Promise.allSettled([save(submission([labMessage()])), save(submission([broken])), save(submission([confirmation()]))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(opened.countSubmissions()).toBe(2);
  });

  it('keeps a saved submission and its pending messages across a reopen', () => {
    const first = openStore({ dataDir });
    const id = first.save(submission([labMessage(), confirmation()]));
    first.close();
    const reopened = store();
    expect(reopened.countSubmissions()).toBe(1);
    expect(reopened.pending().map((entry) => [entry.submissionId, entry.message.to, entry.attempts])).toEqual([
      [id, LAB, 0],
      [id, VISITOR, 0],
    ]);
  });

  it('prunes old submissions with their upload files and outbox rows but keeps recent ones and ones still pending', () => {
    const day = 86_400_000;
    let clock = 0;
    const opened = store({ now: () => clock });
    const oldSent = uploadFile('old-sent.stl');
    const oldPending = uploadFile('old-pending.stl');
    const recent = uploadFile('recent.stl');
    const oldSentId = opened.save(submission([labMessage()], { files: [{ path: oldSent.path, name: 'a.stl', kind: 'stl', size: 84 }] }));
    const oldPendingId = opened.save(submission([labMessage()], { files: [{ path: oldPending.path, name: 'b.stl', kind: 'stl', size: 84 }] }));
    // Its file is already gone: pruning must not trip over it.
    const goneId = opened.save(submission([confirmation()], { files: [{ path: join(dataDir, 'uploads', 'gone.stl'), name: 'c.stl', kind: 'stl', size: 84 }] }));
    clock = 29 * day;
    const recentId = opened.save(submission([labMessage()], { files: [{ path: recent.path, name: 'd.stl', kind: 'stl', size: 84 }] }));
    for (const entry of opened.pending()) if (entry.submissionId !== oldPendingId) opened.markSent(entry.id, clock);

    expect(opened.prune(30 * day, 31 * day)).toEqual({ submissions: 2, uploads: 1, mailFiles: 0, orphans: 0 });
    expect(existsSync(oldSent.path)).toBe(false);
    expect(existsSync(oldPending.path)).toBe(true);
    expect(existsSync(recent.path)).toBe(true);
    expect(opened.countSubmissions()).toBe(2);
    const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT submission_id AS id FROM outbox ORDER BY submission_id').all() as { id: string }[];
      expect(rows.map((row) => row.id).sort()).toEqual([oldPendingId, recentId].sort());
      expect(rows.map((row) => row.id)).not.toContain(oldSentId);
      expect(rows.map((row) => row.id)).not.toContain(goneId);
    } finally {
      db.close();
    }

    const [pending] = opened.pending();
    opened.markSent(pending?.id ?? '', 31 * day);
    expect(opened.prune(30 * day, 31 * day)).toEqual({ submissions: 1, uploads: 1, mailFiles: 0, orphans: 0 });
    expect(existsSync(oldPending.path)).toBe(false);
    expect(existsSync(recent.path)).toBe(true);
    expect(opened.countSubmissions()).toBe(1);
  });
});

describe('delivery', () => {
  it('delivers the lab message with the upload attached and the visitor confirmation, the visitor only in the lab message Reply-To', async () => {
    const server = await smtp();
    const opened = store();
    const upload = uploadFile('9f2c.stl', Buffer.from([...Array(256).keys()].map((n) => n)));
    opened.save(
      submission([labMessage({ attachment: { path: upload.path, filename: 'scan crown 21.stl' } }), confirmation()], {
        files: [{ path: upload.path, name: 'scan crown 21.stl', kind: 'stl', size: 84 }],
      }),
    );
    delivery({ store: opened, transport: smtpTransport(server.port) }).kick();
    await waitFor(() => server.received.length === 2, 'two messages');

    const lab = server.received.find((mail) => mail.rcptTo.includes(LAB));
    const visitor = server.received.find((mail) => mail.rcptTo.includes(VISITOR));
    if (!lab || !visitor) throw new Error('a message went to the wrong address');
    expect(lab.rcptTo).toEqual([LAB]);
    expect(visitor.rcptTo).toEqual([VISITOR]);
    expect([lab.mailFrom, visitor.mailFrom]).toEqual([SITE, SITE]);

    const labMail = parsePart(lab.raw);
    expect(header(labMail, 'from')).toBe(SITE);
    expect(header(labMail, 'to')).toBe(LAB);
    expect(header(labMail, 'reply-to')).toBe(`Jan de Vries <${VISITOR}>`);
    expect(header(labMail, 'subject')).toBe('New order: zirconia crown 21');
    expect(textOf(labMail)).toBe('Practice: Tandarts de Vries\nShade: A2\nE-mail: jan@example.com');
    const attachment = attachmentOf(labMail);
    expect(attachment?.filename).toBe('scan crown 21.stl');
    expect(attachment?.bytes.equals(upload.bytes)).toBe(true);

    const visitorMail = parsePart(visitor.raw);
    expect(header(visitorMail, 'from')).toBe(SITE);
    expect(header(visitorMail, 'to')).toBe(VISITOR);
    expect(header(visitorMail, 'reply-to')).toBeUndefined();
    expect(header(visitorMail, 'subject')).toBe('We received your order');
    expect(textOf(visitorMail)).toBe('Thank you, we will call you within one working day.');
    expect(attachmentOf(visitorMail)).toBeUndefined();
    // The server has the mail a moment before the sender records it as sent.
    await waitFor(() => opened.pending().length === 0, 'both messages marked sent');
  });

  it("attaches each of an order's files in their order, and still the one file of a mail queued before orders took several", async () => {
    const server = await smtp();
    const opened = store();
    const scan = uploadFile('order-1-1.stl');
    const photo = uploadFile('order-1-2.png');
    const old = uploadFile('order-2.pdf');
    opened.save(
      submission([
        labMessage({
          subject: 'two files',
          attachments: [
            { path: scan.path, filename: 'order-1-1.stl', contentType: 'model/stl' },
            { path: photo.path, filename: 'order-1-2.png', contentType: 'image/png' },
          ],
        }),
      ]),
    );
    // As the outbox of an earlier version holds it: one file, without its type.
    opened.save(submission([labMessage({ subject: 'one file from before', attachment: { path: old.path, filename: 'order-2.pdf' } })]));
    delivery({ store: opened, transport: smtpTransport(server.port) }).kick();
    await waitFor(() => server.received.length === 2, 'both messages');
    const bySubject = (subject: string) => parsePart(server.received.find((mail) => header(parsePart(mail.raw), 'subject') === subject)!.raw);
    const attached = (subject: string) => attachmentsOf(bySubject(subject)).map((file) => [file.filename, file.contentType, file.bytes.toString('hex')]);
    expect(attached('two files')).toEqual([
      ['order-1-1.stl', 'model/stl', scan.bytes.toString('hex')],
      ['order-1-2.png', 'image/png', photo.bytes.toString('hex')],
    ]);
    expect(attached('one file from before')).toEqual([['order-2.pdf', 'application/octet-stream', old.bytes.toString('hex')]]);
  });

  it('keeps a message pending with its attempts counted while the mail server is down and sends it once the server is back', async () => {
    const port = await downPort();
    const opened = store();
    opened.save(submission([labMessage()]));
    delivery({ store: opened, transport: smtpTransport(port) }).kick();
    await waitFor(() => (opened.pending()[0]?.attempts ?? 0) >= 2, 'two failed attempts');
    const [waiting] = opened.pending();
    expect(waiting?.lastError).toMatch(/ECONNREFUSED/);
    expect(opened.countSubmissions()).toBe(1);

    const server = await smtp(port);
    await waitFor(() => server.received.length === 1, 'the message once the server is back');
    expect(server.received[0]?.rcptTo).toEqual([LAB]);
    await waitFor(() => opened.pending().length === 0, 'the message marked sent');
  });

  it('sends messages queued before a restart once the mail server is back', async () => {
    const port = await downPort();
    const before = openStore({ dataDir });
    before.save(submission([labMessage(), confirmation()]));
    const first = startDelivery({ store: before, transport: smtpTransport(port), logger, pollMs: 20, backoffMs: () => 50, retentionMs: 86_400_000 });
    await waitFor(() => before.pending().every((entry) => entry.attempts >= 1), 'a failed attempt of each message');
    await first.stop();
    before.close();

    const after = store();
    expect(after.pending().map((entry) => entry.message.to)).toEqual([LAB, VISITOR]);
    expect(after.pending().every((entry) => entry.attempts >= 1)).toBe(true);
    delivery({ store: after, transport: smtpTransport(port) });
    const server = await smtp(port);
    await waitFor(() => server.received.length === 2, 'both messages after the restart');
    expect(server.received.map((mail) => mail.rcptTo[0]).sort()).toEqual([LAB, VISITOR].sort());
    await waitFor(() => after.pending().length === 0, 'both messages marked sent');
  });

  it('reschedules a failed message by the backoff for its attempt and does not retry it before then, even when kicked', async () => {
    let clock = 1_000;
    const port = await downPort();
    const opened = store({ now: () => clock });
    opened.save(submission([labMessage()]));
    const loop = delivery({ store: opened, transport: smtpTransport(port), now: () => clock, backoffMs: (attempt) => attempt * 100_000 });
    await waitFor(() => opened.pending()[0]?.attempts === 1, 'the first attempt');
    expect(opened.pending()[0]?.nextAttemptAt).toBe(101_000);

    clock = 100_999;
    await loop.flush();
    expect(opened.pending()[0]?.attempts).toBe(1);

    clock = 101_000;
    loop.kick();
    await waitFor(() => opened.pending()[0]?.attempts === 2, 'the second attempt');
    expect(opened.pending()[0]?.nextAttemptAt).toBe(301_000);
    expect(lines.some((line) => line.msg === 'mail failed' && line.attempt === 2)).toBe(true);
  });

  it('gives up a message the mail server refuses for good (5xx), tries it no more, says so once and lets retention delete it', async () => {
    let clock = 1_000;
    const opened = store({ now: () => clock });
    const mail = await smtp(0, 0, ['gone@example.nl']);
    opened.save(submission([{ ...confirmation(), to: 'gone@example.nl' }]));
    const loop = delivery({ store: opened, transport: smtpTransport(mail.port), now: () => clock, retentionMs: 86_400_000 });
    await waitFor(() => opened.outboxState().givenUp === 1, 'the message given up');
    expect(opened.outboxState()).toEqual({ waiting: 0, givenUp: 1, oldestWaitingAt: null });
    expect(lines.filter((line) => line.msg.startsWith('mail given up')).map((line) => line.attempt)).toEqual([1]);
    expect(lines.find((line) => line.msg.startsWith('mail given up'))?.error).toMatch(/550/);
    clock += 3_600_000;
    await loop.flush();
    expect(mail.received).toEqual([]);
    expect(lines.filter((line) => line.msg.startsWith('mail given up'))).toHaveLength(1);
    // A given-up message no longer holds its submission back from the retention deletion.
    expect(opened.prune(86_400_000, clock + 2 * 86_400_000)).toEqual({ submissions: 1, uploads: 0, mailFiles: 0, orphans: 0 });
  });

  it.each([
    ['a wrong login', 'EAUTH', 535, 'Invalid login: 535 5.7.8 Authentication credentials invalid'],
    ['a login method too weak', 'EAUTH', 534, '534 5.7.9 Authentication mechanism is too weak'],
    ['no login where one is required', 'EENVELOPE', 530, '530 5.7.0 Authentication required'],
    ['a login that needs encryption', 'EENVELOPE', 538, '538 5.7.11 Encryption required for requested authentication mechanism'],
  ])('keeps a message the mail server refuses only for %s (%s %i), to send once the settings are right', async (_, code, responseCode, text) => {
    const opened = store();
    opened.save(submission([confirmation()]));
    const refusedLogin = Object.assign(new Error(text), { code, responseCode });
    const loop = delivery({ store: opened, transport: { send: () => Promise.reject(refusedLogin) }, backoffMs: () => 60_000 });
    await waitFor(() => lines.some((line) => line.msg === 'mail failed'), 'the failed attempt');
    await loop.flush();
    expect(opened.outboxState()).toMatchObject({ waiting: 1, givenUp: 0 });
    expect(lines.filter((line) => line.msg.startsWith('mail given up'))).toEqual([]);
  });

  it('gives up a message after the last of a bounded number of attempts', async () => {
    const opened = store();
    opened.save(submission([confirmation()]));
    const failing: MailTransport = { send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) };
    delivery({ store: opened, transport: failing, backoffMs: () => 0 });
    await waitFor(() => opened.outboxState().givenUp === 1, 'the message given up');
    expect(lines.filter((line) => line.msg === 'mail failed')).toHaveLength(maxAttempts - 1);
    expect(lines.filter((line) => line.msg.startsWith('mail given up')).map((line) => line.attempt)).toEqual([maxAttempts]);
  });

  it('logs a fault of the outbox once while it lasts and once when it clears, not at every poll', async () => {
    const opened = store();
    let broken = true;
    const flaky: Store = {
      ...opened,
      due: (...args) =>
        broken
          ? (() => {
              throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
            })()
          : opened.due(...args),
    };
    const loop = delivery({ store: flaky, transport: { send: () => Promise.resolve() } });
    for (let n = 0; n < 5; n++) await loop.flush();
    expect(lines.filter((line) => line.msg.startsWith('delivery failed'))).toHaveLength(1);
    broken = false;
    loop.kick();
    await waitFor(() => lines.some((line) => line.msg === 'delivery works again'), 'the recovery line');
    expect(lines.filter((line) => line.msg.startsWith('delivery failed'))).toHaveLength(1);
  });

  it('backs off 5 s, 30 s, 2 min, 10 min and then every 30 min by default', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(defaultBackoffMs)).toEqual([5_000, 30_000, 120_000, 600_000, 1_800_000, 1_800_000, 1_800_000]);
  });

  it('puts no header of its own in a mail for CR LF in a subject, name or file name, and never mails an address smuggled into To', async () => {
    const server = await smtp();
    const opened = store();
    const upload = uploadFile('scan.stl');
    const injected = '\r\nBcc: x@evil.example';
    opened.save(
      submission([
        labMessage({
          subject: `New order from Jan${injected}`,
          replyTo: `Jan${injected} <${VISITOR}>`,
          attachment: { path: upload.path, filename: `scan${injected}.stl` },
        }),
        confirmation({ to: `${VISITOR}${injected}` }),
      ]),
    );
    const loop = delivery({ store: opened, transport: smtpTransport(server.port) });
    await waitFor(() => server.received.length === 1 && opened.pending()[0]?.attempts === 1, 'the lab message and a refused confirmation');

    const [lab] = server.received;
    if (!lab) throw new Error('no message');
    expect(lab.rcptTo).toEqual([LAB]);
    expect(lab.raw).not.toMatch(/^bcc:/im);
    const mail = parsePart(lab.raw);
    expect(header(mail, 'subject')).toBe('New order from Jan  Bcc: x@evil.example');
    expect(header(mail, 'reply-to')).toBeUndefined();
    expect(lines.map((line) => line.msg)).toContain('sending a mail without its Reply-To, which was not one e-mail address');
    expect(attachmentOf(mail)?.filename).toBe('scan  Bcc: x@evil.example.stl');
    expect(lab.raw).not.toMatch(/%0D|%0A|=0D|=0A/);

    const [refused] = opened.pending();
    expect(refused?.message.to).toBe(`${VISITOR}${injected}`);
    expect(refused?.lastError).toMatch(/To field/);
    await loop.flush();
    expect(server.received.every((received) => !received.rcptTo.includes('x@evil.example'))).toBe(true);
  });

  it('writes each message as an .eml file in <dataDir>/mail, named by its time, submission and outbox entry, and logs its path when no SMTP URL is set', async () => {
    const opened = store();
    const upload = uploadFile('scan.stl', Buffer.from('solid crown\nendsolid crown\n'));
    const id = opened.save(submission([labMessage({ attachment: { path: upload.path, filename: 'crown.stl' } })]));
    const [queued] = opened.pending();
    delivery({ store: opened, transport: createTransport({ dataDir, logger }) }).kick();
    await waitFor(() => lines.some((line) => line.msg === 'mail written' && typeof line.path === 'string'), 'the log line');

    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f-]{36}-[0-9a-f-]{36}\.eml$/);
    expect(files[0]).toContain(`Z-${id}-${queued?.id}.eml`);
    const path = join(dataDir, 'mail', files[0] ?? '');
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'mail written', path }));
    const mail = parsePart(readFileSync(path, 'latin1'));
    expect(header(mail, 'to')).toBe(LAB);
    expect(header(mail, 'from')).toBe(SITE);
    expect(header(mail, 'subject')).toBe('New order: zirconia crown 21');
    expect(textOf(mail)).toBe('Practice: Tandarts de Vries\nShade: A2\nE-mail: jan@example.com');
    expect(attachmentOf(mail)?.bytes.toString()).toBe('solid crown\nendsolid crown\n');
    await waitFor(() => opened.pending().length === 0, 'the message marked sent');
  });

  it('never sends a message twice, with two loops on one database kicked over and over and after a restart', async () => {
    const server = await smtp(0, 100);
    const first = store();
    const second = store();
    for (const n of [1, 2, 3, 4]) first.save(submission([labMessage({ subject: `Order ${n}` })]));
    const loops = [delivery({ store: first, transport: smtpTransport(server.port) }), delivery({ store: second, transport: smtpTransport(server.port) })];
    const kicker = setInterval(() => loops.forEach((loop) => loop.kick()), 5);
    try {
      await waitFor(() => first.pending().length === 0, 'every message sent');
    } finally {
      clearInterval(kicker);
    }
    // Both loops run once more after the last kick: neither finds anything left to send.
    await Promise.all(loops.map((loop) => loop.flush()));
    expect(server.received.map((mail) => header(parsePart(mail.raw), 'subject')).sort()).toEqual(['Order 1', 'Order 2', 'Order 3', 'Order 4']);

    await Promise.all(loops.map((loop) => loop.stop()));
    first.close();
    const restarted = store();
    await delivery({ store: restarted, transport: smtpTransport(server.port) }).flush();
    expect(server.received).toHaveLength(4);
  });

  it('sends a mail again after a crash mid-DATA as the same message: one Message-ID, made from its outbox entry, on both copies', async () => {
    // The mail server takes the DATA and never says 250: the sender is killed (kill -9) while it waits.
    const holding = await smtp(0, Infinity);
    const opened = store();
    const id = opened.save(submission([labMessage()]));
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'support', 'delivery-child.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${holding.port}` },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    await waitFor(() => holding.received.length === 1, 'the DATA at the mail server', 60_000);
    child.kill('SIGKILL');
    await exited;
    expect(opened.pending()).toHaveLength(1);
    // After the lease the next run takes the mail over and sends it again.
    const server = await smtp();
    const entry = opened.pending()[0]!;
    delivery({ store: opened, transport: smtpTransport(server.port), now: () => Date.now() + 10 * 60_000 }).kick();
    await waitFor(() => server.received.length === 1, 'the mail sent again');
    const first = header(parsePart(holding.received[0]!.raw), 'message-id');
    const again = header(parsePart(server.received[0]!.raw), 'message-id');
    expect(first).toBe(`<${entry.id}@lab.example>`);
    expect(again).toBe(first);
    expect(entry.submissionId).toBe(id);
  }, 120_000);

  it('gives every mail a Message-ID of its own outbox entry, the same in an .eml file as over SMTP', async () => {
    const server = await smtp();
    const opened = store();
    for (const n of [1, 2, 3]) opened.save(submission([labMessage({ subject: `Order ${n}` })]));
    const ids = opened.pending().map((entry) => entry.id);
    delivery({ store: opened, transport: smtpTransport(server.port) }).kick();
    await waitFor(() => server.received.length === 3, 'three mails');
    expect(server.received.map((mail) => header(parsePart(mail.raw), 'message-id')).sort()).toEqual(ids.map((mailId) => `<${mailId}@lab.example>`).sort());
    const files = createTransport({ dataDir, logger });
    const path = await files.send(labMessage(), { submissionId: ids[0]!, mailId: ids[1]! });
    expect(header(parsePart(readFileSync(path!, 'latin1')), 'message-id')).toBe(`<${ids[1]}@lab.example>`);
  });

  it('flushes only once a run begun after the call has finished: a message saved during a send is tried before flush resolves', async () => {
    const opened = store();
    const sends: { subject: string; finish: () => void }[] = [];
    const sent: string[] = [];
    const slow: MailTransport = {
      send: (message) =>
        new Promise((resolve) => {
          sends.push({ subject: message.subject, finish: () => (sent.push(message.subject), resolve(undefined)) });
        }),
    };
    opened.save(submission([labMessage({ subject: 'First' })]));
    const loop = delivery({ store: opened, transport: slow });
    await waitFor(() => sends.length === 1, 'the first send under way');
    opened.save(submission([labMessage({ subject: 'Second' })]));
    let flushed = false;
    const flush = loop.flush().then(() => (flushed = true));
    sends[0]!.finish();
    // flush waits for a run begun after it, so the second message, saved before the call, is tried first.
    await waitFor(() => sends.length === 2, 'the second send under way');
    expect(sends.map((send) => send.subject)).toEqual(['First', 'Second']);
    expect(flushed).toBe(false);
    sends[1]!.finish();
    await flush;
    expect(sent).toEqual(['First', 'Second']);
    expect(opened.pending()).toEqual([]);
  });

  it('lets a send in flight finish and be recorded before stop resolves', async () => {
    const server = await smtp(0, 400);
    const opened = store();
    opened.save(submission([labMessage()]));
    const loop = delivery({ store: opened, transport: smtpTransport(server.port) });
    loop.kick();
    await waitFor(() => server.received.length === 1, 'the message data at the server');
    expect(opened.pending()).toHaveLength(1);
    await loop.stop();
    expect(opened.pending()).toEqual([]);
  });

  it('prunes at start and then once an hour, not at every run', async () => {
    const retentionMs = 1_000;
    let clock = 0;
    const opened = store({ now: () => clock });
    const sendNothing: MailTransport = { send: () => Promise.resolve() };
    const markAllSent = () => opened.pending().forEach((entry) => opened.markSent(entry.id, clock));
    opened.save(submission([labMessage()]));
    markAllSent();

    clock = 2_000;
    const loop = delivery({ store: opened, transport: sendNothing, now: () => clock, retentionMs });
    await waitFor(() => opened.countSubmissions() === 0, 'the prune at start');
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'pruned submissions past their retention', submissions: 1, uploads: 0 }));

    opened.save(submission([labMessage()]));
    await waitFor(() => opened.pending().length === 0, 'the message sent');
    clock = 2_000 + 30 * 60_000;
    await loop.flush();
    expect(opened.countSubmissions()).toBe(1);

    clock = 2_000 + 60 * 60_000;
    loop.kick();
    await waitFor(() => opened.countSubmissions() === 0, 'the hourly prune');
  });
});
