/**
 * The build's precompressed copies: a `.br` and a `.gz` beside every text file, so the server never
 * compresses on the fly. Each copy is kept in node_modules/.cache/precompressed/ under a hash of the
 * file's bytes and the level, so a file that did not change since the last build costs a hash and two
 * copies; the rest compress on libuv's threads, beside whatever the build does meanwhile.
 *
 * Levels, measured on the site's own files (92 pages; brotli's time per file on one core, total size):
 *   pages (45 KB of HTML each)   brotli 7: 5 ms, 944 KB    10: 97 ms, 882 KB    11: 324 ms, 865 KB
 *   their data (9 KB of JSON)    brotli 7: 0.4 ms, 297 KB  10: 4 ms, 276 KB     11: 11 ms, 271 KB
 *   scripts (46 files)           brotli 7: 2 ms, 180 KB    10: 48 ms, 170 KB    11: 47 ms, 167 KB
 *   gzip 9 costs what 6 does (1,021 against 1,022 KB of HTML).
 * (Measured again on a quiet machine with 94 pages: brotli 10 takes 15-27 ms for a page of 40-85 KB, and
 * sends 8-9% less than 7, e.g. /for-doctors 15.1 KB at 7, 13.8 KB at 10.)
 * The bundle's files (scripts, styles, artwork) are few and named by their hash: they get the smallest (11),
 * once. Pages get 10: a page's first round trip carries about 14 KB (TCP's first window of ten packets), and
 * what is past it costs a whole round trip more before anything paints. At 10 every page is inside it: the
 * largest (the testimonials', the order form's) are 8.7-9.4 KB since the router's data names the data files
 * rather than repeating them (src/app/router.tsx); they were 13.8-15 KB. A build with no cache compresses every page,
 * on the other cores, while the pages render; unchanged pages come from the cache. Their data, which the
 * browser fetches on a navigation, gets 10 as well.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files the server sends compressed. */
export const compressible = /\.(html|js|css|svg|xml|txt|json|webmanifest|atom)$/;

/** Brotli's quality for a file (see above): the bundle's own files 11, pages, their data and the rest 10. */
export function brotliQuality(relativePath: string): number {
  if (relativePath.startsWith('assets/data/')) return 10;
  return relativePath.startsWith('assets/') ? 11 : 10;
}

/** Compresses files as they are handed over, at most as many at once as the machine has cores. */
export class Precompressor {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly seen = new Set<string>();
  readonly stats = { files: 0, cached: 0 };
  private readonly limit = Math.max(1, availableParallelism());

  constructor(
    private readonly root: string,
    private readonly cacheDir: string,
  ) {
    mkdirSync(cacheDir, { recursive: true });
  }

  /** Compresses the file at `relativePath` (below the root), whose bytes are `body` if given. */
  add(relativePath: string, body?: Buffer | string): void {
    if (this.seen.has(relativePath) || !compressible.test(relativePath)) return;
    this.seen.add(relativePath);
    const job = this.compress(relativePath, body).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Hands over every text file below the root not handed over yet. */
  addAll(): void {
    const walk = (dir: string, prefix: string) => {
      for (const name of readdirSync(dir)) {
        const abs = join(dir, name);
        if (statSync(abs).isDirectory()) {
          if (name !== '.vite') walk(abs, `${prefix}${name}/`);
        } else this.add(`${prefix}${name}`);
      }
    };
    walk(this.root, '');
  }

  /** Every text file below the root not handed over yet, then waits for all; resolves with the number of files compressed. */
  async finish(): Promise<number> {
    this.addAll();
    while (this.pending.size) await Promise.all(this.pending);
    this.prune();
    return this.stats.files;
  }

  /** Copies no build has used for a week go (a copy is touched each time a build uses it). */
  private prune(): void {
    const old = Date.now() - 7 * 24 * 3600 * 1000;
    for (const name of readdirSync(this.cacheDir)) {
      const file = join(this.cacheDir, name);
      try {
        if (statSync(file).mtimeMs < old) rmSync(file);
      } catch {
        // Another build's, just removed or being written: left to it.
      }
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }

  private async compress(relativePath: string, given?: Buffer | string): Promise<void> {
    const abs = join(this.root, relativePath);
    const body = given === undefined ? readFileSync(abs) : Buffer.from(given);
    const quality = brotliQuality(relativePath);
    const key = createHash('sha256').update(body).digest('base64url');
    const cached = { br: join(this.cacheDir, `${key}.${quality}.br`), gz: join(this.cacheDir, `${key}.9.gz`) };
    this.stats.files++;
    if (existsSync(cached.br) && existsSync(cached.gz)) {
      try {
        const now = new Date();
        for (const [file, ext] of [
          [cached.br, 'br'],
          [cached.gz, 'gz'],
        ] as const) {
          copyFileSync(file, `${abs}.${ext}`);
          utimesSync(file, now, now);
        }
        this.stats.cached++;
        return;
      } catch {
        // Pruned by another build meanwhile: made again below.
      }
    }
    await this.slot();
    try {
      const [br, gz] = await Promise.all([brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }), gzipAsync(body, { level: 9 })]);
      writeFileSync(`${abs}.br`, br);
      writeFileSync(`${abs}.gz`, gz);
      // Written whole or not at all: a stopped build leaves no half file for the next to copy.
      for (const [file, bytes] of [
        [cached.br, br],
        [cached.gz, gz],
      ] as const) {
        writeFileSync(`${file}.tmp`, bytes);
        renameSync(`${file}.tmp`, file);
      }
    } finally {
      this.release();
    }
  }
}
