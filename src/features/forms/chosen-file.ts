import { blobSource, checkUpload, type UploadKind } from '../../shared/file-check.ts';
import { uploadMessages } from '../../shared/upload-messages.ts';
import type { FieldProblem } from './form-actions.ts';

// Loaded with the order form's file list (chosen-files.tsx) when a dentist first chooses a file, so the order
// page's first load carries none of it.

/** What a chosen file is by its content, as the server will find, reading it a slice at a time: its kind, or the message why it is refused. */
export async function chosenFileVerdict(file: File): Promise<{ kind: UploadKind } | { problem: FieldProblem }> {
  const verdict = await checkUpload(blobSource(file));
  return verdict.ok ? { kind: verdict.kind } : { problem: { key: uploadMessages[verdict.reason] } };
}

/** The message for a chosen file its content refuses, or none. */
export async function checkChosenFile(file: File): Promise<FieldProblem | undefined> {
  const verdict = await chosenFileVerdict(file);
  return 'problem' in verdict ? verdict.problem : undefined;
}
