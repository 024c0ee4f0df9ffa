import { randomBytes } from 'node:crypto';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { RequestOptions } from 'node:https';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { filesIn, incomingUploads, readReply, send, startApiServer, storedSubmissions, type ApiServer, type Reply } from './api.ts';
import { pdfChunks } from './pdf-of-size.ts';

export { pdfChunks, pdfOfSize, uploadFixture } from './pdf-of-size.ts';

/** A name as RFC 5987 `filename*=utf-8''...` carries it: every byte but the unreserved ones percent-encoded (encodeURIComponent leaves ' ( ) * ! ~). */
export const encodeFilename = (name: string): string => encodeURIComponent(name).replace(/['()*!~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

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
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ${file.encoded ? `filename*=utf-8''${encodeFilename(file.filename)}` : `filename="${file.filename}"`}\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
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

/** A file of a streamed order: its bytes as chunks made while it is sent (pdfChunks), or bytes at hand. */
export interface StreamedPart {
  filename: string;
  size: number;
  chunks: () => Iterable<Buffer>;
  field?: string;
}

/** A streamed PDF of `size` bytes named `filename`. */
export const streamedPdf = (filename: string, size: number): StreamedPart => ({ filename, size, chunks: () => pdfChunks(size) });

/** A file at hand as a streamed part. */
export const streamedBytes = (filename: string, bytes: Buffer): StreamedPart => ({ filename, size: bytes.length, chunks: () => [bytes] });

/**
 * POSTs an order whose files are made as they are sent, with its Content-Length as a browser gives it,
 * writing only as fast as the connection takes it (and, with `paceMs`, a file's chunks that far apart).
 * Resolves with the answer, also one that comes while the body is still going (a refusal at a limit),
 * how many bytes of the body were written by then and whether all of it was.
 */
export function postStreamedOrder(
  port: number,
  fields: Record<string, string>,
  files: StreamedPart[],
  options: {
    lang?: string;
    paceMs?: number;
    onSent?: () => void;
    onChunk?: (chunk: Buffer) => void;
    headers?: Record<string, string>;
    via?: { request: (options: RequestOptions, callback: (res: IncomingMessage) => void) => ClientRequest; options: RequestOptions };
  } = {},
): Promise<Reply & { written: number; complete: boolean }> {
  const boundary = `----stream${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const fileHead = (file: StreamedPart) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename*=utf-8''${encodeFilename(file.filename)}\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const length = fieldParts.reduce((sum, part) => sum + part.length, 0) + files.reduce((sum, file) => sum + fileHead(file).length + file.size + 2, 0) + end.length;
  function* body(): Generator<{ chunk: Buffer; paced: boolean }> {
    for (const chunk of fieldParts) yield { chunk, paced: false };
    for (const file of files) {
      yield { chunk: fileHead(file), paced: false };
      for (const chunk of file.chunks()) yield { chunk, paced: true };
      yield { chunk: Buffer.from('\r\n'), paced: false };
    }
    yield { chunk: end, paced: false };
  }
  return new Promise((resolve, reject) => {
    let written = 0;
    let complete = false;
    let answered = false;
    // Over another connection (HTTPS through a proxy) when `via` says so.
    const headers = { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': length, ...options.headers, ...options.via?.options.headers };
    const req = (options.via?.request ?? request)(
      { host: '127.0.0.1', port, path: `/api/order?lang=${options.lang ?? 'en'}`, method: 'POST', agent: false, ...options.via?.options, headers },
      (res) => {
        answered = true;
        readReply(res).then((reply) => resolve({ ...reply, written, complete }), reject);
      },
    );
    // The server may close the connection while the body is still going, once it has answered.
    req.on('error', (error) => answered || reject(error));
    /** Until the connection takes more, or closes. */
    const drained = () =>
      new Promise<void>((done) => {
        const settle = () => {
          req.off('drain', settle);
          req.off('close', settle);
          done();
        };
        req.on('drain', settle);
        req.on('close', settle);
      });
    const pump = async () => {
      for (const { chunk, paced } of body()) {
        if (req.destroyed) return;
        written += chunk.length;
        if (paced) options.onChunk?.(chunk);
        if (!req.write(chunk)) await drained();
        if (paced && options.paceMs) await new Promise((done) => setTimeout(done, options.paceMs));
      }
      complete = true;
      options.onSent?.();
      req.end();
    };
    pump().catch(reject);
  });
}

/**
 * The forms API for the tests of the enclosing describe (or file), started before them and stopped after,
 * and `expectNothingKept()`: nothing of a refused order stored since the test began, in the database, in
 * uploads/ or half-received (`rebase()` after an order a test kept).
 */
export function useOrderApi(options: Parameters<typeof startApiServer>[0] = {}): { readonly api: ApiServer; expectNothingKept: () => void; rebase: () => void } {
  let server: ApiServer | undefined;
  let before = 0;
  let stored = 0;
  const api = () => {
    if (!server) throw new Error('useOrderApi: the server is not started yet (use it inside a test)');
    return server;
  };
  beforeAll(async () => {
    server = await startApiServer(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  /** What is stored now is what a refused order must leave as it is. */
  const rebase = () => {
    before = storedSubmissions(api().dataDir).length;
    stored = filesIn(api().dataDir, 'uploads').length;
  };
  beforeEach(rebase);
  return {
    rebase,
    get api() {
      return api();
    },
    expectNothingKept: () => {
      expect(storedSubmissions(api().dataDir)).toHaveLength(before);
      expect(filesIn(api().dataDir, 'uploads')).toHaveLength(stored);
      expect(incomingUploads(api().dataDir)).toEqual([]);
    },
  };
}
