import { Fragment } from 'react';

// A hyphenated term with a number or a one- or two-letter part ("All-on-4", "3Y-zirkonia", "e-mail").
const term = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const short = (part: string) => part.length <= 2 || /\p{N}/u.test(part);
// A number or range with its unit ("50 MB", "1,5 mm", "1.0–1.5 mm", "6.3 kB", "530 MPa", "100 %"): a line break
// between them reads as two things.
const measure = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)*(?:–\d+(?:[.,]\d+)*)?[ \u00a0](?:[kKMG]B|MPa|mm|cm|µm|%)(?![\p{L}\p{N}])/gu;

/** Where the text must not break: terms at their hyphen, numbers from their units; in order, none overlapping. */
export function unbreakable(text: string): { at: number; whole: string }[] {
  const found = [...[...text.matchAll(term)].filter((match) => match[0].split('-').some(short)), ...text.matchAll(measure)].sort((a, b) => a.index - b.index);
  const kept: { at: number; whole: string }[] = [];
  let end = 0;
  for (const match of found) {
    if (match.index < end) continue;
    kept.push({ at: match.index, whole: match[0] });
    end = match.index + match[0].length;
  }
  return kept;
}

/**
 * The text with each term that must not break at its hyphen ("All-on-" / "4") and each number with its unit
 * ("50" / "MB") kept on one line; other hyphenated words may still break there, and long words hyphenate
 * as the page's language does.
 */
export function KeepWhole({ text }: { text: string }) {
  const spans = unbreakable(text);
  if (spans.length === 0) return text;
  const parts: (string | { whole: string })[] = [];
  let last = 0;
  for (const span of spans) {
    parts.push(text.slice(last, span.at), { whole: span.whole });
    last = span.at + span.whole.length;
  }
  parts.push(text.slice(last));
  return parts.map((part, i) =>
    typeof part === 'string' ? (
      <Fragment key={i}>{part}</Fragment>
    ) : (
      <span key={i} className="whitespace-nowrap">
        {part.whole}
      </span>
    ),
  );
}
