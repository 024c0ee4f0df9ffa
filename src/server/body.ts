import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

/** Why a request body could not be read: over its limit, not what its Content-Type says, or the client went away. */
export class BodyError extends Error {
  constructor(readonly reason: 'too-large' | 'malformed' | 'aborted') {
    super(`request body ${reason}`);
  }
}

/** The Content-Length a request declares, or undefined when it has none (chunked) or a nonsense one. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

interface Pump {
  /** Resolves once the whole body has been handed to the sink; rejects with a BodyError. */
  done: Promise<void>;
  /** Stops reading (the request is paused and left unread) and rejects `done` with `error`. */
  abort(error: BodyError): void;
}

/**
 * Hands the body to `sink` chunk by chunk, counting bytes as they stream (whatever Content-Length says)
 * and stopping as soon as more than `limit` have come in. `sink` returns a promise to hold the stream
 * back until it can take more. A stopped request is paused: the caller answers and closes the connection.
 */
function pump(req: IncomingMessage, limit: number, sink: (chunk: Buffer) => Promise<void> | void, end: () => void): Pump {
  let abort: (error: BodyError) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    let received = 0;
    let settled = false;
    const settle = (error?: BodyError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (error) {
        req.pause();
        reject(error);
      } else resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return settle(new BodyError('too-large'));
      let wait: Promise<void> | void;
      try {
        wait = sink(chunk);
      } catch {
        return settle(new BodyError('malformed'));
      }
      if (wait && !settled) {
        req.pause();
        void wait.then(() => {
          if (!settled) req.resume();
        });
      }
    };
    const onEnd = () => {
      end();
      settle();
    };
    const onClose = () => settle(new BodyError('aborted'));
    abort = settle;
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
  return { done, abort: (error) => abort(error) };
}

/**
 * Reads a JSON body of at most `limit` bytes: refused at once when Content-Length says more, and cut off
 * while it streams when a chunked body grows past it. Resolves to the parsed value.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const length = declaredLength(req);
  if (length !== undefined && length > limit) throw new BodyError('too-large');
  const chunks: Buffer[] = [];
  await pump(req, limit, (chunk) => void chunks.push(chunk), () => {}).done;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError('malformed');
  }
}

/** The text fields and the one file of a multipart form. */
export interface MultipartBody {
  fields: Record<string, string>;
  /** The part named by `fileField`, when the form had one; `filename` is its name on the sender's disk, without folders. */
  file?: { filename: string; bytes: Uint8Array };
}

export interface MultipartLimits {
  /** The name of the one file part kept; other file parts are skipped. */
  fileField: string;
  /** The most bytes the file may have: one byte more and the upload is cut off there. */
  fileBytes: number;
  /** The most bytes of the whole body, file and fields together. */
  totalBytes: number;
  /** The most bytes of one text field, and the most text fields. */
  fieldBytes: number;
  fields: number;
}

/**
 * Reads a `multipart/form-data` body with busboy. Never holds more than the file limit plus one byte
 * of file: the moment the file (or the whole body) is over its limit, reading stops and the promise
 * rejects with `too-large`. A broken form, a second file or a field name given twice rejects with `malformed`.
 */
export function readMultipartBody(req: IncomingMessage, limits: MultipartLimits): Promise<MultipartBody> {
  const length = declaredLength(req);
  if (length !== undefined && length > limits.totalBytes) return Promise.reject(new BodyError('too-large'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send the file name as raw UTF-8.
      defParamCharset: 'utf8',
      // busboy reports the limit when a file reaches it, so a file of exactly fileBytes needs one byte more.
      limits: { fileSize: limits.fileBytes + 1, files: 1, fields: limits.fields, fieldSize: limits.fieldBytes, parts: limits.fields + 1 },
    });
  } catch {
    return Promise.reject(new BodyError('malformed'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { filename: string; chunks: Buffer[] } | undefined;
    let failed = false;
    const drained = () => new Promise<void>((resume) => parser.once('drain', resume));
    const body = pump(
      req,
      limits.totalBytes,
      (chunk) => (parser.write(chunk) ? undefined : drained()),
      () => parser.end(),
    );
    const fail = (error: BodyError) => {
      if (failed) return;
      failed = true;
      body.abort(error);
      reject(error);
      // busboy reports limits from inside write() and carries on with its own state afterwards: destroying
      // it there would pull that state away mid-call, so only once the call is over.
      setImmediate(() => {
        parser.removeAllListeners();
        parser.on('error', () => {});
        parser.destroy();
      });
    };
    body.done.catch((error: unknown) => fail(error instanceof BodyError ? error : new BodyError('malformed')));
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new BodyError('too-large'));
      if (Object.hasOwn(fields, name)) return fail(new BodyError('malformed'));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== limits.fileField) {
        stream.resume();
        return;
      }
      const kept = { filename: info.filename ?? '', chunks: [] as Buffer[] };
      file = kept;
      stream.on('data', (chunk: Buffer) => kept.chunks.push(chunk));
      // A stream cut off by fail() errors with "Unexpected end of file": already answered.
      stream.on('error', () => {});
      stream.on('limit', () => fail(new BodyError('too-large')));
    });
    parser.on('filesLimit', () => fail(new BodyError('malformed')));
    parser.on('fieldsLimit', () => fail(new BodyError('too-large')));
    parser.on('partsLimit', () => fail(new BodyError('too-large')));
    parser.on('error', () => fail(new BodyError('malformed')));
    // busboy closes once the body has ended and every file stream has been read to its end.
    parser.on('close', () => {
      if (failed) return;
      resolve({ fields, ...(file ? { file: { filename: file.filename, bytes: new Uint8Array(Buffer.concat(file.chunks)) } } : {}) });
    });
  });
}
