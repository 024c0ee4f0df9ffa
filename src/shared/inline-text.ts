// Content texts may hold two kinds of inline markup, `[label](href)` and `**bold**`. The renderer, the
// content check, the generator and plain-text uses (search, feeds) all read it with this one parser; the
// check also asks it what in a text would not render as the author meant.

/** Inline links and bold, in the order they appear: a match has `[, label, href]` or `[, , , bold]`. */
export const inlineMarkup = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/** Plain text or a link: what bold text holds. */
export type InlineRun = { type: 'text'; text: string; at: number } | { type: 'link'; label: string; href: string; at: number; hrefAt: number };

/**
 * One piece of a text as the visitor sees it; `at` is its offset in the text. Bold text that holds a link
 * (`**[label](/path)**`) has its `parts`: the page shows the link in bold, and the check checks it.
 */
export type InlinePart = InlineRun | { type: 'bold'; text: string; at: number; parts?: InlineRun[] };

/** A text cut into plain text, links and bold; `offset` is where the text starts in a larger one (bold text's own parts). */
export function parseInline(text: string, offset = 0): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(inlineMarkup)) {
    const at = offset + match.index;
    if (match.index > last) parts.push({ type: 'text', text: text.slice(last, match.index), at: offset + last });
    const [whole, label, href, bold] = match;
    // Bold text cannot hold bold (`**` ends it), so what it holds is text and links.
    if (bold !== undefined) parts.push({ type: 'bold', text: bold, at, ...(bold.includes('](') && { parts: parseInline(bold, at + 2) as InlineRun[] }) });
    else parts.push({ type: 'link', label: label!, href: href!, at, hrefAt: at + whole.length - href!.length - 1 });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last), at: offset + last });
  return parts;
}

/** Markup that would not render as meant: where it starts in the text, what is wrong and what to write. */
export interface InlineProblem {
  at: number;
  /** The characters at `at` the problem is about, to find them in the YAML source. */
  snippet: string;
  message: string;
  hint: string;
}

const html = /<\/?[a-zA-Z][^<>]*>/g;
const spacedLink = /\]\s+\(/g;
const openLink = /\]\(/g;

/**
 * Whether a text holds any character inline markup needs (`[`, `]`, `*`, `<`): one without any has no markup to
 * read, which is most texts. Four searches for one character each are quicker than a pattern for the four.
 */
export const hasMarkupChar = (text: string): boolean => text.includes('[') || text.includes('*') || text.includes('<') || text.includes(']');

/** What in a text the renderer would show as raw characters instead of a link or bold text (`parts`: the text already parsed). */
export function inlineProblems(text: string, parts?: InlinePart[]): InlineProblem[] {
  // Most texts have no markup at all.
  if (!hasMarkupChar(text)) return [];
  const problems: InlineProblem[] = [];
  for (const part of parts ?? parseInline(text)) {
    if (part.type === 'link') linkProblem(part.label, part.at, problems);
    else if (part.type === 'text' && /[*\]<]/.test(part.text)) textProblems(part.text, part.at, problems);
  }
  return problems.sort((a, b) => a.at - b.at);
}

/** Bold text inside a link's label, which the page shows with its ** marks. */
function linkProblem(label: string, at: number, problems: InlineProblem[]): void {
  if (label.includes('**')) {
    problems.push({ at, snippet: `[${label}]`, message: 'bold text inside a link label is shown with its ** marks', hint: 'write the label without ** or put the bold text outside the link' });
  }
}

/** What in a piece of plain text (between links and bold) would show as raw characters: HTML, a broken link, a lone **. */
function textProblems(segment: string, at: number, problems: InlineProblem[]): void {
  for (const match of segment.matchAll(html)) {
    problems.push({
      at: at + match.index,
      snippet: match[0],
      message: `"${match[0]}" is HTML, which is not rendered: the visitor sees it as text`,
      hint: 'write a link as [label](/path) and bold text as **text**',
    });
  }
  for (const match of segment.matchAll(spacedLink)) {
    problems.push({
      at: at + match.index,
      snippet: match[0],
      message: 'a space between "]" and "(" breaks the link: it shows as text',
      hint: 'write the link as [label](/path), with no space between ] and (',
    });
  }
  for (const match of segment.matchAll(openLink)) {
    problems.push({
      at: at + match.index,
      snippet: match[0],
      message: 'a link that is not closed, or whose address has a space, shows as text',
      hint: 'write the link as [label](/path): the address without spaces, closed with ")"',
    });
  }
  for (const match of segment.matchAll(/\*\*/g)) {
    problems.push({
      at: at + match.index,
      snippet: '**',
      message: 'a ** without its closing pair shows as two stars',
      hint: 'close the bold text with ** (or write *** as ** and * apart), or remove the stars',
    });
  }
}

/** A link of a text: its address and where the address starts in the text. */
export interface InlineLink {
  href: string;
  hrefAt: number;
}

// Own copies of the patterns, so reading a text never moves the `lastIndex` of the ones the renderer shares.
// Links and bold, and otherwise a character that may show raw: one pass finds both, a character being a match
// only where no link or bold starts.
const markupOrRaw = new RegExp(`${inlineMarkup.source}|[*\\]<]`, 'g');
const noProblems: InlineProblem[] = [];
const noInlineLinks: InlineLink[] = [];

/**
 * A text's problems (as `inlineProblems` gives them) and its links in the order the page shows them, the
 * links inside bold text included, read in one pass without cutting the text into parts: what the content
 * check reads of every text with markup.
 */
export function readMarkup(text: string): { problems: InlineProblem[]; links: InlineLink[] } {
  let problems = noProblems;
  let links = noInlineLinks;
  let last = 0;
  // Whether a character that may show raw (`*`, `]`, `<`) stands between the markup read last and the next.
  let raw = false;
  markupOrRaw.lastIndex = 0;
  for (let match = markupOrRaw.exec(text); match; match = markupOrRaw.exec(text)) {
    const [whole, label, href, bold] = match;
    if (label === undefined && bold === undefined) {
      raw = true;
      continue;
    }
    const at = match.index;
    if (raw) textProblems(text.slice(last, at), last, problems === noProblems ? (problems = []) : problems);
    raw = false;
    if (bold !== undefined) {
      // Bold text cannot hold bold: what it holds is text and links, and only its links are read.
      if (bold.includes('](')) {
        for (const inner of parseInline(bold, at + 2)) if (inner.type === 'link') (links === noInlineLinks ? (links = []) : links).push({ href: inner.href, hrefAt: inner.hrefAt });
      }
    } else {
      if (label!.includes('**')) linkProblem(label!, at, problems === noProblems ? (problems = []) : problems);
      (links === noInlineLinks ? (links = []) : links).push({ href: href!, hrefAt: at + whole.length - href!.length - 1 });
    }
    last = at + whole.length;
  }
  if (raw) textProblems(text.slice(last), last, problems === noProblems ? (problems = []) : problems);
  return { problems: problems.length > 1 ? problems.sort((a, b) => a.at - b.at) : problems, links };
}

/** Content text without its inline markup: links keep their label, bold its text (what the visitor reads). */
export const plainText = (text: string): string => text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/\*\*/g, '');
