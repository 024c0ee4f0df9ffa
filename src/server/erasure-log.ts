import { createHmac, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The erasure log: each erasure (npm run submissions -- erase) as its time and an HMAC-SHA-256 of the
// address under the data folder's key, never the address. It lives outside the backup cycle (beside the
// backups, not in them), so a restore can erase again what was erased after its backup was taken.

/** The key's file in the data folder; every backup carries it, so a restore on a new machine can match the log. */
export const keyFile = 'erasure.key';
/** The log's file, in the data folder and (its newest copy) beside the backups. */
export const journalFile = 'erasures.jsonl';

/** One line of the erasure log. */
export interface ErasureRecord {
  at: number;
  /** HMAC-SHA-256 of the address (trimmed, lower case) under the data folder's erasure key, hex. */
  hmac: string;
}

/** The data folder's erasure key, made (readable by its owner only) when it has none. */
export function erasureKey(dataDir: string): Buffer {
  const path = join(dataDir, keyFile);
  if (!existsSync(path)) writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  const key = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`${path} is not an erasure key (64 hex digits): restore it from a backup`);
  return Buffer.from(key, 'hex');
}

/** The keyed hash an erasure is logged by. */
export function erasureHmac(key: Buffer, address: string): string {
  return createHmac('sha256', key).update(address.trim().toLowerCase()).digest('hex');
}

/** Appends an erasure of `address` at `at` to the data folder's erasure log. */
export function recordErasure(dataDir: string, address: string, at: number): void {
  const record: ErasureRecord = { at, hmac: erasureHmac(erasureKey(dataDir), address) };
  appendFileSync(join(dataDir, journalFile), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

/** The records of an erasure log (none when it is not there); a line that is not one is an error naming it. */
export function readJournal(path: string): ErasureRecord[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        const record = JSON.parse(line) as ErasureRecord;
        if (typeof record.at === 'number' && typeof record.hmac === 'string' && /^[0-9a-f]{64}$/.test(record.hmac)) return record;
      } catch {
        // Said below.
      }
      throw new Error(`${path}, line ${index + 1}, is not an erasure record`);
    });
}
