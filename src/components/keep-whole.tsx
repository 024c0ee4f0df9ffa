import { Fragment } from 'react';

// A hyphenated term with a number or a one- or two-letter part ("All-on-4", "3Y-zirkonia", "e-mail").
const term = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const short = (part: string) => part.length <= 2 || /\p{N}/u.test(part);

/**
 * The text with each term that must not break at its hyphen ("All-on-" / "4") kept on one line;
 * other hyphenated words may still break there, and long words hyphenate as the page's language does.
 */
export function KeepWhole({ text }: { text: string }) {
  const parts: (string | { whole: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(term)) {
    if (!match[0].split('-').some(short)) continue;
    parts.push(text.slice(last, match.index), { whole: match[0] });
    last = match.index + match[0].length;
  }
  if (last === 0) return text;
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
