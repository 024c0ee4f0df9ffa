// Content texts may hold two kinds of inline markup, `[label](href)` and `**bold**`; the renderer, the
// content check, the generator and plain-text uses (search, feeds) all read it with these expressions.

/** Inline links and bold, in the order they appear: a match has `[, label, href]` or `[, , , bold]`. */
export const inlineMarkup = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/** An `[label](target)` link inside a text. */
export const inlineLink = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Content text without its inline markup: links keep their label, bold its text (what the visitor reads). */
export const plainText = (text: string): string => text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/\*\*/g, '');
