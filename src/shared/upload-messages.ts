import type { UploadRejection } from './file-check.ts';

/**
 * The UI key of the message for each reason a file is refused, the same in the browser and on the server:
 * a file that is none of the accepted kinds is told which kinds are; a scan, document or archive that is
 * one of them but damaged (a cut-off STL, a PLY whose body does not match its header) is told just that.
 */
export const uploadMessages = {
  empty: 'validation.fileEmpty',
  'too-large': 'validation.fileTooLarge',
  'unknown-type': 'validation.fileType',
  'macro-enabled': 'validation.fileDocx',
  'docx-active-content': 'validation.fileDocx',
  'pdf-active-content': 'validation.filePdf',
  'docx-invalid': 'validation.fileDocx',
  'docx-too-large': 'validation.fileDocx',
  'stl-truncated': 'validation.fileStl',
  'ply-invalid': 'validation.filePly',
  'obj-invalid': 'validation.fileObj',
  'zip-invalid': 'validation.fileZip',
  'zip-unsupported': 'validation.fileZip',
  'zip-encrypted': 'validation.fileZip',
  'zip-unsafe-name': 'validation.fileZip',
  'zip-too-many-entries': 'validation.fileZip',
  'zip-too-large': 'validation.fileZip',
  'zip-bomb': 'validation.fileZip',
  'zip-forbidden-entry': 'validation.fileZip',
  'zip-nested-archive': 'validation.fileZip',
  'zip-unknown-entry': 'validation.fileZip',
} as const satisfies Record<UploadRejection, `validation.${string}`>;
