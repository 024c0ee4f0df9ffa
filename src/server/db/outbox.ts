import { createHash, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { MailMessage } from '../mail.ts';

// Queuing a submission's mails, for the server taking a form and for the desk releasing one from suspected
// spam alike: the outbox row and the limit on confirmations to a visitor's address are written here only.

/** Appointment confirmations one address may be sent in 24 hours. */
export const defaultConfirmationsPerDay = 3;

/** The window the confirmations limit counts over; older rows of the confirmations table are pruned. */
export const confirmationWindowMs = 86_400_000;

/**
 * A visitor's address as the confirmations table keeps it: hashed, case and spaces aside, and as one
 * mailbox: a tag after `+` (victim+1@, victim+2@ reach victim@) is left out.
 */
export function recipientKey(address: string): string {
  const normal = address.trim().toLowerCase();
  const at = normal.lastIndexOf('@');
  const mailbox = at > 0 ? `${normal.slice(0, at).replace(/\+.*$/, '') || normal.slice(0, at)}${normal.slice(at)}` : normal;
  return createHash('sha256').update(mailbox).digest('hex');
}

/** Queues mails on `db` (in the caller's transaction). */
export interface OutboxWriter {
  /** Queues `message` for the submission, due at `at`; returns the mail's id. */
  queue(submissionId: string, message: MailMessage, at: number): string;
  /**
   * Queues a mail to the address a visitor typed in (an appointment's confirmation) while that address has had
   * fewer than the day's share in the last 24 hours, and counts it; returns the mail's id, or null when it
   * was left out. Anyone can type anyone's address, so the limit holds wherever a confirmation is queued.
   */
  queueConfirmation(submissionId: string, confirmation: { message: MailMessage; recipient: string }, at: number): string | null;
}

/** The outbox writer of a database whose layout is made (db/schema.ts); `confirmationsPerDay` defaults to three. */
export function outboxWriter(db: Database.Database, confirmationsPerDay: number = defaultConfirmationsPerDay): OutboxWriter {
  const insertMessage = db.prepare<[string, string, string, number, number]>("INSERT INTO outbox (id, submission_id, message, status, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)");
  const countConfirmations = db.prepare<[string, number], { count: number }>('SELECT count(*) AS count FROM confirmations WHERE recipient = ? AND queued_at > ?');
  const insertConfirmation = db.prepare<[string, number]>('INSERT INTO confirmations (recipient, queued_at) VALUES (?, ?)');
  const queue = (submissionId: string, message: MailMessage, at: number): string => {
    const id = randomUUID();
    insertMessage.run(id, submissionId, JSON.stringify(message), at, at);
    return id;
  };
  return {
    queue,
    queueConfirmation(submissionId, confirmation, at) {
      const recipient = recipientKey(confirmation.recipient);
      if ((countConfirmations.get(recipient, at - confirmationWindowMs)?.count ?? 0) >= confirmationsPerDay) return null;
      insertConfirmation.run(recipient, at);
      return queue(submissionId, confirmation.message, at);
    },
  };
}

/** The state of one queued mail; `withheld` is one held back when the lab marked its submission as suspected spam. */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'withheld';

/** A queued mail's row; `message` is the MailMessage as JSON. */
export interface OutboxRow {
  id: string;
  submission_id: string;
  message: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

const outboxColumns = 'id, submission_id, message, status, attempts, next_attempt_at, last_error, created_at, sent_at';

/** The queries over the outbox and the confirmations on `db`, a database of this layout (schema.ts). */
export function outboxTable(db: Database.Database) {
  const selectDue = db.prepare<[number, number], OutboxRow>(`SELECT ${outboxColumns} FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?`);
  const claimMessage = db.prepare<[number, string, number]>("UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?");
  // Withheld: the lab marked its submission as suspected spam while it was being sent; it went out all the same.
  const updateSent = db.prepare<[number, string]>("UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ? AND status IN ('pending', 'withheld')");
  const selectMessage = db.prepare<[string], { id: string }>('SELECT id FROM outbox WHERE id = ?');
  const updateFailed = db.prepare<[string, number, string]>("UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ? AND status = 'pending'");
  const updateGivenUp = db.prepare<[string, string]>("UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = ? WHERE id = ? AND status = 'pending'");
  const selectState = db.prepare<[], { waiting: number; givenUp: number; oldest: number | null }>(
    "SELECT count(*) FILTER (WHERE status = 'pending') AS waiting, count(*) FILTER (WHERE status = 'failed') AS givenUp, min(created_at) FILTER (WHERE status = 'pending') AS oldest FROM outbox",
  );
  const selectPending = db.prepare<[], OutboxRow>(`SELECT ${outboxColumns} FROM outbox WHERE status = 'pending' ORDER BY created_at, rowid`);
  const selectOf = db.prepare<[string], OutboxRow>(`SELECT ${outboxColumns} FROM outbox WHERE submission_id = ? ORDER BY created_at, rowid`);
  const selectMentioning = db.prepare<[string], OutboxRow>(`SELECT ${outboxColumns} FROM outbox WHERE instr(lower(message), ?) > 0`);
  const updateRetry = db.prepare<[number, string]>("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ? WHERE submission_id = ? AND status = 'failed'");
  const updateWithheld = db.prepare<[string]>("UPDATE outbox SET status = 'withheld' WHERE submission_id = ? AND status = 'pending'");
  const updateRequeued = db.prepare<[number, string]>("UPDATE outbox SET status = 'pending', next_attempt_at = ? WHERE submission_id = ? AND status = 'withheld'");
  const deleteOf = db.prepare<[string]>('DELETE FROM outbox WHERE submission_id = ?');
  const selectUnsentMentioning = db.prepare<[string], { id: string; message: string }>("SELECT id, message FROM outbox WHERE status != 'sent' AND instr(message, ?) > 0");
  const updateMessage = db.prepare<[string, string]>('UPDATE outbox SET message = ? WHERE id = ?');
  const deleteOldConfirmations = db.prepare<[number]>('DELETE FROM confirmations WHERE queued_at <= ?');
  const deleteConfirmationsTo = db.prepare<[string]>('DELETE FROM confirmations WHERE recipient = ?');

  return {
    /** Pending mails due at `at`, oldest due first. */
    due: (at: number, limit: number): OutboxRow[] => selectDue.all(at, limit),
    /** Takes a due mail until `leaseUntil`; false when it is sent, not due, or taken by another loop. */
    claim: (id: string, at: number, leaseUntil: number): boolean => claimMessage.run(leaseUntil, id, at).changes === 1,
    /** Marks a pending (or withheld) mail sent; false when its row is gone. */
    markSent: (id: string, at: number): boolean => updateSent.run(at, id).changes === 1 || selectMessage.get(id) !== undefined,
    markFailed(id: string, error: string, nextAttemptAt: number): void {
      updateFailed.run(error, nextAttemptAt, id);
    },
    markGivenUp(id: string, error: string): void {
      updateGivenUp.run(error, id);
    },
    state(): { waiting: number; givenUp: number; oldestWaitingAt: number | null } {
      const state = selectState.get();
      return { waiting: state?.waiting ?? 0, givenUp: state?.givenUp ?? 0, oldestWaitingAt: state?.oldest ?? null };
    },
    /** Every mail not sent yet, oldest first. */
    pending: (): OutboxRow[] => selectPending.all(),
    /** A submission's mails, oldest first. */
    of: (submissionId: string): OutboxRow[] => selectOf.all(submissionId),
    /** Mails whose JSON contains `needle` (in lower case): candidates, to be read for their addresses. */
    mentioning: (needle: string): OutboxRow[] => selectMentioning.all(needle),
    /** Puts a submission's given-up mails back, due at `at`, attempts reset. */
    retryFailed(submissionId: string, at: number): void {
      updateRetry.run(at, submissionId);
    },
    /** Holds back a submission's mails not yet sent; returns how many. */
    withhold: (submissionId: string): number => updateWithheld.run(submissionId).changes,
    /** Makes a submission's withheld mails due at `at`; returns how many. */
    requeueWithheld: (submissionId: string, at: number): number => updateRequeued.run(at, submissionId).changes,
    /** Deletes a submission's mails; returns how many. */
    deleteOf: (submissionId: string): number => deleteOf.run(submissionId).changes,
    /** Makes the mails not yet sent attach their files from `to` where they named `from` (a data folder restored elsewhere). */
    moveAttachments(from: string, to: string): void {
      const [was, now] = [JSON.stringify(from).slice(1, -1), JSON.stringify(to).slice(1, -1)];
      for (const row of selectUnsentMentioning.all(from)) updateMessage.run(row.message.split(was).join(now), row.id);
    },
    /** Forgets confirmations queued at or before `before`: past the limit's window. */
    pruneConfirmations(before: number): void {
      deleteOldConfirmations.run(before);
    },
    /** Forgets the confirmations counted for an address (its erasure). */
    forgetRecipient(address: string): void {
      deleteConfirmationsTo.run(recipientKey(address));
    },
  };
}

export type OutboxTable = ReturnType<typeof outboxTable>;
