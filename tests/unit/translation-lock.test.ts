import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLock, readLockLazily, translationLockName, writeLock, type LockReader, type TranslationLock } from '../../scripts/content/translations.ts';
import { projectRoot } from '../support/fixtures.ts';

let scratch: string;
beforeEach(() => {
  mkdirSync(join(projectRoot, 'tests', '.tmp'), { recursive: true });
  scratch = mkdtempSync(join(projectRoot, 'tests', '.tmp', 'translation-lock-'));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** Everything a reader answers for the files a lock names, and for one it does not. */
function answers(reader: LockReader, lock: TranslationLock): unknown[] {
  return [...Object.keys(lock), 'not/in-the-lock.yaml', 'constructor', '__proto__'].map((name) => [name, reader.fileHash(name) ?? null, reader.texts(name) ?? null]);
}

// Names and places as an author's files and texts may have them: quotes, backslashes, accents and emoji included.
const text = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '/', '.', '-', '[', ']', ' ', '"', '\\', 'é', '\u2028', '😀', '\n'), minLength: 1, maxLength: 12 });
const locks = fc.dictionary(
  text.map((name) => `${name}.yaml`),
  fc.record({ file: text, en: fc.dictionary(text, text, { minKeys: 1, maxKeys: 5 }) }),
  { maxKeys: 6 },
);

describe('the translation lock as the check reads it', () => {
  it('answers as the whole lock parsed, for every lock the confirm step writes (seeded)', () => {
    fc.assert(
      fc.property(locks, (lock) => {
        writeLock(scratch, lock);
        expect(answers(readLockLazily(scratch), lock)).toEqual(answers(wholeReader(scratch), lock));
      }),
      { numRuns: 300 },
    );
  });

  it('answers the same for a lock laid out otherwise: by hand, on one line, with Windows line ends or cut short (seeded)', () => {
    const layouts = fc.constantFrom(
      (written: string) => JSON.stringify(JSON.parse(written)),
      (written: string) => written.replace(/\n/g, '\r\n'),
      (written: string) => JSON.stringify(JSON.parse(written), null, 4),
      (written: string) => written.replace('"files": {', '"files": {\n'),
      (written: string) => `${written.trimEnd()}\n\n`,
    );
    fc.assert(
      fc.property(locks, layouts, (lock, layout) => {
        writeLock(scratch, lock);
        const file = join(scratch, translationLockName);
        writeFileSync(file, layout(readFileSync(file, 'utf8')));
        expect(answers(readLockLazily(scratch), lock)).toEqual(answers(wholeReader(scratch), lock));
      }),
      { numRuns: 200 },
    );
  });

  it("reads the site's own lock as the whole lock parsed", () => {
    const content = join(projectRoot, 'content');
    const lock = readLock(content);
    expect(Object.keys(lock).length).toBeGreaterThan(50);
    expect(answers(readLockLazily(content), lock)).toEqual(answers(wholeReader(content), lock));
  });

  it('a folder without a lock has nothing confirmed', () => {
    expect(readLockLazily(scratch).fileHash('services/zirconia.yaml')).toBeUndefined();
  });
});

/** The lock parsed whole, as the confirm step reads it. */
function wholeReader(dir: string): LockReader {
  const lock = readLock(dir);
  const own = (name: string) => (Object.hasOwn(lock, name) ? lock[name] : undefined);
  return { fileHash: (name) => own(name)?.file, texts: (name) => own(name)?.en };
}
