// Correct PDFs of any size, whole or made a chunk at a time; light enough for the browser tests to import.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './fixtures.ts';

/** A file of tests/fixtures/uploads/. */
export const uploadFixture = (name: string): Buffer => readFileSync(join(projectRoot, 'tests', 'fixtures', 'uploads', name));

/**
 * A correct PDF of exactly `size` bytes as its three pieces: minimal.pdf's header with the opening of a
 * comment line, the length of that line's filler (any bytes but line ends), and the rest of minimal.pdf
 * with its cross-reference offsets moved along.
 */
function pdfPieces(size: number): { head: Buffer; padding: number; tail: Buffer } {
  const pdf = uploadFixture('minimal.pdf').toString('latin1');
  const header = '%PDF-1.4\n';
  const head = Buffer.from(`${header}%`, 'latin1');
  const tail = (padding: number) => {
    const shift = padding + 2;
    const rest = pdf
      .slice(header.length)
      .replace(/^(\d{10}) 00000 n /gm, (_line, offset: string) => `${String(Number(offset) + shift).padStart(10, '0')} 00000 n `)
      .replace(/startxref\n(\d+)/, (_line, offset: string) => `startxref\n${Number(offset) + shift}`);
    return Buffer.from(`\n${rest}`, 'latin1');
  };
  // The startxref offset grows by a few digits with the padding.
  const first = size - pdf.length - 2;
  const padding = first - (head.length + first + tail(first).length - size);
  if (head.length + padding + tail(padding).length !== size) throw new Error(`pdfPieces: cannot make a PDF of ${size} bytes`);
  return { head, padding, tail: tail(padding) };
}

/** Random bytes without line ends (incompressible, as a scan is), so a PDF's comment line stays one line. */
const noise = (length: number) => Buffer.from(randomBytes(length).map((byte) => (byte === 0x0a || byte === 0x0d ? 0x20 : byte)));

/** A correct PDF of exactly `size` bytes: minimal.pdf with a comment line of random bytes after its header, its cross-reference offsets moved along. */
export function pdfOfSize(size: number): Buffer {
  const { head, padding, tail } = pdfPieces(size);
  return Buffer.concat([head, noise(padding), tail]);
}

const filler = noise(64 * 1024);

/** The same PDF as pdfOfSize, made 64 KiB at a time as it is sent (the filler repeats), so a test never holds it whole. */
export function* pdfChunks(size: number): Generator<Buffer> {
  const { head, padding, tail } = pdfPieces(size);
  yield head;
  for (let left = padding; left > 0; left -= filler.length) yield left >= filler.length ? filler : filler.subarray(0, left);
  yield tail;
}
