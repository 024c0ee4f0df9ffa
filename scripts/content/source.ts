import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load, type YAMLException } from 'js-yaml';
import type { Diagnostic } from './diagnostics.ts';
import { fileHash } from './translations.ts';

export type PathSegment = string | number;

// One parser reads every file: js-yaml gives the data, and its listener, which it calls as it opens and
// closes every node, gives where each node starts and ends. A file without a problem is parsed once, without
// recording positions; a file with one is parsed again, recording them, to point at it by line and column. (The
// `yaml` package keeps positions itself, but measured about eight times slower here: over the 1 ms a file
// the check may take.)

/** One node as the parser opened and closed it: its offsets, its value and the nodes read inside it. */
interface Frame {
  start: number;
  end: number;
  result: unknown;
  kind: string;
  children: Frame[];
}

/**
 * A parsed YAML file that can point at any of its nodes by line and column. Positions are built from the
 * parse's own events when first asked for; a released file is read and parsed again only if a later check
 * reports a problem in it.
 */
export class SourceFile {
  /** The parsed data; released once the file is validated, since the validated copy replaces it. */
  data: unknown;
  readonly syntaxErrors: Diagnostic[] = [];
  /** Offsets of plain (unquoted) texts that a ` #` on their line cut short: YAML read the rest as a comment. */
  readonly cutByComment: { start: number; end: number; comment: number }[] = [];
  private source?: string;
  private hashed?: string;
  private frames?: Frame;
  /** Per top-level key, its entry's frames from a parse of its section alone (null: the whole file is parsed instead). */
  private sections?: Map<string, Frame | null>;
  /** Per top-level key, where each item of its list starts and ends (null: its items cannot be told apart by their lines). */
  private items?: Map<string, [number, number][] | null>;
  /** Per top-level key and item, the item's frames from a parse of its lines alone (null: it did not parse as one item). */
  private itemSections?: Map<string, Frame | null>;
  private lineStarts?: number[];

  constructor(
    /** Project-relative path, e.g. `content/site.yaml`. */
    readonly file: string,
    /**
     * The file's text, or its bytes as read (UTF-8), which the caller may reuse once this returns: the hash the
     * translation lock records is taken from them at once.
     */
    content: string | Uint8Array,
    /** Absolute path, so a released text can be read again to point at a node. */
    private readonly abs?: string,
  ) {
    const text = typeof content === 'string' ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
    if (typeof content !== 'string') this.hashed = fileHash(content);
    this.source = text;
    // Without " #" in it no text can have been cut by a comment, and the parse needs no listener at all.
    const parsed = this.parse(text, hasSpacedHash(text) ? 'comments' : 'plain');
    if (parsed.error) {
      this.data = undefined;
      // Parsed again to learn which nodes were still open where it failed (an unclosed quote's start).
      this.syntaxErrors.push(this.syntaxError(parsed.error, this.parse(text, 'comments').open));
    } else this.data = parsed.data;
  }

  /**
   * The hash of the whole file as the translation lock records it (`fileHash`): of the bytes read, taken as they
   * were given (which spares encoding the text again), else of the text.
   */
  get hash(): string {
    this.hashed ??= fileHash(this.text);
    return this.hashed;
  }

  /** The file's text. */
  get text(): string {
    this.source ??= this.abs ? readFileSync(this.abs, 'utf8') : '';
    return this.source;
  }

  /**
   * Lets go of the text, the parsed data and the positions once the file is checked, which keeps a large
   * site's check small in memory.
   */
  release(): void {
    if (!this.abs) return;
    this.source = undefined;
    this.frames = undefined;
    this.sections = undefined;
    this.items = undefined;
    this.itemSections = undefined;
    this.lineStarts = undefined;
    this.data = undefined;
  }

  /**
   * Parses `text`: `plain` for data alone; `comments` also notes where plain texts were cut by a comment
   * (and which nodes were open if it fails). Most files have nothing to report and are parsed once, plainly;
   * the frames that point at a problem come from `positionFrames`.
   */
  private parse(text: string, mode: 'plain' | 'comments'): { data?: unknown; error?: YAMLException; open: number[] } {
    if (mode === 'plain') {
      // The common case, kept free of the listeners' set-up.
      try {
        return { data: load(text, plainOptions), open: [] };
      } catch (error) {
        return { error: error as YAMLException, open: [] };
      }
    }
    const starts: number[] = [];
    let lastEnd = -1;
    const note = (start: number, end: number, result: unknown, kind: string) => {
      // The same node may close twice in a row (the parser tried it as a key first): look once.
      if (typeof result !== 'string' || kind !== 'scalar' || end === lastEnd) return;
      lastEnd = end;
      let at = end;
      while (text[at] === ' ' || text[at] === '\t') at++;
      // A plain text ends at " #": what follows on its line is read as a comment.
      if (text[at] !== '#' || (text[at - 1] !== ' ' && text[at - 1] !== '\t')) return;
      const from = skipSpace(text, start);
      const opening = text[from];
      if (opening === "'" || opening === '"' || opening === '|' || opening === '>') return;
      this.cutByComment.push({ start: from, end, comment: at });
    };
    const listener = (event: 'open' | 'close', state: { position: number; result: unknown; kind: string }) => {
      if (event === 'open') starts.push(state.position);
      else note(starts.pop()!, state.position, state.result, state.kind);
    };
    try {
      // The core schema reads dates and "yes" as text.
      const data = load(text, { schema: CORE_SCHEMA, filename: this.file, listener });
      return { data, open: [] };
    } catch (error) {
      return { error: error as YAMLException, open: starts };
    }
  }

