// A real SMTP server in the test process and a reader for the raw messages it (or the .eml transport) receives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export interface Smtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process; `delayMs` holds back the final "250 OK" of each message (for
 * good when Infinity: the sender waits mid-DATA until it gives up or dies), and `rejects` refuses the recipients it names with a permanent "550 No such user".
 */
export async function startSmtp(port = 0, delayMs = 0, rejects: readonly string[] = []): Promise<Smtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejects.includes(address.address)) return callback();
      callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        if (delayMs !== Infinity) setTimeout(() => callback(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free port with nothing listening on it: a mail server that is down. */
export async function downPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

export interface Part {
  headers: Map<string, string[]>;
  body: string;
}

/** Headers (unfolded, by lower-case name) and body of a message or MIME part, from its raw text. */
export function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { headers, body: split === -1 ? '' : raw.slice(split + 4) };
}

export const header = (part: Part, name: string): string | undefined => part.headers.get(name)?.[0];

/** The parts of a multipart body. */
export function parts(message: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(header(message, 'content-type') ?? '')?.[1];
  if (!boundary) return [message];
  return message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => parsePart(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

export function decodedBody(part: Part): Buffer {
  const encoding = header(part, 'content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const bytes = part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(part.body, 'latin1');
}

/** The text of a message, with CRLF turned back into LF and without the line break that ends the data. */
export function textOf(message: Part): string {
  const text = parts(message).find((part) => (header(part, 'content-type') ?? 'text/plain').startsWith('text/plain'));
  return text ? decodedBody(text).toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '') : '';
}

/** The first attachment of a message (see attachmentsOf). */
export function attachmentOf(message: Part): { filename: string; contentType: string; bytes: Buffer } | undefined {
  return attachmentsOf(message)[0];
}

/** Every attachment of a message in its order: each one's file name, from `filename="..."` or RFC 2231 `filename*0*=utf-8''...` parameters, type and bytes. */
export function attachmentsOf(message: Part): { filename: string; contentType: string; bytes: Buffer }[] {
  return parts(message)
    .filter((candidate) => header(candidate, 'content-disposition')?.startsWith('attachment'))
    .map(attachment);
}

function attachment(part: Part): { filename: string; contentType: string; bytes: Buffer } {
  const disposition = header(part, 'content-disposition') ?? '';
  const quoted = /filename="([^"]*)"/.exec(disposition) ?? /filename=([^;\s]+)/.exec(disposition);
  const continued = [...disposition.matchAll(/filename\*(\d+)?\*?=([^;]*)/g)].map((m) => m[2] ?? '').join('');
  const filename = quoted?.[1] ?? decodeURIComponent(continued.replace(/^utf-8''/i, ''));
  const contentType = (header(part, 'content-type') ?? '').split(';')[0]!.trim();
  return { filename, contentType, bytes: decodedBody(part) };
}

// Generous: a busy two-core CI machine can take seconds to hand a mail to the test server (the test times out at 30 s).
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 25_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A header value with its RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) decoded. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*(?==\?)?/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
