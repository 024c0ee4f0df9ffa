// The verdicts and kinds an upload check speaks in: the readers in this folder return them and the
// façade (../file-check.ts) re-exports them, so no reader imports the façade back.

/** The kinds of file accepted with an order (decision 27). */
export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'docx' | 'stl' | 'ply' | 'obj' | 'zip';

/** Why an upload was refused; each maps to its own message for the sender. */
export type UploadRejection =
  | 'empty'
  | 'too-large'
  | 'unknown-type'
  | 'macro-enabled'
  /** A PDF that carries JavaScript or a launch action (a program or file it opens). */
  | 'pdf-active-content'
  /** A Word document that carries programs (embedded OLE objects or executables, ActiveX controls) or web pages (altChunk HTML or MHT). */
  | 'docx-active-content'
  | 'docx-invalid'
  | 'docx-too-large'
  | 'stl-truncated'
  /** Begins as a PLY (its "ply" line) and then breaks the format: a header, or a body that is not the rows the header declares. */
  | 'ply-invalid'
  /** Begins as Wavefront OBJ text and then has a line that is no OBJ statement, or no vertex or face at all. */
  | 'obj-invalid'
  /** A zip that cannot be read: no end record, a directory that does not add up, headers that disagree, sizes or CRCs that lie. */
  | 'zip-invalid'
  /** A zip this check does not read: zip64, split over disks, or packed by a method other than stored or deflate. */
  | 'zip-unsupported'
  /** An entry is encrypted, so what it holds cannot be checked. */
  | 'zip-encrypted'
  /** An entry's name could unpack outside its folder or hide what it is: `..`, an absolute path, a backslash, a control character, or a name twice. */
  | 'zip-unsafe-name'
  /** More than maxZipEntries entries. */
  | 'zip-too-many-entries'
  /** A file over maxOrderFileBytes unpacked, or all over maxZipUnpackedBytes together. */
  | 'zip-too-large'
  /** An entry packed more than maxZipRatio to one, or that unpacks to more than it declares. */
  | 'zip-bomb'
  /** An entry is a program, a script or a web page. */
  | 'zip-forbidden-entry'
  /** An entry is itself an archive (a zip in the zip). */
  | 'zip-nested-archive'
  /** An entry is none of the kinds an order takes, or is one but broken (`entryReason` says which). */
  | 'zip-unknown-entry';

/** A file inside an accepted zip: its name there, its kind and its unpacked size. */
export interface ZipEntryInfo {
  name: string;
  kind: UploadKind;
  size: number;
}

/**
 * The verdict on an upload: its kind with the extension and MIME type to store and serve it under (and a
 * zip's files), or why it was refused (and for a zip, the entry at fault and why that entry was refused).
 */
export type UploadCheck =
  { ok: true; kind: UploadKind; extension: string; mime: string; entries?: ZipEntryInfo[] } | { ok: false; reason: UploadRejection; entry?: string; entryReason?: UploadRejection };

export const uploadFormats: Record<UploadKind, { extension: string; mime: string }> = {
  pdf: { extension: 'pdf', mime: 'application/pdf' },
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
  png: { extension: 'png', mime: 'image/png' },
  docx: { extension: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  stl: { extension: 'stl', mime: 'model/stl' },
  ply: { extension: 'ply', mime: 'model/x-ply' },
  obj: { extension: 'obj', mime: 'model/obj' },
  zip: { extension: 'zip', mime: 'application/zip' },
};
