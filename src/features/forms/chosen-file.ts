import { detectUpload } from '../../shared/file-check.ts';
import type { FieldProblem } from './form-actions.ts';

// Loaded when a dentist chooses a file, so the order page's first load carries none of it (with the size
// formatting, shared with the server's mails).

/** Checks a chosen file by its content, as the server will; size and emptiness were checked before. */
export async function checkChosenFile(file: File): Promise<FieldProblem | undefined> {
  const verdict = detectUpload(new Uint8Array(await file.arrayBuffer()));
  if (verdict.ok) return undefined;
  return { key: verdict.reason === 'too-large' ? 'validation.fileTooLarge' : verdict.reason === 'empty' ? 'validation.fileEmpty' : 'validation.fileType' };
}

export { fileSize } from '../../shared/format.ts';
