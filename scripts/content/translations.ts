/**
 * Translations that know when they are stale. For each text written in both languages, the lock file
 * (`content/translations.lock.json`, committed with the content) records a hash of the English the Dutch
 * was last confirmed against; `npm run translations -- --confirm <file>` writes it. When the English has
 * changed since, the Dutch is probably out of date: the check reports it as `i18n/stale-nl` at the Dutch
 * text (a warning; an error in a release build), with the English before and after when git has the
 * version that was confirmed. Texts are known by their place in the file (`hero.title`, `body[2].text`).
 */
import { execFileSync } from 'node:child_process';
import { hash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { PathSegment } from './source.ts';
import { dotted, valueAt } from './yaml-path.ts';

/** The lock's name in the content folder. */
export const translationLockName = 'translations.lock.json';

/**
 * Per content file (its path inside content/, with forward slashes): a hash of the whole file as it was
 * confirmed (a file unchanged since needs no further look), and per text the hash of its confirmed English.
 */
export type TranslationLock = Record<string, { file: string; en: Record<string, string> }>;

interface LockFile {
  comment: string;
  files: TranslationLock;
}

/** The hash of an English text (or list of texts) as the lock records it: short, as only a change matters. */
export function englishHash(en: string | readonly unknown[]): string {
  // The one-shot hash is the fastest Node has for short texts, and the check hashes every text of the site.
  return hash('sha1', typeof en === 'string' ? en : JSON.stringify(en), 'base64url').slice(0, 12);
}

/** The lock of a content folder; empty when none was written yet. */
export function readLock(contentDir: string): TranslationLock {
  const file = join(contentDir, translationLockName);
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockFile>;
  return parsed.files ?? {};
}

/** What the check reads of the lock: per content file, the hash of the file as confirmed and, when asked, its texts' hashes. */
export interface LockReader {
  /** The hash of the file as it was confirmed, if the lock names it. */
  fileHash(name: string): string | undefined;
  /** The hash of each confirmed English text of the file, by its place. */
  texts(name: string): Record<string, string> | undefined;
}

/**
 * The lock of a content folder, read for the check: each file's record is found in the text as the lock is
 * written (`writeLock`), and the hashes of its texts are parsed only for a file that changed since it was
 * confirmed. A large site's lock is mostly those hashes, which a check of unchanged files would otherwise
 * parse and hold in memory to the end. A lock laid out otherwise (edited by hand) is parsed whole.
 */
export function readLockLazily(contentDir: string): LockReader {
  const file = join(contentDir, translationLockName);
  if (!existsSync(file)) return wholeLock({});
  const text = readFileSync(file, 'utf8');
  const records = lockRecords(text);
  if (!records) return wholeLock((JSON.parse(text) as Partial<LockFile>).files ?? {});
  return {
    fileHash: (name) => records.get(name)?.file,
    texts: (name) => {
      const record = records.get(name);
      if (!record) return undefined;
      record.en ??= JSON.parse(text.slice(record.from, record.to)) as Record<string, string>;
      return record.en;
    },
  };
}

function wholeLock(lock: TranslationLock): LockReader {
  return { fileHash: (name) => (Object.hasOwn(lock, name) ? lock[name]!.file : undefined), texts: (name) => (Object.hasOwn(lock, name) ? lock[name]!.en : undefined) };
}

/** The head of one file's record in the lock's text: its name and the file's hash, up to the opening of its texts' hashes. */
const recordHead = / {4}("(?:[^"\\\n]|\\.)*"): \{\n {6}"file": ("(?:[^"\\\n]|\\.)*"),\n {6}"en": \{\n/y;
/** Where a record's texts' hashes and the record end: no text of the lock holds a line break, so this stands nowhere else. */
const recordEnd = '\n      }\n    }';

/**
 * Every file's record in a lock laid out as `writeLock` writes it, or undefined when the text is laid out
 * otherwise: the records must follow one another from the start of "files" to the end of the text.
 */
function lockRecords(text: string): Map<string, { file: string; from: number; to: number; en?: Record<string, string> }> | undefined {
  const opening = /^\{\n {2}"comment": "(?:[^"\\\n]|\\.)*",\n {2}"files": \{\n/.exec(text);
  if (!opening) return undefined;
  const records = new Map<string, { file: string; from: number; to: number }>();
  for (let at = opening[0].length; ;) {
    recordHead.lastIndex = at;
    const head = recordHead.exec(text);
    if (!head) return undefined;
    const end = text.indexOf(recordEnd, recordHead.lastIndex);
    if (end === -1) return undefined;
    // The texts' hashes: from the "{" that opens them to the "}" that closes them.
    records.set(JSON.parse(head[1]!) as string, { file: JSON.parse(head[2]!) as string, from: recordHead.lastIndex - 2, to: end + 8 });
    at = end + recordEnd.length;
    if (text.startsWith(',\n', at)) at += 2;
    else return /^\n {2}\}\n\}\n?$/.test(text.slice(at)) ? records : undefined;
  }
}

