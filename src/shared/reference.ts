/**
 * The reference a visitor is given for a submission: the first 8 hex digits of its id, upper case, in two
 * groups of four ("3F9A-1C07"), easy to read out on the phone. It is part of the stored id, so the lab's
 * desk finds the submission by it (`npm run submissions -- show 3F9A-1C07`).
 */
export function referenceOf(id: string): string {
  const digits = id.replace(/-/g, '').slice(0, 8).toUpperCase();
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** A reference as a visitor may write it: 8 hex digits, with or without the hyphen in the middle, in any case. */
export const referencePattern = /^[0-9a-f]{4}-?[0-9a-f]{4}$/i;

/** The id prefix a reference stands for (lower case, without the hyphen), or undefined for anything that is not one. */
export function idPrefixOf(reference: string): string | undefined {
  const trimmed = reference.trim();
  return referencePattern.test(trimmed) ? trimmed.replace('-', '').toLowerCase() : undefined;
}
