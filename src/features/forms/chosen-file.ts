import { blobSource, checkUpload, type UploadRejection } from '../../shared/file-check.ts';
import type { FieldProblem } from './form-actions.ts';

// Loaded when a dentist chooses a file, so the order page's first load carries none of it (with the size
// formatting, shared with the server's mails).

/** The message for each reason a file is refused; every reason about what the file is says which types are allowed. */
const problems: Record<UploadRejection, FieldProblem['key']> = {
  empty: 'validation.fileEmpty',
  'too-large': 'validation.fileTooLarge',
  'unknown-type': 'validation.fileType',
  'macro-enabled': 'validation.fileType',
  'docx-invalid': 'validation.fileType',
  'docx-too-large': 'validation.fileType',
  'stl-truncated': 'validation.fileType',
  'ply-invalid': 'validation.fileType',
  'obj-invalid': 'validation.fileType',
  'zip-invalid': 'validation.fileType',
  'zip-unsupported': 'validation.fileType',
  'zip-encrypted': 'validation.fileType',
  'zip-unsafe-name': 'validation.fileType',
  'zip-too-many-entries': 'validation.fileType',
  'zip-too-large': 'validation.fileType',
  'zip-bomb': 'validation.fileType',
  'zip-forbidden-entry': 'validation.fileType',
  'zip-nested-archive': 'validation.fileType',
  'zip-unknown-entry': 'validation.fileType',
};

/** Checks a chosen file by its content, as the server will, reading it a slice at a time; size and emptiness were checked before. */
export async function checkChosenFile(file: File): Promise<FieldProblem | undefined> {
  const verdict = await checkUpload(blobSource(file));
  return verdict.ok ? undefined : { key: problems[verdict.reason] };
}

export { fileSize } from '../../shared/format.ts';