export function writeLock(contentDir: string, lock: TranslationLock): void {
  const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
  const files = Object.fromEntries(
    Object.entries(lock)
      .filter(([, record]) => Object.keys(record.en).length)
      .sort(byName)
      .map(([name, record]) => [name, { file: record.file, en: Object.fromEntries(Object.entries(record.en).sort(byName)) }]),
  );
  const body: LockFile = {
    comment: 'Written by `npm run translations -- --confirm <file>`: per text, the English its Dutch was confirmed against (a hash). Commit it with the content; do not edit it by hand.',
    files,
  };
  writeFileSync(join(contentDir, translationLockName), `${JSON.stringify(body, null, 2)}\n`);
}

/** The hash of a whole file, as the lock records it: of its text, or of its bytes as read (the same for a file in UTF-8). */
export const fileHash = (content: string | Uint8Array): string => hash('sha1', content, 'base64url').slice(0, 16);

/** A text in both languages: its place in the file, its English, and its Dutch when there is one. */
export interface TextPair {
  path: PathSegment[];
  en: string | unknown[];
  nl: string | unknown[] | undefined;
}

/** Every text of a parsed file written in both languages (`{ en, nl }` with texts or lists), in document order. */
export function textPairs(data: unknown): TextPair[] {
  const pairs: TextPair[] = [];
  const visit = (value: unknown, path: PathSegment[]) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...path, i]));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    const { en, nl } = object;
    if (typeof en === 'string' || Array.isArray(en)) {
      const dutch = typeof nl === 'string' || Array.isArray(nl) ? nl : undefined;
      pairs.push({ path, en, nl: dutch });
      return;
    }
    for (const key of Object.keys(object)) visit(object[key], [...path, key]);
  };
  visit(data, []);
  return pairs;
}

/** Whether a Dutch text is there to confirm: not missing, empty or only spaces. */
export const hasDutch = (nl: TextPair['nl']): boolean => (typeof nl === 'string' ? nl.trim() !== '' : Array.isArray(nl) && nl.length > 0);

/**
 * The English text that was confirmed, from git: the newest version of the file in which the text at
 * `path` has the recorded hash (up to 100 commits back). Undefined without git or without such a version.
 */
export function confirmedEnglish(abs: string, path: readonly PathSegment[], hash: string): string | undefined {
  try {
    const cwd = dirname(abs);
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const file = relative(top, abs).split(sep).join('/');
    const commits = execFileSync('git', ['log', '-n', '100', '--format=%H', '--', file], { cwd: top, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean);
    for (const commit of commits) {
      let text: string;
      try {
        text = execFileSync('git', ['show', `${commit}:${file}`], { cwd: top, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 16 * 1024 * 1024 });
      } catch {
        continue;
      }
      let en: unknown;
      try {
        en = valueAt(load(text, { schema: CORE_SCHEMA }), [...path, 'en']);
      } catch {
        continue;
      }
      if ((typeof en === 'string' || Array.isArray(en)) && englishHash(en) === hash) return typeof en === 'string' ? en : en.join(' / ');
    }
  } catch {
    // No git, or the file is not in a repository: the report names no earlier text.
  }
  return undefined;
}

/** A text shortened for a message. */
export function quoted(text: string | unknown[], max = 120): string {
  const flat = (typeof text === 'string' ? text : text.join(' / ')).replace(/\s+/g, ' ').trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 3)}...` : flat}"`;
}

/** The key of a text in the lock. */
export const lockKey = (path: readonly PathSegment[]): string => dotted(path);
