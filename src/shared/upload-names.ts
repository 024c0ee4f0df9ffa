import type { UploadKind } from './file-check.ts';

/** What each kind of upload is called where a person reads it: the order form's list of files and the lab's mail. */
export const uploadKindNames: Record<UploadKind, string> = {
  pdf: 'PDF',
  jpeg: 'JPEG',
  png: 'PNG',
  docx: 'Word (DOCX)',
  stl: 'STL',
  ply: 'PLY',
  obj: 'OBJ',
  zip: 'ZIP',
};
