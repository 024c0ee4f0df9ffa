import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDelivery, type Delivery } from '../../src/server/delivery.ts';
import { collectingLogger, type LogLine, type Logger } from '../../src/server/log.ts';
import { createTransport, type MailMessage, type MailTransport } from '../../src/server/mail.ts';
import { openStore, type Store, type SubmissionInput } from '../../src/server/store.ts';
import { waitFor } from '../support/smtp.ts';

// Retention (content/site.yaml's retentionDays, applied by the server's hourly prune) covers everything the
// lab's desk can see: suspected spam, submissions whose mail was given up, their files, outbox rows and the
// .eml files written for them; and what it deletes leaves no copy in the database file or its log.

const day = 86_400_000;
const LAB = 'lab@lab.example';

let root: string;
let dataDir: string;
let cleanups: (() => Promise<void> | void)[];
let logger: Logger;
let lines: LogLine[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'retention-'));
  dataDir = join(root, 'data');
  cleanups = [];
  ({ logger, lines } = collectingLogger());
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(root, { recursive: true, force: true });
});

function store(now?: () => number): Store {
  const opened = openStore({ dataDir, now });
  cleanups.push(() => opened.close());
  return opened;
}

function delivery(options: { store: Store; transport: MailTransport }): Delivery {
  const started = startDelivery({ pollMs: 20, backoffMs: () => 50, retentionMs: 365 * day, logger, ...options });
  cleanups.push(() => started.stop());
  return started;
}

const labMessage = (text: string, extra: Partial<MailMessage> = {}): MailMessage => ({ to: LAB, from: 'site@lab.example', subject: 'Nieuw bericht', text, ...extra });

function submission(overrides: Partial<SubmissionInput> = {}): SubmissionInput {
  return { kind: 'contact', lang: 'nl', data: { name: 'Jan', email: 'jan@example.nl', subject: 'Vraag', message: 'Hallo' }, messages: [labMessage('Hallo')], ...overrides };
}

/** Every byte of every file under the data folder, as text. */
function everything(): string {
  const texts: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else texts.push(readFileSync(path, 'latin1'));
    }
  };
  visit(dataDir);
  return texts.join('\n');
}

