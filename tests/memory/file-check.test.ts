import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkUpload, maxCheckSliceBytes, maxOrderFileBytes, type UploadCheck } from '../../src/shared/file-check.ts';
import { binaryPlyHeader, fillTriangles, generatedSource, headerThenPattern, latin1, loggedSource, plyVertex, stlHeader, stlRecord, zipArchive } from '../support/model-files.ts';

// The memory the upload check holds while it reads 50 MB files: measured with the process's own counters
// after a forced collection, so it runs on its own (npm run test:memory), away from tests that allocate beside it.

const mib = 1024 * 1024;
const said = (check: UploadCheck) => (check.ok ? `accepted as ${check.kind}` : check.reason);

describe('memory', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  /** The most ArrayBuffer memory in use, over `baseline`, seen at any read, garbage collected first. */
  const watch = () => {
    gc();
    const baseline = process.memoryUsage().arrayBuffers;
    const seen = { peak: 0 };
    const sample = () => {
      gc();
      seen.peak = Math.max(seen.peak, process.memoryUsage().arrayBuffers - baseline);
    };
    return { seen, sample };
  };

  /**
   * The ArrayBuffer memory in use once what was let go is freed: V8 may free a large buffer's memory after the
   * collection that found it unreachable, so this collects and yields until the figure stops falling.
   */
  const settled = async () => {
    let last = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 20; i += 1) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
      const now = process.memoryUsage().arrayBuffers;
      if (now >= last) return now;
      last = now;
    }
    return last;
  };

  it('sees a file held whole (the measure works)', async () => {
    const { seen, sample } = watch();
    let whole: Uint8Array | undefined = new Uint8Array(50 * mib).fill(1);
    sample();
    const held = process.memoryUsage().arrayBuffers;
    expect(whole[0]).toBe(1);
    expect(seen.peak).toBeGreaterThan(0);
    whole = undefined;
    // Judged against the memory once the 50 MiB is let go, not against the baseline, which may still count
    // buffers of earlier tests that V8 frees later (a busy run measured 28 MB over it). Within 1 MiB.
    expect(held - (await settled())).toBeGreaterThan(49 * mib);
  });

  it('checks a 50 MB binary STL holding at most a few slices, reading each byte once', async () => {
    const count = Math.floor((maxOrderFileBytes - 84) / 50);
    const { seen, sample } = watch();
    const { source, log } = generatedSource(84 + 50 * count, headerThenPattern(stlHeader(count), stlRecord()), sample);
    expect(said(await checkUpload(source))).toBe('accepted as stl');
    expect(log.largest).toBeLessThanOrEqual(maxCheckSliceBytes);
    expect(log.bytes).toBeLessThanOrEqual(source.size + maxCheckSliceBytes);
    expect(seen.peak).toBeLessThan(8 * mib);
  });

  it('checks a 50 MB binary PLY holding at most a few slices, reading each byte once', async () => {
    const vertices = Math.floor((maxOrderFileBytes - 300) / 12);
    const head = latin1(binaryPlyHeader('little', vertices, 0));
    const { seen, sample } = watch();
    const { source, log } = generatedSource(head.length + 12 * vertices, headerThenPattern(head, plyVertex()), sample);
    expect(said(await checkUpload(source))).toBe('accepted as ply');
    expect(log.largest).toBeLessThanOrEqual(maxCheckSliceBytes);
    expect(log.bytes).toBeLessThanOrEqual(source.size + maxCheckSliceBytes);
    expect(seen.peak).toBeLessThan(8 * mib);
  });

  it('checks a 48 MB STL deflated in a zip while unpacking only a few megabytes at a time', async () => {
    const count = Math.floor((48 * mib - 84) / 50);
    const size = 84 + 50 * count;
    const head = stlHeader(count);
    const fill = (into: Uint8Array, offset: number) => {
      for (let i = 0; i < Math.min(into.length, 84 - offset); i++) into[i] = head[offset + i]!;
      if (offset + into.length > 84) fillTriangles(into.subarray(Math.max(0, 84 - offset)), Math.max(0, offset - 84));
    };
    // Packed a megabyte at a time (full flushes), so the test never holds the 48 MB either.
    const packed: Buffer[] = [];
    let crc = 0;
    for (let at = 0; at < size; at += mib) {
      const piece = new Uint8Array(Math.min(mib, size - at));
      fill(piece, at);
      crc = crc32(piece, crc);
      packed.push(deflateRawSync(piece, { finishFlush: at + mib >= size ? constants.Z_FINISH : constants.Z_FULL_FLUSH }));
    }
    const archive = zipArchive([{ name: 'crown.stl', data: new Uint8Array(), packed: new Uint8Array(Buffer.concat(packed)), size, crc }]);
    const { seen, sample } = watch();
    const { source, log } = loggedSource(archive);
    const check = checkUpload({
      size: source.size,
      read: (offset, length) => {
        sample();
        return source.read(offset, length);
      },
    });
    expect(await check).toMatchObject({ ok: true, kind: 'zip', entries: [{ name: 'crown.stl', kind: 'stl', size }] });
    expect(log.largest).toBeLessThanOrEqual(maxCheckSliceBytes);
    expect(seen.peak).toBeLessThan(16 * mib);
    // Inflating 48 MB takes seconds, many more on a loaded two-core machine.
  }, 180_000);
});
