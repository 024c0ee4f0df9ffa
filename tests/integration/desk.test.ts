import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { load } from 'js-yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirm } from '../../scripts/desk/confirm.ts';
import { checkContent } from '../../scripts/content/check.ts';
import { exportObject, showText } from '../../scripts/desk/format.ts';
import { DeskError, type SubmissionDetail } from '../../src/server/desk.ts';
import { startDelivery } from '../../src/server/delivery.ts';
import { collectingLogger } from '../../src/server/log.ts';
import { createTransport } from '../../src/server/mail.ts';
import { loadSiteIndex } from '../../src/server/site-index.ts';
import { openStore, schemaVersion, type Store, type SubmissionInput } from '../../src/server/store.ts';
import { defaultFrom, mailsFor, type MailSetup } from '../../src/server/submissions.ts';
import { contact, fixtureDist, postJson, startApiServer } from '../support/api.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';
import { waitFor } from '../support/smtp.ts';
import { uploadFixture } from '../support/uploads.ts';

// The lab's desk (npm run submissions) run as the lab runs it: a process of its own (tsx), with DATA_DIR
// pointing at a real data folder (a SQLite file written by the server's own store, upload files, .eml
// files written by the real mail transport).

const tsx = join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const cli = join(projectRoot, 'scripts', 'submissions.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run submissions -- ...args` as a process, standard input a closed pipe (no terminal). */
function desk(args: string[], options: { dataDir?: string; env?: Record<string, string | undefined> } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir ?? dataDir, LAB_EMAIL: undefined, MAIL_FROM: undefined, ...options.env };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const child = spawn(process.execPath, [tsx, cli, ...args], { cwd: projectRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

const forms = loadSiteIndex(fixtureDist).forms;
const setup: MailSetup = { forms, labTo: forms.labEmail, from: defaultFrom(forms.siteName, forms.labEmail) };

const ids = {
  annaAppointment: 'a0000001-0000-4000-8000-000000000001',
  annaOrder: 'a0000002-0000-4000-8000-000000000002',
  janContact: 'b0000003-0000-4000-8000-000000000003',
  spam: 'c0000004-0000-4000-8000-000000000004',
  spamInvalid: 'c0000005-0000-4000-8000-000000000005',
  testimonial: 'd0000006-0000-4000-8000-000000000006',
  twinA: 'e0000007-0000-4000-8000-000000000001',
  twinB: 'e0000007-0000-4000-8000-000000000002',
};
const ANNA = 'anna@example.nl';

let root: string;
let dataDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'desk-'));
  dataDir = join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Saves a submission at a given time (ms since the epoch) through the server's own store. */
function saveAt(store: { save: Store['save'] }, clock: { at: number }, at: number, input: SubmissionInput): string {
  clock.at = at;
  return store.save(input);
}

const stl = Buffer.from('solid upper\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid upper\n');

/**
 * The data folder the tests share: eight submissions of every form and state, written by the server's own
 * store; an order's two files in uploads/; the mails that went out written as .eml files by the real
 * transport (one from before mails were named by their ids).
 */
async function populate(): Promise<void> {
  const clock = { at: 0 };
  const store = openStore({ dataDir, now: () => clock.at });
  const { logger } = collectingLogger();
  const transport = createTransport({ dataDir, logger });
  try {
    const appointment = {
      FullName: 'Anna de Vries',
      EmailAddress: 'Anna@Example.nl',
      PhoneNumber: '+31 6 12345678',
      Service: 'crowns_bridges',
      PreferredDate: '2026-03-16',
      PreferredTime: '10:30',
      AdditionalMessage: 'Mijn brug zit los, graag snel.',
    };
    saveAt(store, clock, Date.UTC(2026, 2, 10, 9, 15), {
      id: ids.annaAppointment,
      kind: 'appointment',
      lang: 'nl',
      data: appointment,
      ...mailsFor('appointment', appointment, 'nl', setup, new Date(clock.at)),
    });

    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    const files = [
      { path: join(dataDir, 'uploads', `order-${ids.annaOrder}-1.stl`), name: 'upper jaw.stl', kind: 'stl', size: stl.length, bytes: stl },
      { path: join(dataDir, 'uploads', `order-${ids.annaOrder}-2.pdf`), name: '../../etc/scan.exe', kind: 'pdf', size: uploadFixture('minimal.pdf').length, bytes: uploadFixture('minimal.pdf') },
    ];
    for (const file of files) writeFileSync(file.path, file.bytes);
    const order = { dentistName: 'Anna de Vries', clinicName: 'Praktijk De Brug', email: ANNA, phone: '+31 6 12345678', serviceType: 'Zirconia crown 16', additionalInfo: 'Shade A2' };
    saveAt(store, clock, Date.UTC(2026, 2, 12, 13, 0), {
      id: ids.annaOrder,
      kind: 'order',
      lang: 'en',
      data: order,
      files: files.map(({ bytes: _, ...file }) => file),
      ...mailsFor('order', order, 'en', setup, new Date(clock.at)),
    });

    // Received at 00:30 on 2 June by the lab's clock, 22:30 on 1 June in UTC.
    const janContact = { name: '=HYPERLINK("http://evil.example","click")', email: 'jan@example.nl', subject: 'Prijs, "snel"', message: 'Regel een,\nregel "twee"' };
    saveAt(store, clock, Date.UTC(2026, 5, 1, 22, 30), { id: ids.janContact, kind: 'contact', lang: 'en', data: janContact, ...mailsFor('contact', janContact, 'en', setup, new Date(clock.at)) });

    saveAt(store, clock, Date.UTC(2026, 5, 5, 8, 0), {
      id: ids.spam,
      kind: 'contact',
      lang: 'en',
      data: { name: 'Piet Pieters', email: 'piet@example.nl', subject: 'Opening hours', message: 'Are you open on Saturdays?', _hp: 'http://spam.example', _elapsedMs: 200 },
      messages: [],
      spam: 'honeypot filled',
    });
    saveAt(store, clock, Date.UTC(2026, 5, 6, 8, 0), {
      id: ids.spamInvalid,
      kind: 'contact',
      lang: 'en',
      data: { name: 'Bot', email: 'not-an-address', subject: 'Cheap', message: 'Buy now', _elapsedMs: 120 },
      messages: [],
      spam: 'filled in 120 ms',
    });

    const testimonial = { name: 'Dr. Özil-Jansen', role: 'Tandarts, Utrecht', text: 'De kronen passen in één keer.\nEen aanrader voor elke praktijk.', rating: 4, consent: true };
    saveAt(store, clock, Date.UTC(2026, 5, 10, 12, 0), {
      id: ids.testimonial,
      kind: 'testimonial',
      lang: 'nl',
      data: testimonial,
      ...mailsFor('testimonial', testimonial, 'nl', setup, new Date(clock.at)),
    });

    for (const [id, day] of [
      [ids.twinA, 11],
      [ids.twinB, 12],
    ] as const) {
      const data = { name: 'Kees Smit', email: 'kees@example.nl', subject: 'Copy', message: 'Please copy my colleague jan@example.nl in.' };
      saveAt(store, clock, Date.UTC(2026, 5, day, 12, 0), { id, kind: 'contact', lang: 'en', data, ...mailsFor('contact', data, 'en', setup, new Date(clock.at)) });
    }

    // What went out went out as .eml files; Jan's mail was refused for good, Anna's order waits.
    for (const entry of store.pending()) {
      if (entry.submissionId === ids.annaOrder) continue;
      if (entry.submissionId === ids.janContact) {
        store.markGivenUp(entry.id, '550 5.1.1 <lab@lab.example>: No such user');
        continue;
      }
      await transport.send(entry.message, { submissionId: entry.submissionId, mailId: entry.id });
      store.markSent(entry.id, clock.at);
    }
    // A copy from before .eml files were named by their ids.
    await transport.send({ to: setup.labTo, from: setup.from, replyTo: `"Anna de Vries" <${ANNA}>`, subject: 'Nieuwe afspraak', text: 'Van: Anna de Vries\n' });
  } finally {
    store.close();
  }
}

/** Every file under the data folder (the database, its log, uploads, mail), each as lower-case text. */
function dataFolderText(): Map<string, string> {
  const texts = new Map<string, string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else texts.set(path.slice(dataDir.length + 1), readFileSync(path, 'latin1').toLowerCase());
    }
  };
  visit(dataDir);
  return texts;
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(dataDir, 'submissions.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A CSV document read back by RFC 4180's rules. */
function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The rows of list's table, each as its cells (two or more spaces apart). */
const tableRows = (stdout: string) =>
  stdout
    .split('\n')
    .slice(1)
    .filter((row) => /^[0-9a-f]{8}/.test(row))
    .map((row) => row.split(/ {2,}/));

/** Runs a real delivery loop with the .eml transport over the data folder until `done`. */
async function deliverUntil(done: (store: Store) => boolean, what: string): Promise<void> {
  const store = openStore({ dataDir });
  const { logger } = collectingLogger();
  const loop = startDelivery({ store, transport: createTransport({ dataDir, logger }), logger, pollMs: 20, backoffMs: () => 50, retentionMs: 10 * 365 * 86_400_000 });
  try {
    await waitFor(() => done(store), what, 60_000);
  } finally {
    await loop.stop();
    store.close();
  }
}

const mailFiles = () => (existsSync(join(dataDir, 'mail')) ? readdirSync(join(dataDir, 'mail')) : []);

describe('npm run submissions', { timeout: 180_000 }, () => {
  describe('list', () => {
    it("lists every submission oldest first: short id, the time on the lab's clock, form, language, who, status and files", async () => {
      await populate();
      const run = await desk(['list']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const rows = tableRows(run.stdout);
      expect(rows.map((row) => row[0])).toEqual([
        ids.annaAppointment.slice(0, 8),
        ids.annaOrder.slice(0, 8),
        ids.janContact.slice(0, 8),
        ids.spam.slice(0, 8),
        ids.spamInvalid.slice(0, 8),
        ids.testimonial.slice(0, 8),
        ids.twinA,
        ids.twinB,
      ]);
      expect(rows[0]).toEqual([ids.annaAppointment.slice(0, 8), '2026-03-10 10:15', 'appointment', 'nl', 'Anna de Vries <Anna@Example.nl>', 'delivered', '0']);
      expect(rows[1]).toEqual([ids.annaOrder.slice(0, 8), '2026-03-12 14:00', 'order', 'en', `Anna de Vries <${ANNA}>`, 'waiting', '2']);
      expect(rows[2]?.slice(1)).toEqual(['2026-06-02 00:30', 'contact', 'en', '=HYPERLINK("http://evil.example","click") <…', 'failed', '0']);
      expect(rows[3]?.slice(5)).toEqual(['suspected spam', '0']);
      expect(run.stdout).toContain('8 submissions: 4 delivered, 1 waiting, 1 failed, 2 suspected spam');
    });

    it("filters by form, by status and by days on the lab's clock, both days included", async () => {
      await populate();
      const listed = async (...args: string[]) => {
        const run = await desk(['list', ...args]);
        expect(run.code, run.stderr).toBe(0);
        return tableRows(run.stdout).map((row) => row[0]!.slice(0, 8));
      };
      const [order, failed, waiting, spam, delivered, june, march, none] = await Promise.all([
        listed('--form', 'order'),
        listed('--status', 'failed'),
        listed('--status', 'waiting'),
        listed('--status', 'spam'),
        listed('--status', 'delivered', '--form', 'contact'),
        // 22:30 UTC on 1 June is 2 June in the Netherlands.
        listed('--from', '2026-06-02', '--to', '2026-06-05'),
        listed('--to', '2026-06-01'),
        desk(['list', '--form', 'testimonial', '--status', 'failed']),
      ]);
      expect(order).toEqual([ids.annaOrder.slice(0, 8)]);
      expect(failed).toEqual([ids.janContact.slice(0, 8)]);
      expect(waiting).toEqual([ids.annaOrder.slice(0, 8)]);
      expect(spam).toEqual([ids.spam.slice(0, 8), ids.spamInvalid.slice(0, 8)]);
      expect(delivered).toEqual(['e0000007', 'e0000007']);
      expect(june).toEqual([ids.janContact.slice(0, 8), ids.spam.slice(0, 8)]);
      expect(march).toEqual([ids.annaAppointment.slice(0, 8), ids.annaOrder.slice(0, 8)]);
      expect(none.stdout.trim()).toBe('no submission matches');
    });

    it('refuses a date that is no date, a form or status it does not know, and --from after --to, as usage errors', async () => {
      await populate();
      const cases = [
        [['--from', '2026-02-30'], '--from "2026-02-30" is not a date: write it as YYYY-MM-DD'],
        [['--to', '12-06-2026'], '--to "12-06-2026" is not a date'],
        [['--form', 'orders'], '--form "orders" is not a form: use appointment, order, contact, testimonial'],
        [['--status', 'sent'], '--status "sent" is not a status: use delivered, waiting, failed, spam'],
        [['--from', '2026-06-02', '--to', '2026-06-01'], '--from 2026-06-02 is after --to 2026-06-01'],
      ] as const;
      const runs = await Promise.all(cases.map(([args]) => desk(['list', ...args])));
      runs.forEach((run, index) => {
        expect(run.code).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(cases[index]![1])]);
      });
    });
  });

  describe('show', () => {
    it('shows every field, the files with their types and sizes, and each mail with its state, by an 8-character prefix', async () => {
      await populate();
      const order = await desk(['show', ids.annaOrder.slice(0, 8)]);
      expect(order.code, order.stderr).toBe(0);
      expect(order.stdout).toContain(`submission ${ids.annaOrder}`);
      expect(order.stdout).toMatch(/received +2026-03-12 14:00 \(Europe\/Amsterdam\), 2026-03-12T13:00:00.000Z/);
      expect(order.stdout).toMatch(/clinicName +Praktijk De Brug/);
      expect(order.stdout).toMatch(/1 {2}upper jaw\.stl {7}STL, 1 kB/);
      expect(order.stdout).toMatch(/2 {2}\.\.\/\.\.\/etc\/scan\.exe {2}PDF, \d+ kB/);
      expect(order.stdout).toContain('waiting to be sent');

      // By the reference its sender was shown and its mails carry, in any case, with or without the hyphen.
      for (const reference of ['A000-0002', 'a0000002']) {
        const byReference = await desk(['show', reference]);
        expect(byReference.code, byReference.stderr).toBe(0);
        expect(byReference.stdout).toContain(`submission ${ids.annaOrder}`);
        expect(byReference.stdout).toMatch(/reference +A000-0002/);
      }

      const jan = await desk(['show', ids.janContact]);
      expect(jan.stdout).toContain('failed after 1 attempt: 550 5.1.1 <lab@lab.example>: No such user');
      // Each line of a multi-line field under the one before; nothing of it breaks the layout.
      expect(jan.stdout).toMatch(/message +Regel een,\n +regel "twee"/);

      const spam = await desk(['show', ids.spam]);
      expect(spam.stdout).toContain('kept as suspected spam: honeypot filled');
      expect(spam.stdout).toMatch(/_hp +http:\/\/spam\.example/);
      expect(spam.stdout).toContain('(none: suspected spam is kept without mails)');
    });

    it('says which submissions an ambiguous prefix fits, and that an unknown id is none, on one line', async () => {
      await populate();
      const twin = await desk(['show', 'e0000007']);
      expect(twin.code).toBe(1);
      expect(twin.stderr.trim()).toBe(`error: the id e0000007 is ambiguous: 2 submissions start with it (${ids.twinA}, ${ids.twinB}); give more of it`);
      expect((await desk(['show', ids.twinB])).stdout).toContain(`submission ${ids.twinB}`);

      const unknown = await desk(['show', 'f0000000']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim()).toBe('error: no submission has the id f0000000 (it may have been deleted after its retention period, or erased)');

      const short = await desk(['show', 'a00000']);
      expect(short.code).toBe(2);
      expect(short.stderr.trim()).toBe('error: "a00000" is too short: give at least the first 8 characters of the id');
    });
  });

  describe('export', () => {
    it('writes CSV that reads back cell for cell, with a cell a spreadsheet would run as a formula defused', async () => {
      await populate();
      const run = await desk(['export', '--format', 'csv', '--form', 'contact', '--status', 'failed']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.startsWith('\uFEFF')).toBe(true);
      const [header, row, ...rest] = parseCsv(run.stdout.slice(1));
      expect(rest).toEqual([]);
      expect(header).toEqual(['id', 'received (Europe/Amsterdam)', 'form', 'language', 'status', 'suspected spam', 'name', 'e-mail', 'files', 'name', 'email', 'subject', 'message']);
      expect(row).toEqual([
        ids.janContact,
        '2026-06-02 00:30',
        'contact',
        'en',
        'failed',
        '',
        `'=HYPERLINK("http://evil.example","click")`,
        'jan@example.nl',
        '',
        `'=HYPERLINK("http://evil.example","click")`,
        'jan@example.nl',
        'Prijs, "snel"',
        'Regel een,\nregel "twee"',
      ]);
    });

    it('writes every submission as JSON, to a file readable by its owner only that it does not overwrite without --force; CSV with ";" for a Dutch Excel', async () => {
      await populate();
      const out = join(root, 'export.json');
      const run = await desk(['export', '--format', 'json', '--out', out]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.trim()).toBe(`wrote 8 submissions to ${out}`);
      expect(statSync(out).mode & 0o777).toBe(0o600);
      const exported = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>[];
      expect(exported.map((entry) => entry.id)).toEqual([ids.annaAppointment, ids.annaOrder, ids.janContact, ids.spam, ids.spamInvalid, ids.testimonial, ids.twinA, ids.twinB]);
      expect(exported[1]).toMatchObject({
        form: 'order',
        language: 'en',
        receivedAt: '2026-03-12T13:00:00.000Z',
        status: 'waiting',
        suspectedSpam: null,
        fields: { dentistName: 'Anna de Vries', email: ANNA },
        files: [
          { position: 1, name: 'upper jaw.stl', type: 'stl', size: stl.length },
          { position: 2, name: '../../etc/scan.exe', type: 'pdf' },
        ],
        mails: [{ to: setup.labTo, status: 'pending', attempts: 0 }],
      });

      const again = await desk(['export', '--format', 'json', '--out', out]);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(`error: ${out} already exists: add --force to replace it`);
      expect((await desk(['export', '--format', 'json', '--out', out, '--force', '--form', 'order'])).code).toBe(0);
      expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveLength(1);

      const dutch = await desk(['export', '--delimiter', ';', '--form', 'appointment']);
      expect(parseCsv(dutch.stdout.slice(1), ';')[1]?.slice(0, 3)).toEqual([ids.annaAppointment, '2026-03-10 10:15', 'appointment']);
      expect(parseCsv(dutch.stdout.slice(1), ';')[1]).toContain(`'+31 6 12345678`);
    });
  });

  describe('subject', () => {
    it('exports everything stored about an address in any case: submissions, files, mails to it and answered to it, and its .eml files', async () => {
      await populate();
      const run = await desk(['subject', 'ANNA@example.NL', '--yes']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`stored about ${ANNA}: 2 submissions (1 appointment, 1 order), 2 files, 3 mails and 3 .eml files`);
      expect(run.stderr).toContain('testimonials ask for no e-mail address');
      const report = JSON.parse(run.stdout) as { about: string; submissions: { id: string; mails: { to: string; replyTo?: string; text?: string }[] }[]; mailFiles: string[] };
      expect(report.about).toBe(ANNA);
      expect(report.submissions.map((entry) => entry.id)).toEqual([ids.annaAppointment, ids.annaOrder]);
      const mails = report.submissions.flatMap((entry) => entry.mails);
      expect(mails.map((mail) => mail.to)).toEqual([setup.labTo, 'Anna@Example.nl', setup.labTo]);
      expect(mails[0]?.replyTo).toBe('"Anna de Vries" <Anna@Example.nl>');
      expect(mails[0]?.text).toContain('Anna de Vries');
      // The confirmation repeats nothing typed as free text (the name included).
      expect(mails[1]?.text).not.toContain('Anna de Vries');
      expect(report.mailFiles).toHaveLength(3);
      expect(report.mailFiles.filter((name) => name.includes(ids.annaAppointment))).toHaveLength(2);
    });

    it('copies the files beside subject.json with --out, and names other submissions that mention the address without exporting them', async () => {
      await populate();
      const out = join(root, 'request');
      const anna = await desk(['subject', ANNA, '--yes', '--out', out]);
      expect(anna.code, anna.stderr).toBe(0);
      expect(readdirSync(out).sort()).toEqual(['a0000002-1-upper jaw.stl', 'a0000002-2-scan.pdf', 'subject.json']);
      expect(readFileSync(join(out, 'a0000002-1-upper jaw.stl')).equals(stl)).toBe(true);
      const report = JSON.parse(readFileSync(join(out, 'subject.json'), 'utf8')) as { submissions: { files: { copiedAs?: string }[] }[] };
      expect(report.submissions[1]?.files.map((file) => file.copiedAs)).toEqual(['a0000002-1-upper jaw.stl', 'a0000002-2-scan.pdf']);

      const jan = await desk(['subject', 'jan@example.nl', '--yes']);
      expect(jan.code, jan.stderr).toBe(0);
      expect((JSON.parse(jan.stdout) as { submissions: { id: string }[] }).submissions.map((entry) => entry.id)).toEqual([ids.janContact]);
      expect(jan.stderr).toContain("the address also appears in the text of 2 other submissions (e0000007, e0000007): someone else's forms, left out");
    });

    it('asks before it exports, and without a terminal to answer at refuses unless --yes', async () => {
      await populate();
      const out = join(root, 'request');
      const run = await desk(['subject', ANNA, '--out', out]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('error: subject needs a confirmation, and standard input is not a terminal to answer at: add --yes to go ahead without asking');
      expect(existsSync(out)).toBe(false);
    });
  });

  describe('erase', () => {
    it('erases everything of an address, so that nothing of it is left in the database, its log, uploads or mail, and logs only how much', async () => {
      await populate();
      // A server from before deletions were overwritten left what it deleted in the database's free pages:
      // a submission of Anna's that retention deleted long ago, say.
      const old = new Database(join(dataDir, 'submissions.db'));
      old.pragma('secure_delete = OFF');
      const data = JSON.stringify({ name: 'Anna de Vries', email: ANNA, subject: 'Old', message: `${'z'.repeat(12_000)} an old question` });
      old.prepare("INSERT INTO submissions (id, kind, lang, created_at, data) VALUES ('a0000000-0000-4000-8000-000000000000', 'contact', 'nl', 0, ?)").run(data);
      old.pragma('wal_checkpoint(TRUNCATE)');
      old.prepare("DELETE FROM submissions WHERE id = 'a0000000-0000-4000-8000-000000000000'").run();
      old.pragma('wal_checkpoint(TRUNCATE)');
      old.close();
      const before = dataFolderText();
      // What is looked for is there to be found first: in the database (or its log), the mail folder.
      expect([...before].filter(([, text]) => text.includes(ANNA)).map(([path]) => path.split('/')[0])).toEqual(expect.arrayContaining(['mail']));
      expect([...before].some(([path, text]) => path.startsWith('submissions.db') && text.includes(ANNA))).toBe(true);
      expect(before.get('submissions.db')).toContain('an old question');
      expect(query('SELECT count(*) AS n FROM confirmations')).toEqual([{ n: 1 }]);

      const run = await desk(['erase', ANNA, '--yes']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('this erases 2 submissions (1 appointment, 1 order), 2 files, 3 mails and 3 .eml files; it cannot be undone');
      expect(run.stdout).toContain('erased 2 submissions, 2 files, 3 mails and 3 .eml files; logged as an erasure (when and how much, not whose)');
      expect(run.stdout).toContain("2 mails were sent before: delete them from the mailboxes that received them (the lab's inbox) too");
      expect(run.stdout.toLowerCase()).not.toContain(ANNA);

      const after = dataFolderText();
      expect([...after].filter(([, text]) => ['anna@example.nl', 'anna de vries', 'mijn brug zit los', 'an old question'].some((what) => text.includes(what))).map(([path]) => path)).toEqual([]);
      // The database was rewritten and its log emptied: no page of before is left in either.
      expect(after.get('submissions.db-wal') ?? '').toBe('');
      expect(readdirSync(join(dataDir, 'uploads'))).toEqual([]);
      expect(query('SELECT submissions, files, mails FROM erasures')).toEqual([{ submissions: 2, files: 2, mails: 3 }]);
      expect(query<{ erased_at: number }>('SELECT erased_at FROM erasures')[0]?.erased_at).toBeGreaterThan(Date.now() - 120_000);
      expect(query('SELECT count(*) AS n FROM confirmations')).toEqual([{ n: 0 }]);
      // Everyone else's is as it was.
      expect(query<{ id: string }>('SELECT id FROM submissions ORDER BY id').map((row) => row.id)).toEqual([ids.janContact, ids.spam, ids.spamInvalid, ids.testimonial, ids.twinA, ids.twinB]);
      expect(mailFiles()).toHaveLength(3);

      const again = await desk(['erase', ANNA, '--yes']);
      expect(again.stdout).toContain('nothing is stored about this address: nothing erased');
      expect(query('SELECT count(*) AS n FROM erasures')).toEqual([{ n: 1 }]);
    });

    it('leaves a submission that only mentions the address in its text, and says so', async () => {
      await populate();
      const run = await desk(['erase', 'jan@example.nl', '--yes']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('erased 1 submission, 0 files, 1 mail and 0 .eml files');
      expect(run.stdout).toContain("the address still appears in the text of 2 other submissions (e0000007, e0000007): someone else's forms");
      expect(query('SELECT id FROM submissions WHERE id LIKE ?', 'e0000007%')).toHaveLength(2);
    });

    it('refuses without a terminal to answer at unless --yes, and erases nothing', async () => {
      await populate();
      const run = await desk(['erase', ANNA]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('error: erase needs a confirmation');
      expect(query('SELECT count(*) AS n FROM submissions')).toEqual([{ n: 8 }]);
      expect(query('SELECT count(*) AS n FROM erasures')).toEqual([{ n: 0 }]);
    });

    it('refuses what is no e-mail address as a usage error', async () => {
      await populate();
      const run = await desk(['erase', 'anna', '--yes']);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe('error: "anna" is not an e-mail address');
    });
  });

  describe('retry', () => {
    it('puts a failed mail back in the queue, due now with its attempts reset, and a running delivery loop sends it', async () => {
      await populate();
      const nothing = await desk(['retry', ids.annaOrder]);
      expect(nothing.code).toBe(1);
      expect(nothing.stderr.trim()).toBe(`error: ${ids.annaOrder} has no failed mail to retry (its mails: pending)`);

      const run = await desk(['retry', ids.janContact.slice(0, 8)]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`requeued 1 mail of ${ids.janContact.slice(0, 8)}:`);
      expect(run.stdout).toContain(`to ${setup.labTo}: "`);
      const [row] = query<{ status: string; attempts: number; next_attempt_at: number }>('SELECT status, attempts, next_attempt_at FROM outbox WHERE submission_id = ?', ids.janContact);
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect(row!.next_attempt_at).toBeLessThanOrEqual(Date.now());
      await deliverUntil(() => mailFiles().some((name) => name.includes(ids.janContact)), 'the mail sent as an .eml file');
      expect(query('SELECT status FROM outbox WHERE submission_id = ?', ids.janContact)).toEqual([{ status: 'sent' }]);
    });
  });

  describe('spam and not-spam', () => {
    it('holds back the mails of a submission marked as spam, and sends them once it is released', async () => {
      await populate();
      const marked = await desk(['spam', ids.annaOrder.slice(0, 8)]);
      expect(marked.code, marked.stderr).toBe(0);
      expect(marked.stdout.trim()).toBe(`marked ${ids.annaOrder.slice(0, 8)} as suspected spam; 1 mail held back`);
      expect(query('SELECT spam FROM submissions WHERE id = ?', ids.annaOrder)).toEqual([{ spam: 'marked by the lab' }]);
      expect(query('SELECT status FROM outbox WHERE submission_id = ?', ids.annaOrder)).toEqual([{ status: 'withheld' }]);
      const store = openStore({ dataDir });
      expect(store.due(Date.now() + 86_400_000, 50).map((entry) => entry.submissionId)).not.toContain(ids.annaOrder);
      store.close();
      expect((await desk(['list', '--status', 'spam'])).stdout).toContain(ids.annaOrder.slice(0, 8));
      expect((await desk(['spam', ids.annaOrder])).stderr.trim()).toBe(`error: ${ids.annaOrder} is already marked as suspected spam (marked by the lab)`);

      const released = await desk(['not-spam', ids.annaOrder, '--dist', fixtureDist]);
      expect(released.code, released.stderr).toBe(0);
      expect(released.stdout).toContain('1 held-back mail queued again');
      await deliverUntil(() => mailFiles().some((name) => name.includes(ids.annaOrder)), 'the held-back mail sent');
      expect((await desk(['list', '--form', 'order'])).stdout).toContain('delivered');
    });

    it('checks a submission the server kept as spam as its form would, and queues the mails it would have caused', async () => {
      await populate();
      const run = await desk(['not-spam', ids.spam.slice(0, 8), '--dist', fixtureDist]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`released ${ids.spam.slice(0, 8)} from suspected spam`);
      expect(run.stdout).toMatch(new RegExp(`queued 1 mail:\\n  to ${setup.labTo}: ".*Piet Pieters`));
      const [row] = query<{ spam: string | null; data: string }>('SELECT spam, data FROM submissions WHERE id = ?', ids.spam);
      expect(row?.spam).toBeNull();
      // What the form does not have (the honeypot, the fill time) is not kept.
      expect(JSON.parse(row!.data)).toEqual({ name: 'Piet Pieters', email: 'piet@example.nl', subject: 'Opening hours', message: 'Are you open on Saturdays?' });
      await deliverUntil(() => mailFiles().some((name) => name.includes(ids.spam)), 'the released mail sent');
      const [eml] = mailFiles().filter((name) => name.includes(ids.spam));
      expect(readFileSync(join(dataDir, 'mail', eml!), 'latin1')).toMatch(/^Reply-To: Piet Pieters <piet@example\.nl>/m);
    });

    it("refuses to release what does not pass the form's checks, naming each field, and one without a build", async () => {
      await populate();
      const invalid = await desk(['not-spam', ids.spamInvalid, '--dist', fixtureDist]);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr.trim()).toMatch(new RegExp(`^error: ${ids.spamInvalid} does not pass the contact form's checks, so it cannot be sent as a submission: email: .+$`));
      expect(query('SELECT spam FROM submissions WHERE id = ?', ids.spamInvalid)).toEqual([{ spam: 'filled in 120 ms' }]);

      const unbuilt = await desk(['not-spam', ids.spam, '--dist', join(root, 'no-build')]);
      expect(unbuilt.code).toBe(1);
      expect(unbuilt.stderr).toMatch(/the mails are made from the build's texts, which cannot be read \(.*\): run npm run build first/);
      expect(query('SELECT count(*) AS n FROM outbox WHERE submission_id = ?', ids.spam)).toEqual([{ n: 0 }]);
    });
  });

  describe('files', () => {
    it("copies an order's files named by their detected types, never by the sender's extension or path, and replaces them only with --force", async () => {
      await populate();
      const folder = join(root, 'case 21');
      const run = await desk(['files', ids.annaOrder.slice(0, 8), folder]);
      expect(run.code, run.stderr).toBe(0);
      expect(readdirSync(folder).sort()).toEqual(['1-upper jaw.stl', '2-scan.pdf']);
      expect(readFileSync(join(folder, '2-scan.pdf')).equals(uploadFixture('minimal.pdf'))).toBe(true);
      expect(statSync(join(folder, '1-upper jaw.stl')).mode & 0o777).toBe(0o600);
      expect(run.stdout).toContain('2-scan.pdf  PDF, 1 kB, sent as "../../etc/scan.exe"');

      const again = await desk(['files', ids.annaOrder, folder]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exist: add --force to replace them');
      writeFileSync(join(folder, '1-upper jaw.stl'), 'changed');
      expect((await desk(['files', ids.annaOrder, folder, '--force'])).code).toBe(0);
      expect(readFileSync(join(folder, '1-upper jaw.stl')).equals(stl)).toBe(true);

      const none = await desk(['files', ids.janContact, folder]);
      expect(none.code).toBe(1);
      expect(none.stderr.trim()).toBe(`error: ${ids.janContact} has no files (a submission of the contact form)`);
    });
  });

  describe('testimonial', () => {
    it('writes a testimonial with its consent as a content file in its own language, which the check then reports as missing the other', async () => {
      await populate();
      const site = fixtureSite();
      try {
        const content = join(site.root, 'content');
        const run = await desk(['testimonial', ids.testimonial.slice(0, 8), '--content', content]);
        expect(run.code, run.stderr).toBe(0);
        const path = join(content, 'testimonials', 'dr-ozil-jansen.yaml');
        expect(run.stdout).toContain(`wrote ${relative(projectRoot, path)} (Dutch)`);
        expect(run.stdout).toContain('still to do: write the English of role and text (en:)');
        const written = readFileSync(path, 'utf8');
        expect(written).toContain(`# From submission ${ids.testimonial}`);
        expect(load(written)).toEqual({
          id: 'dr-ozil-jansen',
          name: 'Dr. Özil-Jansen',
          role: { nl: 'Tandarts, Utrecht' },
          text: { nl: 'De kronen passen in één keer.\nEen aanrader voor elke praktijk.' },
          rating: 4,
        });

        const errors = checkContent({ root: site.root }).diagnostics.filter((d) => d.severity === 'error');
        expect(errors.map((d) => `${d.file} ${d.rule} ${d.path}: ${d.message}`)).toEqual([
          'content/testimonials/dr-ozil-jansen.yaml i18n/missing-en role: the English text is missing',
          'content/testimonials/dr-ozil-jansen.yaml i18n/missing-en text: the English text is missing',
        ]);

        const twice = await desk(['testimonial', ids.testimonial, '--content', content]);
        expect(twice.code).toBe(1);
        expect(twice.stderr.trim()).toBe(`error: ${ids.testimonial} was already written as ${path}`);
      } finally {
        site.cleanup();
      }
    });

    it('refuses a submission that is no testimonial, one marked as spam and one without consent', async () => {
      await populate();
      const store = openStore({ dataDir });
      const withoutConsent = store.save({ kind: 'testimonial', lang: 'en', data: { name: 'Eva', role: 'Dentist', text: 'Good.', rating: 5 }, messages: [] });
      const spam = store.save({ kind: 'testimonial', lang: 'en', data: { name: 'Bot', role: 'Bot', text: 'Buy now', rating: 5, consent: true, _hp: 'x' }, messages: [], spam: 'honeypot filled' });
      store.close();
      const content = join(root, 'content');
      mkdirSync(join(content, 'testimonials'), { recursive: true });
      expect((await desk(['testimonial', ids.janContact, '--content', content])).stderr.trim()).toBe(`error: ${ids.janContact} is a submission of the contact form, not a testimonial`);
      expect((await desk(['testimonial', withoutConsent, '--content', content])).stderr.trim()).toBe(
        `error: ${withoutConsent} has no consent to publish: a testimonial is published only with the consent its sender gave`,
      );
      expect((await desk(['testimonial', spam, '--content', content])).stderr.trim()).toBe(
        `error: ${spam} is marked as suspected spam (honeypot filled): release it with not-spam first if it is a real testimonial`,
      );
      expect(readdirSync(join(content, 'testimonials'))).toEqual([]);
    });
  });

  describe('errors', () => {
    it('says where the data folder or the database is missing, and makes neither', async () => {
      const missing = join(root, 'nowhere');
      const run = await desk(['list'], { dataDir: missing });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `error: there is no data folder at ${missing}: set DATA_DIR to the folder the site's server keeps its submissions in (it defaults to ./data from where it is started)`,
      );
      expect(existsSync(missing)).toBe(false);

      mkdirSync(dataDir);
      const empty = await desk(['show', ids.annaOrder]);
      expect(empty.code).toBe(1);
      expect(empty.stderr.trim()).toBe(`error: there is no database in ${dataDir} (submissions.db): the site's server has not run with this data folder yet, or DATA_DIR points elsewhere`);
      expect(readdirSync(dataDir)).toEqual([]);
    });

    it('refuses a database of another version, saying what to do, and a file that is no database', async () => {
      await populate();
      const setVersion = (version: number) => {
        const db = new Database(join(dataDir, 'submissions.db'));
        db.pragma(`user_version = ${version}`);
        db.close();
      };
      const file = join(dataDir, 'submissions.db');
      setVersion(schemaVersion + 1);
      const newer = await desk(['list']);
      expect(newer.code).toBe(1);
      expect(newer.stderr.trim()).toBe(
        `error: ${file} is of a newer version (${schemaVersion + 1}) than this desk reads (${schemaVersion}): update this checkout to the version of the site that wrote it`,
      );
      setVersion(schemaVersion - 1);
      const older = await desk(['erase', ANNA, '--yes']);
      expect(older.code).toBe(1);
      expect(older.stderr.trim()).toBe(`error: ${file} is of an older version (${schemaVersion - 1}) than this desk reads (${schemaVersion}): start the site's server once to upgrade it`);
      expect(query('SELECT count(*) AS n FROM submissions')).toEqual([{ n: 8 }]);

      rmSync(dataDir, { recursive: true });
      mkdirSync(dataDir);
      writeFileSync(file, 'this is a text file, not a database, and long enough to have a header of one hundred bytes or so....');
      const garbage = await desk(['list']);
      expect(garbage.code).toBe(1);
      expect(garbage.stderr.trim()).toMatch(new RegExp(`^error: ${file} is not a readable SQLite database \\(.*\\): restore it from a backup$`));
    });

    it('answers --help for the desk and for each command, and a wrong command or option with a usage error', async () => {
      const general = await desk(['--help']);
      expect(general.code).toBe(0);
      const commands = ['list', 'show', 'export', 'subject', 'erase', 'retry', 'spam', 'not-spam', 'files', 'testimonial'];
      for (const command of commands) expect(general.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
      const helps = await Promise.all(commands.map((command) => desk([command, '--help'])));
      helps.forEach((help, index) => {
        expect(help.code).toBe(0);
        expect(help.stdout).toMatch(new RegExp(`^Usage: npm run submissions -- ${commands[index]} `));
      });

      const typo = await desk(['lsit']);
      expect(typo.code).toBe(2);
      expect(typo.stderr.trim()).toBe('error: there is no command "lsit": did you mean "list"? (npm run submissions -- --help lists them)');
      const option = await desk(['list', '--colour']);
      expect(option.code).toBe(2);
      expect(option.stderr.trim()).toMatch(/^error: Unknown option '--colour'.* \(npm run submissions -- list --help\)$/);
      const missing = await desk(['files', ids.annaOrder]);
      expect(missing.code).toBe(2);
      expect(missing.stderr.trim()).toBe(`error: files takes <id> <folder>, not "${ids.annaOrder}" (npm run submissions -- files --help)`);
    });
  });

  describe('beside the running server', () => {
    it('lists, exports and erases while the server stores submissions and sends their mails: no lock error, nothing lost', async () => {
      const api = await startApiServer({ dataDir });
      let posting = true;
      const posted: string[] = [];
      const failures: string[] = [];
      try {
        const target = 'target@example.nl';
        for (let n = 0; n < 3; n++) {
          const reply = await postJson(api.port, '/api/contact', contact({ email: target, message: `Request ${n}` }));
          expect(reply.status).toBe(200);
        }
        const writer = (async () => {
          for (let n = 0; posting; n++) {
            const email = `visitor${n}@example.nl`;
            const reply = await postJson(api.port, '/api/contact', contact({ email }));
            if (reply.status === 200) posted.push(email);
            else failures.push(`${reply.status} ${reply.text}`);
          }
        })();
        await waitFor(() => posted.length >= 5, 'the first submissions', 60_000);
        const before = posted.length;
        const [list, erase, exported] = await Promise.all([desk(['list']), desk(['erase', target, '--yes']), desk(['export', '--format', 'json'])]);
        // The server stored submissions while the desk ran.
        expect(posted.length).toBeGreaterThan(before);
        await waitFor(() => posted.length >= 20, 'more submissions after the desk ran', 60_000);
        posting = false;
        await writer;

        for (const run of [list, erase, exported]) {
          expect(run.stderr).not.toMatch(/SQLITE_BUSY|locked/i);
          expect(run.code, run.stderr).toBe(0);
        }
        expect(erase.stdout).toContain('erased 3 submissions, 0 files, 3 mails');
        expect(failures).toEqual([]);
        const stored = query<{ data: string }>('SELECT data FROM submissions').map((row) => (JSON.parse(row.data) as { email: string }).email);
        expect(stored.sort()).toEqual([...posted].sort());
        expect(JSON.parse(exported.stdout)).toEqual(expect.any(Array));
        await waitFor(() => query<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE status = 'pending'")[0]?.n === 0, 'every mail sent', 60_000);
        expect(
          mailFiles().filter((name) =>
            readFileSync(join(dataDir, 'mail', name), 'latin1')
              .toLowerCase()
              .includes(target),
          ),
        ).toEqual([]);
      } finally {
        posting = false;
        await api.stop();
      }
    });
  });
});

describe('the confirmation prompt', () => {
  const terminal = (answer: string | null) => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const output = new PassThrough();
    let asked = '';
    output.on('data', (chunk: Buffer) => (asked += chunk.toString()));
    if (answer === null) input.end();
    else input.write(answer);
    return { terminal: { input, output }, asked: () => asked };
  };

  it('goes ahead on "y" or "yes" in any case, and on nothing else', async () => {
    for (const [answer, expected] of [
      ['y\n', true],
      ['Yes\n', true],
      ['n\n', false],
      ['\n', false],
      ['yes please\n', false],
    ] as const) {
      const { terminal: t, asked } = terminal(answer);
      expect(await confirm('Erase it?', t, 'erase')).toBe(expected);
      expect(asked()).toBe('Erase it? [y/N] ');
    }
  });

  it('takes input closed before an answer for no', async () => {
    expect(await confirm('Erase it?', terminal(null).terminal, 'erase')).toBe(false);
  });

  it('refuses without a terminal, as a usage error', async () => {
    const input = new PassThrough();
    await expect(confirm('Erase it?', { input, output: new PassThrough() }, 'erase')).rejects.toEqual(
      new DeskError('erase needs a confirmation, and standard input is not a terminal to answer at: add --yes to go ahead without asking', 2),
    );
  });
});

describe('what the desk shows of an order', () => {
  const detail = (data: Record<string, unknown>): SubmissionDetail => ({
    id: 'a0000009-0000-4000-8000-000000000009',
    kind: 'order',
    lang: 'nl',
    createdAt: Date.UTC(2026, 10, 27, 10, 0),
    name: 'Anna de Vries',
    email: 'anna@example.nl',
    status: 'waiting',
    spam: null,
    fileCount: 0,
    data,
    files: [],
    mails: [],
  });

  it('shows the fields a lab works from as fields, its reference first, the teeth as a list', () => {
    const text = showText(
      detail({ dentistName: 'Anna de Vries', serviceType: 'Zirconia bridge', dueDate: '2026-12-04', dueKind: 'appointment', teeth: [11, 21, 22], shade: 'A2', stage: 'tryIn', pickup: true }),
    );
    expect(text).toMatch(/^submission a0000009-0000-4000-8000-000000000009\n {2}reference +A000-0009\n/);
    expect(text).toMatch(/\n {2}dueDate +2026-12-04\n {2}dueKind +appointment\n {2}teeth +11, 21, 22\n {2}shade +A2\n {2}stage +tryIn\n {2}pickup +true\n/);
    expect(exportObject(detail({ teeth: [11] }))).toMatchObject({ reference: 'A000-0009', fields: { teeth: [11] } });
  });

  it('still shows an order stored before these fields existed, with what it has', () => {
    const text = showText(detail({ dentistName: 'Anna de Vries', serviceType: 'Zirconia crown 16', additionalInfo: 'Shade A2' }));
    expect(text).toMatch(/ {2}serviceType +Zirconia crown 16\n {2}additionalInfo +Shade A2\n/);
    expect(text).not.toContain('teeth');
  });
});