describe('retention', () => {
  it('deletes suspected spam and a submission whose mail was given up once past retention, with their files, outbox rows and .eml files, and keeps a newer one', async () => {
    let clock = 0;
    const opened = store(() => clock);
    const spamId = opened.save(submission({ data: { name: 'Bot', _hp: 'x' }, messages: [], spam: 'honeypot filled' }));
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    const upload = join(dataDir, 'uploads', 'order-9f2c4b1a-0000-4000-8000-000000000001-1.stl');
    writeFileSync(upload, 'solid crown\nendsolid crown\n');
    const failedId = opened.save(submission({ kind: 'order', files: [{ path: upload, name: 'crown.stl', kind: 'stl', size: 27 }] }));
    const transport = createTransport({ dataDir, logger });
    // The lab's copy of its notification, written before the mail server refused the confirmation for good.
    const [failed] = opened.pending();
    await transport.send(failed!.message, { submissionId: failedId, mailId: failed!.id });
    opened.markGivenUp(failed!.id, '550 No such user');
    clock = 29 * day;
    const recentId = opened.save(submission());
    const [recent] = opened.pending();
    await transport.send(recent!.message, { submissionId: recentId, mailId: recent!.id });
    opened.markSent(recent!.id, clock);

    expect(opened.prune(30 * day, 31 * day)).toEqual({ submissions: 2, uploads: 1, mailFiles: 1, orphans: 0 });
    expect(existsSync(upload)).toBe(false);
    expect(readdirSync(join(dataDir, 'mail'))).toEqual([expect.stringContaining(recentId)]);
    const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT id FROM submissions').all()).toEqual([{ id: recentId }]);
      expect(db.prepare('SELECT count(*) AS n FROM outbox WHERE submission_id IN (?, ?)').get(spamId, failedId)).toEqual({ n: 0 });
      expect(db.prepare('SELECT count(*) AS n FROM files').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('keeps a submission whose mail is still being tried past retention, until the mail is sent or given up', () => {
    let clock = 0;
    const opened = store(() => clock);
    opened.save(submission());
    clock = 40 * day;
    expect(opened.prune(30 * day, clock).submissions).toBe(0);
    const [waiting] = opened.pending();
    opened.markGivenUp(waiting!.id, 'connect ECONNREFUSED');
    expect(opened.prune(30 * day, clock).submissions).toBe(1);
  });

  it('deletes every .eml file older than retention, by the time in its name or else by its modification time, and nothing else in mail/', () => {
    const opened = store();
    const mail = join(dataDir, 'mail');
    mkdirSync(mail, { recursive: true });
    const old = new Date(Date.now() - 40 * day);
    const oldStamp = old.toISOString().replaceAll(':', '-');
    const newStamp = new Date().toISOString().replaceAll(':', '-');
    const files = {
      oldWithIds: `${oldStamp}-9f2c4b1a-0000-4000-8000-000000000001-0b1c2d3e-0000-4000-8000-000000000002.eml`,
      oldWithoutIds: `${oldStamp}-9f2c4b1a.eml`,
      oldOtherName: 'saved by hand.eml',
      recent: `${newStamp}-9f2c4b1a.eml`,
      notAMail: 'README.txt',
    };
    for (const name of Object.values(files)) writeFileSync(join(mail, name), 'From: site@lab.example\r\n\r\nHallo\r\n');
    for (const name of [files.oldOtherName, files.notAMail]) utimesSync(join(mail, name), old, old);

    expect(opened.prune(30 * day, Date.now()).mailFiles).toBe(3);
    expect(readdirSync(mail).sort()).toEqual([files.recent, files.notAMail].sort());
  });

  it('leaves nothing of a deleted submission in the database file or its log file', () => {
    let clock = 0;
    const opened = store(() => clock);
    const marker = 'zq-retention-marker-4711@example.nl';
    opened.save(submission({ data: { name: 'Zq', email: marker, subject: 'Vraag', message: `Mail me at ${marker}` }, messages: [labMessage(`Reply to ${marker}`, { replyTo: marker })] }));
    // Sending rewrites the outbox row: its old version must not stay behind in a free block either.
    opened.markSent(opened.pending()[0]!.id, clock);
    clock = 35 * day;
    opened.save(submission());
    opened.markSent(opened.pending()[0]!.id, clock);
    expect(everything()).toContain(marker);

    expect(opened.prune(30 * day, 40 * day).submissions).toBe(1);
    expect(everything()).not.toContain(marker);
    expect(opened.countSubmissions()).toBe(1);
  });
});

describe("delivery beside the lab's desk", () => {
  it('sends a mail whose submission is erased while it is being sent, records nothing, and keeps no .eml copy of it', async () => {
    const opened = store();
    const id = opened.save(submission({ messages: [labMessage('Reply to anna@example.nl')] }));
    const eml = createTransport({ dataDir, logger });
    const desk = new Database(join(dataDir, 'submissions.db'));
    cleanups.push(() => {
      desk.close();
    });
    desk.pragma('foreign_keys = ON');
    const erasing: MailTransport = {
      async send(message, ids) {
        // The desk's erasure commits while this mail is on its way.
        desk.prepare('DELETE FROM submissions WHERE id = ?').run(id);
        return eml.send(message, ids);
      },
    };
    delivery({ store: opened, transport: erasing }).kick();
    await waitFor(() => lines.some((line) => line.msg === 'mail sent while its submission was erased: no copy kept'), 'the send to finish');
    expect(lines.some((line) => line.msg === 'mail written')).toBe(true);
    expect(readdirSync(join(dataDir, 'mail'))).toEqual([]);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(opened.outboxState()).toEqual({ waiting: 0, givenUp: 0, oldestWaitingAt: null });
  });

  it('gives up a mail whose attached file is gone at its first attempt, rather than try it for a day', async () => {
    const opened = store();
    opened.save(submission({ kind: 'order', messages: [labMessage('Order', { attachment: { path: join(dataDir, 'uploads', 'order-gone.stl'), filename: 'order-gone.stl' } })] }));
    delivery({ store: opened, transport: createTransport({ dataDir, logger }) }).kick();
    await waitFor(() => opened.outboxState().givenUp === 1, 'the mail given up');
    expect(lines.filter((line) => line.msg === 'mail failed')).toEqual([]);
    const givenUp = lines.find((line) => line.msg.startsWith('mail given up'));
    expect(givenUp?.attempt).toBe(1);
    expect(givenUp?.error).toMatch(/ENOENT/);
  });
});
