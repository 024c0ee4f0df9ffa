import { detectUpload } from '../../shared/file-check.ts';
import type { FieldProblem } from './validate.ts';

// Loaded when a dentist chooses a file, so the order page's first load carries none of it.

/** Checks a chosen file by its content, as the server will; size and emptiness were checked before. */
export async function checkContent(file: File): Promise<FieldProblem | undefined> {
  const verdict = detectUpload(new Uint8Array(await file.arrayBuffer()));
  if (verdict.ok) return undefined;
  return { key: verdict.reason === 'too-large' ? 'validation.fileTooLarge' : verdict.reason === 'empty' ? 'validation.fileEmpty' : 'validation.fileType' };
}

/** A file size for people: "840 kB", "3.2 MB" (or "3,2 MB"). */
export function fileSize(bytes: number, locale: string): string {
  const mb = bytes / 1_000_000;
  return mb >= 1
    ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(mb)} MB`
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1000))} kB`;
}
