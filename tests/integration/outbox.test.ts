import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDesk, type Prepare } from '../../src/server/desk.ts';
import type { MailMessage } from '../../src/server/mail.ts';
import { openStore, type Store, type SubmissionInput } from '../../src/server/store.ts';

// The server (store.ts) and the lab's desk (desk.ts) queue mails through one data layer (src/server/db/): an
// address gets at most three appointment confirmations a day, counted alike whichever of the two queues them.

const start = Date.UTC(2026, 10, 2, 9);
const labMail = (n: number): MailMessage => ({ to: 'lab@example.nl', from: 'site@example.nl', subject: `Appointment ${n}`, text: `request ${n}\n` });
const confirmationTo = (recipient: string, n: number) => ({ recipient, message: { to: recipient, from: 'site@example.nl', subject: `Your request ${n}`, text: `confirmed ${n}\n` } });

let dataDir: string;
let store: Store;
let now = start;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
  now = start;
  store = openStore({ dataDir, now: () => now });
});
afterEach(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An appointment as the API stores it: a mail to the lab and a confirmation to `recipient`. */
const appointment = (recipient: string, n: number): SubmissionInput => ({
  kind: 'appointment',
  lang: 'nl',
  data: { FullName: 'Anna de Vries', EmailAddress: recipient },
  messages: [labMail(n)],
  confirmation: confirmationTo(recipient, n),
});

/** An appointment the server kept as suspected spam (no mails yet), and what the desk's release makes of it. */
const keptAsSpam = (recipient: string, n: number): { input: SubmissionInput; prepare: () => Prepare } => ({
  input: { kind: 'appointment', lang: 'nl', data: { FullName: 'Anna de Vries', EmailAddress: recipient }, messages: [], spam: 'sent too fast' },
  prepare: () => (submission) => ({ data: submission.data, messages: [labMail(n)], confirmation: confirmationTo(recipient, n) }),
});

const confirmationsTo = (address: string) => store.pending().filter((entry) => entry.message.to === address).length;

describe('the confirmations limit, shared by the server and the desk', () => {
  it("leaves out a release's confirmation once the server has queued the address's three of the day, and still queues the lab's mail", () => {
    for (const n of [1, 2, 3]) store.save(appointment(n === 2 ? 'Anna+clinic@Example.nl' : 'anna@example.nl', n));
    const spam = keptAsSpam('anna@example.nl', 4);
    const id = store.save(spam.input);
    const desk = openDesk(dataDir, { now: () => now });
    try {
      const release = desk.release(id, spam.prepare);
      expect(release.confirmationSkipped).toBe(true);
      expect(release.queued.map((mail) => mail.subject)).toEqual(['Appointment 4']);
    } finally {
      desk.close();
    }
    expect(confirmationsTo('anna@example.nl') + confirmationsTo('Anna+clinic@Example.nl')).toBe(3);
  });

  it("counts a confirmation the desk queued, so the server's next one past the three is left out; a day later it is sent again", () => {
    store.save(appointment('jan@example.nl', 1));
    store.save(appointment('jan@example.nl', 2));
    const spam = keptAsSpam('jan@example.nl', 3);
    const id = store.save(spam.input);
    const desk = openDesk(dataDir, { now: () => now });
    try {
      const release = desk.release(id, spam.prepare);
      expect(release.confirmationSkipped).toBe(false);
      expect(release.queued.map((mail) => mail.subject)).toEqual(['Appointment 3', 'Your request 3']);
    } finally {
      desk.close();
    }
    store.save(appointment('jan@example.nl', 4));
    expect(confirmationsTo('jan@example.nl')).toBe(3);
    now = start + 86_400_001;
    store.save(appointment('jan@example.nl', 5));
    expect(confirmationsTo('jan@example.nl')).toBe(4);
  });
});
