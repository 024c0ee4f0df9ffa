import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Address, type SendMailOptions } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Logger } from './log.ts';
import { mailFileName, type MailIds } from './mail-files.ts';

/** One mail as the outbox stores it (JSON); header values may hold visitor input and are cleaned at send time. */
export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /**
   * The files sent with an order, attached in the order they were sent. Each one's name and type come
   * from what its bytes were found to be (`order-<id>-1.stl`, `model/stl`), never from the visitor.
   */
  attachments?: MailAttachment[];
  /**
   * The one file of an order, as the outbox stored it before orders took several (`order-<id>.stl`; an
   * entry older still carries no type). Still sent, after `attachments`, for mails queued back then.
   */
  attachment?: { path: string; filename: string; contentType?: string };
}

/** A file on disk attached to a mail. */
export interface MailAttachment {
  path: string;
  filename: string;
  contentType: string;
}

/**
 * Sends one message; rejects when it did not go out, so the delivery loop tries again later. `ids` name the
 * outbox entry it is; the .eml transport puts them in the file's name and resolves to the file's path.
 */
export interface MailTransport {
  send(message: MailMessage, ids?: MailIds): Promise<string | void>;
}

/**
 * A header value (or a visitor's one-line value in a mail) with every CR, LF and other control character
 * (and Unicode line separator) turned into a space, and the controls that reorder text on screen
 * (U+202E turns "scan\u202Egnp.exe" into "scanexe.png") removed.
 */
export function safeHeader(value: string): string {
  return value
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .trim();
}

/** The mailboxes in an address field, or null when it holds a group or something that is no address. */
function mailboxes(value: string): Address[] | null {
  const parsed = addressparser(safeHeader(value));
  const result: Address[] = [];
  for (const entry of parsed) {
    // "a@b.example Bcc: x@evil.example" parses as a group holding x@evil.example: refuse it, never send to it.
    if (entry.group !== undefined || !entry.address.includes('@')) return null;
    result.push({ name: entry.name, address: entry.address });
  }
  return result.length > 0 ? result : null;
}

/**
 * The Message-ID of an outbox entry: its id at the domain of the mail's From. The same on every attempt,
 * so a mail sent again after a crash mid-send (SMTP cannot promise exactly once) is the same message to
 * every mail client and to threading, not a second submission.
 */
export function messageIdOf(mailId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(safeHeader(from))?.[1] ?? 'localhost';
  return `<${mailId.replace(/[^A-Za-z0-9.-]/g, '')}@${domain.toLowerCase()}>`;
}

function mailOptions(message: MailMessage, logger: Logger, ids?: MailIds): SendMailOptions {
  const to = mailboxes(message.to);
  // A bad recipient is a bug upstream (the API validates addresses); failing keeps the message for a look.
  if (to === null) throw new Error('the To field is not a list of e-mail addresses');
  const replyTo = message.replyTo === undefined ? null : mailboxes(message.replyTo);
  // The lab message matters more than its Reply-To: send it without one rather than not at all.
  if (message.replyTo !== undefined && replyTo?.length !== 1) logger.warn('sending a mail without its Reply-To, which was not one e-mail address');
  return {
    from: safeHeader(message.from),
    ...(ids ? { messageId: messageIdOf(ids.mailId, message.from) } : {}),
    to,
    replyTo: replyTo?.length === 1 ? replyTo[0] : undefined,
    subject: safeHeader(message.subject),
    text: message.text,
    // nodemailer reads each file from its path as the mail goes out; the outbox holds only the paths.
    attachments: [...(message.attachments ?? []), ...(message.attachment ? [message.attachment] : [])].map((file) => ({
      path: file.path,
      filename: safeHeader(file.filename),
      contentType: file.contentType ?? 'application/octet-stream',
    })),
  };
}

/**
 * The mail transport: SMTP when `smtpUrl` is set (e.g. `smtps://user:pass@smtp.example.com`), otherwise
 * each message is written as an `.eml` file to `<dataDir>/mail/` so a fresh machine works without a mail server.
 */
export function createTransport(options: { smtpUrl?: string; dataDir: string; logger: Logger }): MailTransport {
  if (options.smtpUrl) {
    // Without timeouts a silent server would hold the delivery loop for minutes; the URL's own parameters win.
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      disableUrlAccess: true,
    });
    return {
      async send(message, ids) {
        await smtp.sendMail(mailOptions(message, options.logger, ids));
      },
    };
  }

  const mailDir = join(options.dataDir, 'mail');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', disableUrlAccess: true });
  return {
    async send(message, ids) {
      const info = await stream.sendMail(mailOptions(message, options.logger, ids));
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport returned no buffer');
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      // Named by its submission and outbox entry, so an erasure and the retention deletion find it.
      const path = join(mailDir, mailFileName(new Date(), ids));
      await writeFile(path, info.message, { mode: 0o600, flag: 'wx' });
      options.logger.info({ path }, 'mail written');
      return path;
    },
  };
}
