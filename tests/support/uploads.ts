import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { send, type Reply } from './api.ts';
import { projectRoot } from './fixtures.ts';

/** A file of tests/fixtures/uploads/. */
export const uploadFixture = (name: string): Buffer => readFileSync(join(projectRoot, 'tests', 'fixtures', 'uploads', name));

/**
 * A correct PDF of exactly `size` bytes: minimal.pdf with a comment line of random bytes after its
 * header (incompressible, as a scan is), its cross-reference offsets moved along.
 */
export function pdfOfSize(size: number): Buffer {
  const pdf = uploadFixture('minimal.pdf').toString('latin1');
  const header = '%PDF-1.4\n';
  const build = (padding: number) => {
    const shift = padding + 2;
    const rest = pdf
      .slice(header.length)
      .replace(/^(\d{10}) 00000 n /gm, (_line, offset: string) => `${String(Number(offset) + shift).padStart(10, '0')} 00000 n `)
      .replace(/startxref\n(\d+)/, (_line, offset: string) => `startxref\n${Number(offset) + shift}`);
    // Random bytes without line ends, so the comment stays one line.
    const noise = Buffer.from(randomBytes(padding).map((byte) => (byte === 0x0a || byte === 0x0d ? 0x20 : byte)));
    return Buffer.concat([Buffer.from(`${header}%`, 'latin1'), noise, Buffer.from(`\n${rest}`, 'latin1')]);
  };
  // The startxref offset grows by a few digits with the padding.
  const first = size - pdf.length - 2;
  const bytes = build(first - (build(first).length - size));
  if (bytes.length !== size) throw new Error(`pdfOfSize: made ${bytes.length} bytes, not ${size}`);
  return bytes;
}

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

