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
  const insertMessage = db.prepare<[string, string, string, number, number]>(
    "INSERT INTO outbox (id, submission_id, message, status, next_attempt_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)",
  );
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
