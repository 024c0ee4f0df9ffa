/** A heading's anchor id: lower case ASCII words joined by hyphens (the generator, the check and the anchors table use it). */
export function slugify(text: string): string {
  // Accents are taken off letters (é becomes e) only where there are any: most headings are plain ASCII.
  const ascii = /[^\x20-\x7e]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : text;
  return ascii
    .toLowerCase()
    .replace(/\*\*/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
