import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { send, type Reply } from './api.ts';
import { projectRoot } from './fixtures.ts';

/** A file of tests/fixtures/uploads/. */
export const uploadFixture = (name: string): Buffer => readFileSync(join(projectRoot, 'tests', 'fixtures', 'uploads', name));

export interface FilePart {
  bytes: Buffer;
  filename: string;
  /** Sends the name as RFC 5987 `filename*=utf-8''...`, which can carry any character, CR and LF included. */
  encoded?: boolean;
  field?: string;
  type?: string;
}

/** A multipart/form-data body written by hand, so a test controls every byte. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []): { body: Buffer; type: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ${file.encoded ? `filename*=utf-8''${encodeURIComponent(file.filename)}` : `filename="${file.filename}"`}\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

export function postOrder(port: number, fields: Record<string, string>, files: FilePart[], lang = 'en'): Promise<Reply> {
  const { body, type } = multipart(fields, files);
  return send(port, `/api/order?lang=${lang}`, { method: 'POST', headers: { 'Content-Type': type, 'Content-Length': body.length }, body });
}

