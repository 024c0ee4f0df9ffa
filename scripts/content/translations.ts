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

/** The hash of a whole file's text, as the lock records it. */
export const fileHash = (text: string): string => hash('sha1', text, 'base64url').slice(0, 16);

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
