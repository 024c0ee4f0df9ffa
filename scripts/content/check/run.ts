/**
 * One run of the content check: what it knows (its folders, the files read, the model, the facts for the
 * cross-file rules, the redirects and routes found so far) and how a rule reports a finding. Every rule
 * family is a module over it (../rules/), instead of closures inside one function sharing its variables.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Glossary, Redirects, SiteSettings } from '../../../schemas/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { registry, type RuleId, type Severity } from '../rules/registry.ts';
import { SourceFile, type PathSegment } from '../source.ts';
import { dotted } from '../yaml-path.ts';
import { PageAnchors, type CheckOptions, type CollectionName, type ContentModel, type Entry, type Facts, type Scanned } from './model.ts';

export class CheckRun {
  readonly root: string;
  readonly contentDir: string;
  readonly imagesDir: string;
  readonly videosDir: string;
  readonly publicDir: string;
  readonly codeDirs: string[];
  readonly release: boolean;
  readonly retain: boolean;
  readonly diagnostics: Diagnostic[] = [];
  readonly model: ContentModel = { redirects: [], pages: new Map(), services: new Map(), articles: new Map(), testimonials: new Map(), images: new Map() };
  /** Slugs of files that exist but failed validation: links and references to them are not reported again. */
  readonly brokenSlugs: Record<CollectionName, Set<string>> = { pages: new Set(), services: new Set(), articles: new Set(), testimonials: new Set() };
  /** Paths of pages whose file could not be parsed at all, read from their "path:" line. */
  readonly unreadablePages = new Set<string>();
  /**
   * The English path of every page, service and article, once each file is read (pages come first, the
   * services and articles are known from their file names), so a link is judged as it is scanned.
   */
  readonly routes = new Set<string>();
  /** The redirects links may lead to and the check holds to its rules: the model's, and the right ones of a file that failed its schema. */
  readonly redirects: Entry<Redirects>[] = [];
  /** Site-wide files that failed their schema, as they were read. */
  readonly invalidSingles: Scanned[] = [];
  /**
   * site.yaml as it was read when it failed its schema, with its top-level keys that have an error: the lab's
   * name and facts still serve the other files' rules (a file is never a switch for the rest of the site).
   */
  siteAsRead?: { data: Record<string, unknown>; broken: Set<string> };
  readonly facts: Facts = { links: [], refs: [], anchors: new PageAnchors(), serviceKinds: new Map(), pagePaths: [], samples: [], photoless: [] };
  /**
   * The glossary (content/glossary.yaml), read before any text is scanned (its name sorts first, and the
   * folders come after the files); when it failed its schema, what can be read of it.
   */
  glossary?: Glossary;
  /** How many content files were read. */
  files = 0;
  /** The site settings as the other files' rules read them: valid, or as read when they failed their schema. */
  get site(): SiteSettings | undefined {
    return this.model.site?.data ?? (this.siteAsRead?.data as SiteSettings | undefined);
  }

  constructor(options: CheckOptions) {
    this.root = options.root;
    this.contentDir = options.contentDir ?? join(this.root, 'content');
    this.imagesDir = options.imagesDir ?? join(this.root, 'src', 'assets', 'images');
    this.videosDir = options.videosDir ?? join(this.root, 'src', 'assets', 'videos');
    this.publicDir = options.publicDir ?? join(this.root, 'src', 'public');
    this.codeDirs = options.codeDirs ?? ['src', 'schemas', 'scripts'].map((dir) => join(this.root, dir));
    this.release = options.release === true;
    this.retain = options.retain === true;
  }

  /** A path relative to the project root, with forward slashes, as messages name files. */
  rel(abs: string): string {
    // The common case, a plain path under the root (every file the check reads), without resolving both paths again.
    this.rootPrefix ??= resolve(this.root) + sep;
    if (abs.startsWith(this.rootPrefix) && !abs.endsWith(sep) && !abs.includes(`${sep}.`) && !abs.includes(`${sep}${sep}`))
      return sep === '/' ? abs.slice(this.rootPrefix.length) : abs.slice(this.rootPrefix.length).split(sep).join('/');
    return relative(this.root, abs).split(sep).join('/');
  }

  private rootPrefix?: string;

  /** A finding about a whole file, at its first line. */
  fileProblem(file: string, rule: RuleId, message: string, hint?: string, severity: Severity = registry[rule].severity): void {
    this.diagnostics.push({ file, line: 1, column: 1, severity, rule, message, hint: hint || undefined });
  }

  /** A finding at a node of a file, by its YAML path. */
  at(entry: { source: SourceFile }, path: readonly PathSegment[], rule: RuleId, message: string, hint?: string, severity: Severity = registry[rule].severity): void {
    const { line, column } = entry.source.locate(path);
    this.diagnostics.push({ file: entry.source.file, line, column, severity, rule, message, hint: hint || undefined, path: dotted(path) });
  }

  /** A finding at a node, or at an offset inside it when one is known; with the fix when the rule is certain of one. */
  report(entry: { source: SourceFile }, path: readonly PathSegment[], rule: RuleId, message: string, hint: string, severity: Severity, offset: number | undefined, fix?: Diagnostic['fix']): void {
    if (offset === undefined) return this.at(entry, path, rule, message, hint, severity);
    const { line, column } = entry.source.position(offset);
    this.diagnostics.push({ file: entry.source.file, line, column, severity, rule, message, hint: hint || undefined, path: dotted(path), ...(fix ? { fix } : {}) });
  }

  /** Reads and parses one file; reports a syntax error or an empty file and gives nothing then. */
  read(abs: string): SourceFile | undefined {
    this.files++;
    // Read as bytes: the translation lock's hash of the file is taken from them, without encoding the text again.
    const source = new SourceFile(this.rel(abs), readBytes(abs), abs);
    if (source.syntaxErrors.length) {
      this.diagnostics.push(...source.syntaxErrors);
      return undefined;
    }
    if (source.data === undefined || source.data === null) {
      this.fileProblem(source.file, 'content/empty-file', 'the file is empty', 'write its fields, or copy a file of the same kind and change it; an unused file can be deleted');
      return undefined;
    }
    return source;
  }
}

/** The buffer every file is read into, grown to the largest file read so far. */
let buffer = Buffer.allocUnsafe(1 << 16);

/**
 * A file's bytes, read into the one buffer the check reuses for every file: valid until the next file is read.
 * A buffer of its own for each file, as readFileSync makes, cost about 20 ms a run over bench:content's 5,000
 * files in allocating and freeing them. Throws as readFileSync does (a missing file, a folder).
 */
export function readBytes(abs: string): Uint8Array {
  const fd = openSync(abs, 'r');
  try {
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger);
        buffer = larger;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) return buffer.subarray(0, length);
      length += read;
    }
  } finally {
    closeSync(fd);
  }
}