  private syntaxError(error: YAMLException, open: number[]): Diagnostic {
    const text = this.text;
    const mark = error.mark;
    let offset = mark?.position ?? 0;
    const reason = (error.reason || String(error)).split('\n')[0]!;
    let message = reason;
    let hint = 'fix the YAML syntax; text containing ": " or starting with a special character must be quoted';
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const lineText = text.slice(lineStart, text.indexOf('\n', lineStart) === -1 ? text.length : text.indexOf('\n', lineStart));
    const unclosed = /within a (single|double) quoted scalar/.test(reason);
    const ranOn = unclosed ? undefined : runsOn(text, offset);
    let found: Mistake | undefined;
    if (unclosed) {
      // Reported where the file ends; the place to fix is where the quote was opened.
      const quote = reason.includes('single') ? "'" : '"';
      // The nodes still open when the file ended: the innermost one that begins with the quote.
      const opened = [...open].reverse().find((start) => text[skipSpace(text, start)] === quote);
      if (opened !== undefined) offset = skipSpace(text, opened);
      message = `the text opened with ${quote} here is never closed`;
      hint = quote === "'" ? "end the text with ' on the same value; write '' for an apostrophe inside it" : 'end the text with " on the same value; write \\" for a quote mark inside it';
    } else if (ranOn) {
      // An apostrophe further down closed the quote ('s avonds, patient's): the parser fails there, far
      // from the quote that was left open.
      const quote = text[ranOn.open]!;
      offset = ranOn.open;
      message = `the text opened with ${quote} here is not closed on its line, so YAML reads on to the ${quote} on line ${this.position(ranOn.close).line}`;
      hint = quote === "'" ? "end the text with ' on the same line; write '' for an apostrophe inside it" : 'end the text with " on the same line; write \\" for a quote mark inside it';
    } else if ((found = authorMistake(text, offset, reason))) {
      ({ offset, message, hint } = found);
    } else if (reason === 'duplicated mapping key') {
      const key = /^\s*(?:- )?([^:#]+?)\s*:/.exec(text.slice(offset))?.[1] ?? '';
      const indent = /^[ ]*/.exec(lineText)![0].length;
      const before = previousLines(text, lineStart).next().value || undefined;
      // A key with nothing under it just before, in line with this one: it was indented too far, and the keys
      // meant to be under it fell into its neighbours' map (an over-indented "hero:" makes "title" twice in "seo").
      const empty = before && before.indent === indent ? /^[ ]*(?:- )?([^:#\s][^:#]*?):[ \t]*(?:#.*)?$/.exec(before.text)?.[1] : undefined;
      if (before && empty) {
        offset = before.start + indent;
        message = `"${empty}:" is indented wrongly for its place: nothing is indented under it, so the keys after it are read beside it, where "${key}" is then twice`;
        hint = indentationHint;
      } else {
        message = `map keys must be unique: "${key}" appears twice here`;
        hint = 'each key may appear once in a map; remove or rename one of them';
      }
    } else if (/^bad indentation/.test(reason) || reason.startsWith('end of the stream or a document separator is expected')) {
      const indent = /^[ ]*/.exec(lineText)![0].length;
      if (/^\s*[\w"'-][^:#]*:\s+[^'"\s].*?:\s/.test(lineText) && offset > lineStart + indent) {
        message = 'a value contains ": ", which YAML reads as another key';
        hint = 'quote the text: write it between double quotes';
      } else {
        // Point at the line that is wrongly indented, not somewhere inside it. When this line sits two spaces
        // under the key that opens its map and the lines between are indented further, the first of those is
        // the one (an over-indented "src:" is found out only at the "alt:" after it).
        offset = lineStart + indent;
        let first: { start: number; indent: number } | undefined;
        for (const line of previousLines(text, lineStart)) {
          if (line.indent > indent) {
            first = line;
            continue;
          }
          if (first && line.indent + 2 === indent && /:[ \t]*(?:#.*)?$/.test(line.text)) offset = first.start + first.indent;
          break;
        }
        message = 'this line is indented wrongly for its place';
        hint = indentationHint;
      }
    } else if (reason.startsWith('tab characters')) {
      message = 'a tab is used to indent this line';
      hint = 'indent with spaces, not tabs';
    } else if (/multiline key|implicit key/.test(reason)) {
      hint = 'a key and its colon must be on one line; quote text that contains ": "';
    } else if (/missed comma between flow collection entries/.test(reason)) {
      message = 'a { ... } or [ ... ] is not closed, or two of its entries lack a comma between them';
      hint = 'close it on the same line, e.g. "{ en: Text, nl: Tekst }", and quote a text that contains a comma';
    }
    const { line, column } = this.position(offset);
    return { file: this.file, line, column, severity: 'error', rule: 'yaml/syntax', message, hint };
  }

  /**
   * Offsets of plain (unquoted) texts inside a flow map (`{ en: Who do I go to?, nl: ... }`) that hold a "?":
   * js-yaml reads them, but a YAML 1.1 reader (PyYAML, translation and CMS tools) stops there. A file
   * without such a line, or whose lines show that every "?" inside { } or [ ] is quoted (`noQuestionInFlow`),
   * is not parsed again.
   */
  plainQuestionsInFlow(): number[] {
    const text = this.text;
    if (!questionAfterBrace(text) || noQuestionInFlow(text)) return [];
    return this.questionsInFlowFromFrames();
  }

  /** The "?" of `plainQuestionsInFlow` as the parse that records every node tells them (the lines aside; for the test that holds them together). */
  questionsInFlowFromFrames(): number[] {
    const text = this.text;
    const found: number[] = [];
    const visit = (frame: Frame, inFlow: boolean) => {
      for (const child of frame.children) {
        const from = skipSpace(text, child.start);
        if (child.kind === 'scalar' && inFlow && typeof child.result === 'string' && child.result.includes('?') && text[from] !== '"' && text[from] !== "'") {
          found.push(from + text.slice(from, child.end).indexOf('?'));
        }
        visit(child, child.kind === 'mapping' || child.kind === 'sequence' ? text[from] === '{' || text[from] === '[' : inFlow);
      }
    };
    if (this.root) visit({ start: 0, end: text.length, result: undefined, kind: '', children: [this.root] }, false);
    return [...new Set(found)].sort((a, b) => a - b);
  }

  /** The document's root frame, from a second parse that records every node, on first use. */
  private get root(): Frame | undefined {
    this.frames ??= positionFrames(this.text);
    return this.frames?.children[0];
  }

  /**
   * The frames of one top-level key's entry, from a parse of its section of the text alone (from its line to
   * the next top-level key's): a file with a problem in one place is not parsed whole a second time to point
   * at it. The section parses exactly as it does inside the whole file when its key stands plainly at the
   * start of a line and nothing in it leans on the rest (an alias of an anchor elsewhere fails to parse); when
   * that cannot be told, or once the whole file is parsed anyway, the whole file's frames are used.
   */
  private sectionFrames(key: string): Frame | undefined {
    if (this.frames) return this.frames.children[0];
    this.sections ??= new Map();
    let found = this.sections.get(key);
    if (found === undefined) {
      found = null;
      const text = this.text;
      const range = topLevelSection(text, key);
      const top = range && positionFrames(text.slice(range[0], range[1]));
      const entry = top?.children[0];
      if (range && entry && entry.children.length === 2 && isOnlyKey(entry.result, key)) {
        shiftFrames(entry, range[0]);
        found = entry;
      }
      this.sections.set(key, found);
    }
    return found ?? this.root;
  }

  /**
   * The frames of one item of the list under a top-level key, from a parse of the item's lines alone: a problem
   * in one block of a long body is pointed at without parsing the whole body again. The item's lines are told
   * by their indentation (each item's "-" at the list's indent, every other line deeper, blank or a comment),
   * and only when no text in the list is quoted over more than one line or written in brackets or braces, which
   * could hold a line that looks like an item's; otherwise, or when the item does not parse as one, undefined.
   */
  private itemFrames(key: string, index: number): Frame | undefined {
    this.items ??= new Map();
    let ranges = this.items.get(key);
    if (ranges === undefined) {
      const range = topLevelSection(this.text, key);
      ranges = (range && listItems(this.text, range[0], range[1])) ?? null;
      this.items.set(key, ranges);
    }
    const range = ranges?.[index];
    if (!range) return undefined;
    this.itemSections ??= new Map();
    const name = `${key}\n${index}`;
    let found = this.itemSections.get(name);
    if (found === undefined) {
      found = null;
      const list = positionFrames(this.text.slice(range[0], range[1]))?.children[0];
      const last = index === ranges!.length - 1;
      // The item, and after all but the last the empty item its next one's "-" makes, which has no frame.
      if (list && Array.isArray(list.result) && list.result.length === (last ? 1 : 2) && list.children.length === 1 && (last || list.result[1] === null)) {
        found = list.children[0]!;
        shiftFrames(found, range[0]);
      }
      this.itemSections.set(name, found);
    }
    return found ?? undefined;
  }

  /** The frames of the key and the value at a path, as far as it exists. */
  private walkTo(path: readonly PathSegment[]): { key?: Frame; value?: Frame; exact: boolean } {
    // A path into an item of a top-level list, while neither the whole file nor the list's section is parsed: the item alone.
    const [first, second] = path;
    if (typeof first === 'string' && typeof second === 'number' && !this.frames && !this.sections?.get(first)) {
      const item = this.itemFrames(first, second);
      if (item) return walkFrom(item, path, 2);
    }
    return walkFrom(typeof first === 'string' ? this.sectionFrames(first) : this.root, path, 0);
  }

  /** Line and column (both 1-based) of a 0-based offset in the text. */
  position(offset: number): { line: number; column: number } {
    if (!this.lineStarts) {
      const starts = [0];
      const text = this.text;
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }

  /**
   * Where to point for a YAML path. `value` points at the node itself (an empty value at its key); `key`
   * at its key (for unknown keys); a path that does not exist points at its deepest existing parent.
   */
  locate(path: readonly PathSegment[], target: 'value' | 'key' = 'value'): { line: number; column: number; exact: boolean } {
    const { key, value, exact } = this.walkTo(path);
    const text = this.text;
    const node = value ? collapse(value) : undefined;
    let offset = node ? skipSpace(text, node.start) : 0;
    if (key && (target === 'key' ? exact : node !== undefined && node.result === null && isEmptyValue(text, offset))) offset = skipSpace(text, collapse(key).start);
    return { ...this.position(offset), exact };
  }

  /** Offset range of the node at a path, when it exists. */
  range(path: readonly PathSegment[]): [number, number] | undefined {
    const { value, exact } = this.walkTo(path);
    if (!exact || !value) return undefined;
    const node = collapse(value);
    return [skipSpace(this.text, node.start), node.end];
  }

  /** The keys of the map at a path with their offsets, in the order written. */
  keysAt(path: readonly PathSegment[]): { key: string; start: number }[] {
    const { value, exact } = this.walkTo(path);
    const node = exact && value ? collapse(value) : undefined;
    if (!node || node.result === null || typeof node.result !== 'object' || Array.isArray(node.result) || node.children.length % 2) return [];
    const keys: { key: string; start: number }[] = [];
    for (let i = 0; i < node.children.length; i += 2) {
      const key = collapse(node.children[i]!);
      keys.push({ key: String(key.result), start: skipSpace(this.text, key.start) });
    }
    return keys;
  }
}

// The core schema reads dates and "yes" as text.
const plainOptions = { schema: CORE_SCHEMA };

const indentationHint = 'check the indentation: nested keys are indented by two spaces under their parent, and keys of one map line up';

/** The lines before the one starting at `lineStart`, nearest first, without blank and comment-only lines. */
function* previousLines(text: string, lineStart: number): Generator<{ start: number; indent: number; text: string }, void> {
  for (let end = lineStart - 1; end > 0;) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    const indent = /^[ ]*/.exec(line)![0].length;
    if (indent === line.length || line[indent] === '#') continue;
    yield { start, indent, text: line };
  }
}

/**
 * Whether a line holds a "?" after a "{" (as /\{[^\n]*\?/ tells, but looking only at the lines with a "?",
 * which are few: the pattern reads on from every "{" of every flow map to the end of its line).
 */
function questionAfterBrace(text: string): boolean {
  for (let question = text.indexOf('?'); question !== -1;) {
    const lineStart = text.lastIndexOf('\n', question) + 1;
    for (let at = lineStart; at < question; at++) if (text.charCodeAt(at) === 123) return true;
    const lineEnd = text.indexOf('\n', question);
    if (lineEnd === -1) return false;
    question = text.indexOf('?', lineEnd);
  }
  return false;
}

/**
 * Whether the lines show for certain that no text inside { } or [ ] holds a "?" outside quotes, without a
 * parse that records every node (which `plainQuestionsInFlow` would otherwise make of the whole file). Each
 * line is read for what could be inside brackets or braces: every "{" or "[" outside a quoted text opens
 * them (more than YAML does, which only makes the answer more careful), a text quoted where a value starts
 * is passed over, and so are comments and the lines of a block text (| or >). Any "?" inside them outside
 * quotes, a "?" key, an anchor or tag before a value, or brackets left open, and the answer is "not certain".
 */
export function noQuestionInFlow(text: string): boolean {
  let depth = 0;
  // Inside { } or [ ]: whether a value may start here (after "{", "[", "," or ": "), where a quote opens a quoted text.
  let valueStarts = false;
  // The quote of a quoted text inside { } or [ ] that goes on to the next line.
  let quote = '';
  let block = -1;
  for (let at = 0; at < text.length;) {
    const next = text.indexOf('\n', at);
    const lineEnd = next === -1 ? text.length : next;
    const line = text.slice(at, lineEnd);
    at = lineEnd + 1;
    const spaces = /^[ ]*/.exec(line)![0].length;
    const rest = line.slice(spaces);
    if (rest === '' || rest === '\r') continue;
    if (depth === 0 && !quote) {
      if (block !== -1 && spaces > block) continue;
      const owner = blockTextOwner(rest, spaces);
      if (owner === undefined) return false;
      block = owner;
      if (owner !== -1) continue;
    }
    let i = 0;
    if (depth === 0 && !quote) {
      // Outside brackets and braces: past the "- " marks and the key, to where the value starts.
      const head = /^(?:-[ \t]+)*(?:[^\s#'"{[\]}?&!*|>%@`,][^#{}[\]]*?:[ \t]+)?/.exec(rest)![0];
      i = head.length;
      const first = rest[i];
      if (first === '?' || first === '&' || first === '!' || (first === '-' && rest[i + 1] !== undefined && /\s/.test(rest[i + 1]!))) return false;
      if (first === '"' || first === "'") {
        const end = closingQuote(rest, i);
        if (end === -1) continue;
        i = end + 1;
      }
    }
    for (; i < rest.length; i++) {
      const char = rest[i]!;
      if (quote) {
        if (char === '\\' && quote === '"') i++;
        else if (char === quote) {
          if (quote === "'" && rest[i + 1] === "'") i++;
          else {
            quote = '';
            valueStarts = false;
          }
        }
        continue;
      }
      if (char === '#' && (i === 0 || rest[i - 1] === ' ' || rest[i - 1] === '\t')) break;
      if (char === '{' || char === '[') {
        depth++;
        valueStarts = true;
      } else if (char === '}' || char === ']') {
        if (--depth < 0) return false;
        valueStarts = false;
      } else if (depth === 0) {
        // Text outside brackets and braces: a "?" there is not inside them.
      } else if (char === ',') valueStarts = true;
      else if (char === ':' && (rest[i + 1] === undefined || rest[i + 1] === ' ' || rest[i + 1] === '\t' || rest[i + 1] === '\r')) valueStarts = true;
      else if (char === ' ' || char === '\t' || char === '\r') {
        // Spaces keep what was expected.
      } else if ((char === '"' || char === "'") && valueStarts) quote = char;
      else if (char === '?' || char === '&' || char === '!' || char === '*') return false;
      else valueStarts = false;
    }
  }
  return depth === 0 && !quote;
}

/** Whether a " #" (or tab and #) is anywhere in the text; "#" is rare, so it is looked for first. */
function hasSpacedHash(text: string): boolean {
  for (let at = text.indexOf('#'); at !== -1; at = text.indexOf('#', at + 1)) if (text[at - 1] === ' ' || text[at - 1] === '\t') return true;
  return false;
}

/** A syntax error as the author would say it: where it was made, what it is and what to write. */
interface Mistake {
  offset: number;
  message: string;
  hint: string;
}

const quoteHint = 'put the whole text between double quotes, e.g. title: "[New] Zirconia crowns"';

/** The line around an offset: its start, its text and its indentation. */
function lineOf(text: string, offset: number): { start: number; text: string; indent: number } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', start);
  const line = text.slice(start, end === -1 ? text.length : end);
  return { start, text: line, indent: /^[ ]*/.exec(line)![0].length };
}

/** `key: value` on one line of a block map (or list item): where the value starts and what it is. */
function blockValue(line: { start: number; text: string }): { key: string; at: number; value: string } | undefined {
  const match = /^([ \t]*(?:-[ \t]+)?)([^\s'"#:{}[\],][^:#]*?):[ \t]+(?=\S)/.exec(line.text);
  if (!match) return undefined;
  return { key: match[2]!, at: line.start + match[0].length, value: line.text.slice(match[0].length) };
}

/** Where, after `from`, a line ends but for spaces and a comment: nothing else follows. */
const restIsEmpty = (rest: string) => /^[ \t]*(#.*)?$/.test(rest);

/**
 * The mistakes an author makes by hand, read from the line the parser stopped at (or the one it reached
 * too late), each named as the author would say it and placed where it was made: a text that begins with
 * a character YAML keeps for itself, a quote that ends a text too early, a bracket never closed or one too
 * many, a missing space after a key's colon, a second document, a line of a folded text indented too little.
 */
function authorMistake(text: string, offset: number, reason: string): Mistake | undefined {
  const line = lineOf(text, offset);
  if (reason.startsWith('expected a single document')) {
    const second = /(?:^|\n)(---)(?=[ \t]|\r?\n|$)/g;
    let match: RegExpExecArray | null;
    while ((match = second.exec(text))) {
      const at = match.index + match[0].length - 3;
      if (
        text
          .slice(0, at)
          .split('\n')
          .some((l) => l.trim() !== '' && !l.trim().startsWith('#') && l.trim() !== '---')
      ) {
        return {
          offset: at,
          message: 'a second document starts here: "---" ends the first, and a content file holds one',
          hint: 'remove the "---" line, or move what follows it into a file of its own',
        };
      }
    }
  }
  if ((text[offset] === '}' || text[offset] === ']') && !/^\s*[}\]]/.test(text.slice(line.start, offset))) {
    const depth = bracketDepth(text.slice(line.start, offset));
    if (depth <= 0) return { offset, message: `this "${text[offset]}" closes nothing: it is one too many`, hint: `remove the "${text[offset]}"` };
  }
  if (/unknown escape sequence/.test(reason)) {
    const slash = text.lastIndexOf('\\', offset);
    return {
      offset: slash === -1 ? offset : slash,
      message: 'a \\ in a text between double quotes starts an escape such as \\n or \\", and this one is none',
      hint: 'write \\\\ for a backslash, or put the text between single quotes',
    };
  }
  if (/^\s*:\s/.test(line.text)) return { offset: line.start + line.indent, message: 'this line begins with ":": its key is missing', hint: 'write the key before the colon, e.g. "title: ..."' };
  const value = blockValue(line);
  if (value) {
    const found = valueMistake(text, value);
    if (found) return found;
  }
  // "en:Crowns": a key without a space after its colon is read as one text.
  for (const candidate of [line, ...[...previousLines(text, line.start)].slice(0, 1).map((l) => ({ ...l }))]) {
    const glued = /^([ \t]*(?:-[ \t]+)?)([A-Za-z][\w-]*):(?![\s/]|$)/.exec(candidate.text);
    if (glued) {
      const key = glued[2]!;
      const word = /^\S+/.exec(candidate.text.slice(glued[0].length))![0];
      return {
        offset: candidate.start + glued[1]!.length + key.length + 1,
        message: `a space is missing after "${key}:": YAML reads "${key}:${word}" as one text, not a key and its value`,
        hint: `write "${key}: ${word}"`,
      };
    }
  }
  if (/missed comma between flow collection entries|unexpected end of the stream within a flow collection/.test(reason)) {
    // The line that opened a { or [ (or a quote inside one) and did not close it: the parser stops a line late.
    for (const earlier of [line, ...previousLines(text, line.start)]) {
      const open = unclosedOnLine(earlier.text);
      if (open !== undefined) {
        // On the line the parser stopped at, a { or [ still open is the one it stopped in: the general words fit.
        if (earlier.start === line.start && !open.quote) break;
        const at = earlier.start + open.at;
        return open.quote
          ? {
              offset: at,
              message: `the text opened with ${open.char} here is not closed on its line`,
              hint: `end the text with ${open.char} on the same line; ${open.char === '"' ? 'write \\" for a quote mark inside it' : "write '' for an apostrophe inside it"}`,
            }
          : {
              offset: at,
              message: `the ${open.char} opened here is not closed on its line`,
              hint: `close it with "${open.char === '{' ? '}' : ']'}" on the same line, e.g. "{ en: Text, nl: Tekst }"`,
            };
      }
    }
  }
  if (/^bad indentation|end of the stream or a document separator|implicit key|multiline key/.test(reason)) {
    const before = [...previousLines(text, line.start)];
    // A line of a folded or literal text indented no further than its key ends the text; the parser stops later.
    for (let i = 0; i < before.length; i++) {
      const opener = /^([ \t]*(?:-[ \t]+)?)([^\s#:][^:#]*?):[ \t]+[|>][+-]?[0-9]?[ \t]*(?:#.*)?$/.exec(before[i]!.text);
      if (!opener) continue;
      const inner = before.slice(0, i).reverse();
      const culprit = [...inner, line].find((l) => l.indent <= before[i]!.indent && !/^[ \t]*(?:-[ \t]+)?[^\s#:][^:#]*:(?:[ \t]|$)/.test(l.text));
      if (culprit) {
        return {
          offset: culprit.start + culprit.indent,
          message: `this line is indented no further than "${opener[2]}:", so the text under it ends before this line`,
          hint: `indent every line of the text further than "${opener[2]}:", as the lines above it are`,
        };
      }
      break;
    }
    const previous = before[0];
    // A line without a colon where a key belongs ("title Zirconia crowns").
    if (previous && previous.indent === line.indent && !/:(?:[ \t]|$)/.test(previous.text) && !/^[ \t]*-(?:[ \t]|$)/.test(previous.text)) {
      return {
        offset: previous.start + previous.indent,
        message: 'this line has no ":" where a key and its value belong',
        hint: 'write the key, a colon and a space before the value, e.g. "title: Zirconia crowns"',
      };
    }
  }
  return undefined;
}

/** What is wrong with a value by its first characters, if anything: a character YAML keeps, or a quote that ends the text early. */
function valueMistake(text: string, value: { key: string; at: number; value: string }): Mistake | undefined {
  const v = value.value;
  const first = v[0]!;
  const begins = (what: string) => ({
    offset: value.at,
    message: `a text cannot begin with ${what} without quotes`,
    hint: quoteHint.replace('[New] Zirconia crowns', v.replace(/[ \t]+#.*$/, '').replace(/"/g, '\\"')),
  });
  if (first === '@' || first === '`' || first === '%') return { ...begins(first), message: `a text cannot begin with ${first} without quotes: YAML keeps the character for itself` };
  if (first === '*')
    return {
      ...begins(first),
      message: v.startsWith('**')
        ? 'a text that begins with bold (**) is read as a reference to another value (*name), not as text'
        : 'a text that begins with * is read as a reference to another value (*name), not as text',
    };
  if (first === '!') return { ...begins(first), message: 'a text that begins with ! is read as a type (!tag), not as text' };
  if ((first === '|' || first === '>') && !restIsEmpty(v.slice(1).replace(/^[+-]?[0-9]?/, ''))) {
    return { offset: value.at, message: `after "${first}" comes the end of the line: the text starts on the next line`, hint: `move the text to the next line, indented under "${value.key}:"` };
  }
  if (first === '[' || first === '{') {
    const close = first === '[' ? ']' : '}';
    let depth = 0;
    for (let i = 0; i < v.length; i++) {
      if (v[i] === first) depth++;
      else if (v[i] === close && --depth === 0) {
        if (restIsEmpty(v.slice(i + 1))) return undefined;
        return {
          offset: value.at,
          message: `a text that begins with ${first} is read as a ${first === '[' ? 'list' : 'map'}, which ends at its ${close}: the rest of the line cannot follow it`,
          hint: quoteHint.replace('[New] Zirconia crowns', v.replace(/"/g, '\\"')),
        };
      }
    }
    return undefined;
  }
  if (first === '"' || first === "'") {
    const close = closingQuote(text, value.at);
    const lineEnd = text.indexOf('\n', value.at) === -1 ? text.length : text.indexOf('\n', value.at);
    if (close === -1 || close > lineEnd || restIsEmpty(text.slice(close + 1, lineEnd))) return undefined;
    const rest = text.slice(close + 1, lineEnd);
    if (rest.includes(first)) {
      return first === "'"
        ? {
            offset: close,
            message: "this apostrophe ends the text that ' opened: inside a text between single quotes, an apostrophe is written twice",
            hint: "write '' for the apostrophe (patient''s), or put the text between double quotes",
          }
        : {
            offset: close,
            message: 'this " ends the text that " opened: a quote mark inside a text between double quotes ends it',
            hint: 'write \\" for a quote mark inside the text, or put the text between single quotes',
          };
    }
    return {
      offset: close + 1,
      message: `the text between quotes ends at its closing ${first}, and more follows it on the line`,
      hint: `put the whole text between the quotes, e.g. ${first}${text.slice(value.at + 1, close)}${rest.replace(/[ \t]+#.*$/, '')}${first}`,
    };
  }
  return undefined;
}

/** How many { and [ are open at the end of a piece of a line, quotes skipped. */
function bracketDepth(piece: string): number {
  let depth = 0;
  let quote = '';
  for (const c of piece) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return depth;
}

/** The first { or [ of a line left open at its end, or a quote inside one left open (a text that runs on). */
function unclosedOnLine(line: string): { at: number; char: string; quote: boolean } | undefined {
  const open: { at: number; char: string }[] = [];
  let quote: { at: number; char: string } | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote.char) {
        if (c === "'" && line[i + 1] === "'") i++;
        else quote = undefined;
      } else if (c === '\\' && quote.char === '"') i++;
      continue;
    }
    if (c === '#' && (i === 0 || line[i - 1] === ' ')) break;
    if ((c === '"' || c === "'") && open.length && /[\s,:{[]/.test(line[i - 1] ?? ' ')) quote = { at: i, char: c };
    else if (c === '{' || c === '[') open.push({ at: i, char: c });
    else if ((c === '}' || c === ']') && open.length) open.pop();
  }
  if (quote) return { ...quote, quote: true };
  return open.length ? { ...open[0]!, quote: false } : undefined;
}

/** A value that opens with a quote: after `key: `, `- ` or both, at the start of a line. */
const quotedValue = /^[ \t]*(?:-[ \t]+)?(?:[^\s'"#:{}[\],-][^:#\n]*:[ \t]+|(?<=-[ \t]+))(['"])/;

/**
 * The quoted value, opened on an earlier line, whose closing quote is on the line of a syntax error (or the
 * one before it): a quote left open that a later apostrophe closed. Content writes no text in quotes over
 * several lines, so such a value is the mistake. Undefined when there is none.
 */
function runsOn(text: string, errorOffset: number): { open: number; close: number } | undefined {
  const errorLine = lineAt(text, errorOffset);
  for (let start = 0; start <= errorOffset && start < text.length;) {
    const end = text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start);
    const match = quotedValue.exec(text.slice(start, end));
    if (match) {
      const open = start + match[0].length - 1;
      const close = closingQuote(text, open);
      if (close === -1) return undefined;
      if (close > end) {
        const closeLine = lineAt(text, close);
        if (errorLine === closeLine || errorLine === closeLine + 1) return { open, close };
        // Read on after the text, as the parser did.
        start = text.lastIndexOf('\n', close) + 1;
        continue;
      }
    }
    start = end + 1;
  }
  return undefined;
}

/** Where the quote opened at `open` closes: `''` is an apostrophe in a single-quoted text, `\"` a quote mark in a double-quoted one. */
function closingQuote(text: string, open: number): number {
  const quote = text[open];
  for (let at = open + 1; at < text.length; at++) {
    if (quote === '"' && text[at] === '\\') at++;
    else if (text[at] === quote) {
      if (quote === "'" && text[at + 1] === "'") at++;
      else return at;
    }
  }
  return -1;
}

/** The 0-based line of an offset. */
function lineAt(text: string, offset: number): number {
  let line = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** Past spaces, line breaks and comments. */
function skipSpace(text: string, from: number): number {
  let at = from;
  for (;;) {
    const c = text[at];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') at++;
    else if (c === '#' && (at === 0 || /\s/.test(text[at - 1] ?? ' '))) {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end;
    } else return at;
  }
}

/** A null value written as nothing at all (`nl:` with no text), as opposed to `~` or `null`. */
function isEmptyValue(text: string, offset: number): boolean {
  return !/^(~|null|Null|NULL)\b/.test(text.slice(offset, offset + 5));
}

/** The same node opened twice (the parser tries a key, then reads a value): the inner frame is the node. */
/**
 * The offsets of a top-level key's section: from the start of its line to the start of the next line that
 * begins a top-level key (or the end). Only for a plain key at the very start of one line of a file whose
 * lines at the left margin are plain keys, comments or blank: anything else is left to the whole file's parse.
 */
function topLevelSection(text: string, key: string): [number, number] | undefined {
  if (!/^[A-Za-z_][\w-]*$/.test(key)) return undefined;
  let start = -1;
  let end = text.length;
  for (let at = 0; at < text.length;) {
    const next = text.indexOf('\n', at);
    const lineEnd = next === -1 ? text.length : next;
    const first = text.charCodeAt(at);
    // A line at the left margin that is not blank, a comment or a line break.
    if (at < lineEnd && first !== 32 && first !== 35 && first !== 13) {
      const plain = /^([A-Za-z_][\w-]*):(?:[ \t]|$)/.exec(text.slice(at, lineEnd).replace(/\r$/, ''));
      if (!plain) return undefined;
      if (start !== -1) {
        end = at;
        break;
      }
      if (plain[1] === key) start = at;
    }
    at = lineEnd + 1;
  }
  return start === -1 ? undefined : [start, end];
}

/**
 * Where each item of the block list under a top-level key starts and ends: its key alone on its line, then
 * items whose "-" stands at one indent, every other line deeper, blank or a comment. Undefined when the
 * lines cannot tell the items apart for certain: a list written another way, a tab in an indent, or a text
 * quoted over more than one line or in brackets or braces, whose lines may look like an item's.
 */
export function listItems(text: string, start: number, end: number): [number, number][] | undefined {
  const firstEnd = text.indexOf('\n', start);
  if (firstEnd === -1 || firstEnd >= end || !/^[A-Za-z_][\w-]*:[ \t]*(?:#.*)?\r?$/.test(text.slice(start, firstEnd))) return undefined;
  const items: [number, number][] = [];
  let indent = -1;
  // The column of the key (or "-") whose block text (| or >) the lines deeper than it belong to; -1 outside one.
  let block = -1;
  for (let at = firstEnd + 1; at < end;) {
    const next = text.indexOf('\n', at);
    const lineEnd = next === -1 || next > end ? end : next;
    const lineStart = at;
    const line = text.slice(at, lineEnd);
    const spaces = /^ */.exec(line)![0].length;
    const rest = line.slice(spaces);
    at = lineEnd + 1;
    if (rest === '' || rest === '\r') continue;
    // A line of a block text may begin with anything: it only has to stand deeper than the text's key.
    if (block !== -1 && spaces > block) continue;
    const owner = blockTextOwner(rest, spaces);
    if (owner === undefined) return undefined;
    block = owner;
    if (rest[0] === '#') {
      // A comment: part of the item it stands in.
    } else if (rest[0] === '\t') return undefined;
    else if (!quotedOnItsLine(rest)) return undefined;
    else if (indent === -1 || spaces === indent) {
      if (!/^-(?:[ \t]|\r?$)/.test(rest) || spaces === 0) return undefined;
      indent = spaces;
      // An item's lines run to the next one's "-", which is kept: the item's last node then ends where it does
      // in a parse of the whole list (at that "-"), and the part parses as the item and an empty one.
      if (items.length) items[items.length - 1]![1] = lineStart + spaces + 1;
      items.push([lineStart, end]);
    } else if (spaces < indent) return undefined;
  }
  return items.length ? items : undefined;
}

/** A line whose value is a block text (`|`, `>-`, `|2`): its "- " marks, its key, and the indicator. */
const blockOpening = /^((?:-[ \t]+)*)([A-Za-z_][\w-]*:[ \t]+)?[|>][+-]?\d?[+-]?[ \t]*(?:#.*)?\r?$/;

/**
 * For a line (`rest`, after its `spaces` of indent) that opens a block text, the column of the key (or of
 * the last "-") whose text the deeper lines after it are; -1 for a line that opens none, undefined when a
 * tab after a "-" leaves the column in doubt.
 */
function blockTextOwner(rest: string, spaces: number): number | undefined {
  const opens = blockOpening.exec(rest);
  if (!opens) return -1;
  if (opens[1]!.includes('\t')) return undefined;
  return spaces + (opens[2] ? opens[1]!.length : Math.max(0, opens[1]!.length - 2));
}

/**
 * Whether a line's value, after its "- " marks and its key, ends on the line: a quoted text closed on it, or
 * one not quoted nor opening brackets or braces (a line inside a block text, which may begin with anything,
 * is held to the same, which only makes the answer more careful).
 */
function quotedOnItsLine(rest: string): boolean {
  const value = rest.replace(/^(?:-[ \t]+)*(?:[A-Za-z_][\w-]*:[ \t]+)?/, '');
  const first = value[0];
  if (first === '"') return /^"(?:[^"\\]|\\.)*"[ \t]*(?:#.*)?\r?$/.test(value);
  if (first === "'") return /^'(?:[^']|'')*'[ \t]*(?:#.*)?\r?$/.test(value);
  if (first !== '[' && first !== '{') return true;
  // Brackets and braces closed on the line, outside the texts quoted in them.
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (char === '"' || char === "'") {
      const close = char === '"' ? /"(?:[^"\\]|\\.)*"/y : /'(?:[^']|'')*'/y;
      close.lastIndex = i;
      if (!close.test(value)) return false;
      i = close.lastIndex - 1;
    } else if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') {
      if (--depth === 0) return /^[ \t]*(?:#.*)?\r?$/.test(value.slice(i + 1));
      if (depth < 0) return false;
    }
  }
  return false;
}

/** The key and value frames at a path, from `start` (the frame at the path's first `from` segments), as far as it exists. */
function walkFrom(start: Frame | undefined, path: readonly PathSegment[], from: number): { key?: Frame; value?: Frame; exact: boolean } {
  let value = start;
  let key: Frame | undefined;
  for (let i = from; i < path.length; i++) {
    const next = value ? child(value, path[i]!) : undefined;
    if (!next) return { key, value, exact: false };
    key = next.key;
    value = next.value;
  }
  return { key, value, exact: true };
}

/** Every node of a text as the parser opened and closed it (its root frame holds the document's), or undefined when it does not parse. */
function positionFrames(text: string): Frame | undefined {
  const top: Frame = { start: 0, end: text.length, result: undefined, kind: '', children: [] };
  const stack: Frame[] = [top];
  const listener = (event: 'open' | 'close', state: { position: number; result: unknown; kind: string }) => {
    if (event === 'open') {
      stack.push({ start: state.position, end: -1, result: undefined, kind: '', children: [] });
      return;
    }
    const frame = stack.pop()!;
    frame.end = state.position;
    frame.result = state.result;
    frame.kind = state.kind;
    stack[stack.length - 1]!.children.push(frame);
  };
  try {
    load(text, { schema: CORE_SCHEMA, listener });
    return top;
  } catch {
    return undefined;
  }
}

/** Whether a parsed section is a map of its one key. */
function isOnlyKey(result: unknown, key: string): boolean {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return false;
  const keys = Object.keys(result);
  return keys.length === 1 && keys[0] === key;
}

/** Moves a section's frames to their offsets in the whole text. */
function shiftFrames(frame: Frame, by: number): void {
  frame.start += by;
  frame.end += by;
  for (const child of frame.children) shiftFrames(child, by);
}

function collapse(frame: Frame): Frame {
  let node = frame;
  while (node.children.length === 1) {
    const only = node.children[0]!;
    if (only.result !== node.result || (typeof node.result !== 'object' && only.kind !== node.kind)) break;
    node = only;
  }
  return node;
}

/** The key and value frames of a map's entry, or a list's item. A map's frames come as key, value, key, value. */
function child(frame: Frame, segment: PathSegment): { key?: Frame; value: Frame } | undefined {
  const node = collapse(frame);
  const value = node.result;
  if (Array.isArray(value)) {
    const item = typeof segment === 'number' && node.children.length === value.length ? node.children[segment] : undefined;
    return item ? { value: item } : undefined;
  }
  if (value === null || typeof value !== 'object' || node.children.length % 2) return undefined;
  const wanted = String(segment);
  for (let i = 0; i < node.children.length; i += 2) {
    const key = collapse(node.children[i]!);
    if (String(key.result) === wanted) return { key, value: node.children[i + 1]! };
  }
  return undefined;
}
