import { blobSource, checkUpload, type UploadKind, type UploadRejection } from '../../shared/file-check.ts';
import type { FieldProblem } from './form-actions.ts';

// Loaded with the order form's file list (chosen-files.tsx) when a dentist first chooses a file, so the order
// page's first load carries none of it.

/** The message for each reason a file is refused; every reason about what the file is says which types are allowed. */
const problems: Record<UploadRejection, FieldProblem['key']> = {
  empty: 'validation.fileEmpty',
  'too-large': 'validation.fileTooLarge',
  'unknown-type': 'validation.fileType',
  'macro-enabled': 'validation.fileType',
  'pdf-active-content': 'validation.fileType',
  'docx-active-content': 'validation.fileType',
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

/** What a chosen file is by its content, as the server will find, reading it a slice at a time: its kind, or the message why it is refused. */
export async function chosenFileVerdict(file: File): Promise<{ kind: UploadKind } | { problem: FieldProblem }> {
  const verdict = await checkUpload(blobSource(file));
  return verdict.ok ? { kind: verdict.kind } : { problem: { key: problems[verdict.reason] } };
}

/** The message for a chosen file its content refuses, or none. */
export async function checkChosenFile(file: File): Promise<FieldProblem | undefined> {
  const verdict = await chosenFileVerdict(file);
  return 'problem' in verdict ? verdict.problem : undefined;
}
