import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load, type YAMLException } from 'js-yaml';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type Pair } from 'yaml';
import type { Diagnostic } from './diagnostics.ts';

export type PathSegment = string | number;

/**
 * A parsed YAML file that can point at any of its nodes by line and column.
 * The data comes from js-yaml, which is several times faster; the `yaml` package's Document, which
 * keeps every node's position and explains syntax errors best, is built only when a file has
 * something to report.
 */
export class SourceFile {
  /** The parsed data; released once the file is validated, since the validated copy replaces it. */
  data: unknown;
  readonly syntaxErrors: Diagnostic[] = [];
  private parsed?: { doc: Document; lines: LineCounter };
  private source?: string;

  constructor(
    /** Project-relative path, e.g. `content/site.yaml`. */
    readonly file: string,
    text: string,
    /** Absolute path, so a released text can be read again to point at a node. */
    private readonly abs?: string,
  ) {
    this.source = text;
    try {
      // The core schema reads dates and "yes" as text, as the `yaml` package does.
      this.data = load(text, { schema: CORE_SCHEMA, filename: file });
      return;
    } catch (error) {
      this.data = undefined;
      for (const e of this.document.errors) {
        const { line, col } = this.parse().lines.linePos(e.pos[0]);
        const message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        this.syntaxErrors.push({ file, line, column: col, severity: 'error', rule: 'yaml/syntax', message, hint: syntaxHint(e.code) });
      }
      if (!this.syntaxErrors.length) {
        const mark = (error as YAMLException).mark;
        const message = ((error as YAMLException).reason || String(error)).split('\n')[0]!;
        this.syntaxErrors.push({ file, line: (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1, severity: 'error', rule: 'yaml/syntax', message, hint: syntaxHint('') });
      }
    }
  }

  /** The file's text. */
  get text(): string {
    this.source ??= this.abs ? readFileSync(this.abs, 'utf8') : '';
    return this.source;
  }

  /**
   * Lets go of the text and parsed data once the file is checked; they are read again only if a
   * later check reports a problem in this file, which keeps a large site's check small in memory.
   */
  release(): void {
    if (!this.abs) return;
    this.source = undefined;
    this.parsed = undefined;
    this.data = undefined;
  }

  /** The positioned YAML document, parsed on first use. */
  get document(): Document {
    return this.parse().doc;
  }

  private parse(): { doc: Document; lines: LineCounter } {
    if (!this.parsed) {
      const lines = new LineCounter();
      this.parsed = { doc: parseDocument(this.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
    }
    return this.parsed;
  }

  /** Line and column of a 0-based offset in the text. */
  position(offset: number): { line: number; column: number } {
    const { line, col } = this.parse().lines.linePos(offset);
    return { line, column: col };
  }

  /**
   * Where to point for a YAML path. `value` points at the node itself; `key` at its key
   * (for unknown keys); a path that does not exist points at its deepest existing parent.
   */
  locate(path: readonly PathSegment[], target: 'value' | 'key' = 'value'): { line: number; column: number; exact: boolean } {
    let node: unknown = this.document.contents;
    let pair: Pair | undefined;
    let exact = true;
    for (const segment of path) {
      const next = child(node, segment);
      if (!next) {
        exact = false;
        break;
      }
      pair = next.pair;
      node = next.node ?? next.pair?.key;
    }
    const pick = target === 'key' && exact && pair && isNode(pair.key) ? pair.key : node;
    const offset = isNode(pick) && pick.range ? pick.range[0] : 0;
    return { ...this.position(offset), exact };
  }

  /** Offset range of the node at a path, when it exists. */
  range(path: readonly PathSegment[]): [number, number] | undefined {
    let node: unknown = this.document.contents;
    for (const segment of path) {
      const next = child(node, segment);
      if (!next) return undefined;
      node = next.node;
    }
    return isNode(node) && node.range ? [node.range[0], node.range[1]] : undefined;
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
}

function child(node: unknown, segment: PathSegment): { node: unknown; pair?: Pair } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && (isScalar(p.key) ? p.key.value : p.key) === segment);
    return pair ? { node: pair.value ?? undefined, pair } : undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { node: item };
  }
  return undefined;
}

function syntaxHint(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'each key may appear once in a map; remove or rename one of them';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'check the indentation: nested keys are indented by two spaces under their parent';
    case 'TAB_AS_INDENT':
      return 'indent with spaces, not tabs';
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'a key and its colon must be on one line; quote text that contains ": "';
    default:
      return 'fix the YAML syntax; text containing ": " or starting with a special character must be quoted';
  }
}
