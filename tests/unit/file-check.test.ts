import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import type * as fflateModule from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkChosenFile } from '../../src/features/forms/chosen-file.ts';
import { fileSource } from '../../src/server/uploads.ts';
import {
  blobSource,
  bytesSource,
  checkUpload,
  detectUpload,
  maxCheckSliceBytes,
  maxOrderFileBytes,
  maxZipEntries,
  maxZipUnpackedBytes,
  type ByteSource,
  type UploadCheck,
} from '../../src/shared/file-check.ts';
import { projectRoot } from '../support/fixtures.ts';
import {
  asciiPly,
  binaryPly,
  binaryPlyBody,
  binaryPlyHeader,
  deflatedZeros,
  generatedSource,
  fillTriangles,
  headerThenPattern,
  latin1,
  loggedSource,
  obj,
  plyVertex,
  stlHeader,
  storedLocalRecord,
  zipArchive,
  type ZipPart,
} from '../support/model-files.ts';

// Counts the inflaters the check makes and the packed bytes it feeds them, to show how little of a zip bomb it inflates.
const inflaters = vi.hoisted(() => ({ made: 0, fed: 0 }));
vi.mock('fflate', async (importOriginal) => {
  const fflate = await importOriginal<typeof fflateModule>();
  class CountedInflate extends fflate.Inflate {
    constructor(...args: ConstructorParameters<typeof fflate.Inflate>) {
      super(...args);
      inflaters.made++;
    }
    override push(chunk: Uint8Array, final?: boolean): void {
      inflaters.fed += chunk.length;
      super.push(chunk, final);
    }
  }
  return { ...fflate, Inflate: CountedInflate };
});

const mib = 1024 * 1024;
const fixture = (name: string) => new Uint8Array(readFileSync(join(projectRoot, 'tests', 'fixtures', 'uploads', name)));

/** The verdict of checkUpload over the bytes read in slices, which must be detectUpload's too. */
async function verdict(bytes: Uint8Array): Promise<UploadCheck> {
  const sliced = await checkUpload(loggedSource(bytes).source);
  expect(detectUpload(bytes), 'detectUpload gives the same verdict').toEqual(sliced);
  return sliced;
}
const said = (check: UploadCheck) => (check.ok ? `accepted as ${check.kind}` : check.reason);
const reason = async (bytes: Uint8Array | string) => said(await verdict(typeof bytes === 'string' ? latin1(bytes) : bytes));

const ply = asciiPly();
const header = (text: string) => text.slice(0, text.indexOf('end_header\n') + 'end_header\n'.length);
const body = (text: string) => text.slice(header(text).length);

describe('PLY', () => {
  it('accepts an ASCII PLY, with \\n or \\r\\n line ends, as .ply and model/x-ply', async () => {
    expect(await verdict(latin1(ply))).toEqual({ ok: true, kind: 'ply', extension: 'ply', mime: 'model/x-ply' });
    expect(await reason(asciiPly('\r\n'))).toBe('accepted as ply');
  });

  it('accepts a binary PLY in either byte order, and a point cloud of vertices alone', async () => {
    expect(await reason(binaryPly('little'))).toBe('accepted as ply');
    expect(await reason(binaryPly('big'))).toBe('accepted as ply');
    const cloud = new Uint8Array([...latin1(binaryPlyHeader('little', 2, 0)), ...plyVertex(), ...plyVertex()]);
    expect(await reason(cloud)).toBe('accepted as ply');
  });

  it('refuses a binary PLY read in the other byte order, whose faces then name vertices it does not have', async () => {
    const little = binaryPly('little');
    const swapped = new Uint8Array([...latin1(binaryPlyHeader('big', 4, 4)), ...little.subarray(binaryPlyBody('little'))]);
    expect(await reason(swapped)).toBe('ply-invalid');
  });

  it('refuses a PLY header on other bytes: a program, random bytes of the right length, or a page', async () => {
    const head = latin1(binaryPlyHeader('little', 100, 0));
    const program = new Uint8Array(1200).fill(0x90);
    program.set(fixture('drawing.pdf').subarray(0, 512));
    expect(await reason(new Uint8Array([...head, ...program]))).toBe('ply-invalid');
    // Seeded, so the same bytes every run: 100 vertices of three random floats.
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1200, maxLength: 1200 }), (noise) => {
        expect(said(detectUpload(new Uint8Array([...head, ...noise])))).toBe('ply-invalid');
      }),
      { seed: 27, numRuns: 50 },
    );
    expect(await reason(`${header(ply)}<html><script>alert(1)</script></html>\n`)).toBe('ply-invalid');
  });

  it('refuses a binary PLY one byte short or one byte long', async () => {
    const whole = binaryPly();
    expect(await reason(whole.subarray(0, whole.length - 1))).toBe('ply-invalid');
    expect(await reason(new Uint8Array([...whole, 0]))).toBe('ply-invalid');
  });

  it('refuses a binary PLY with a coordinate that is NaN, infinite or beyond a metre and a half', async () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2e6]) {
      const bytes = binaryPly();
      new DataView(bytes.buffer).setFloat32(binaryPlyBody() + 4, bad, true);
      expect(await reason(bytes), String(bad)).toBe('ply-invalid');
    }
  });

  it('refuses a binary PLY whose face names a vertex it does not have', async () => {
    const bytes = binaryPly();
    new DataView(bytes.buffer).setInt32(binaryPlyBody() + 48 + 1, 4, true);
    expect(await reason(bytes)).toBe('ply-invalid');
  });

  it('refuses an ASCII PLY whose body is not exactly the rows its header declares', async () => {
    const lines = body(ply).split('\n');
    const cases: Record<string, string> = {
      'a vertex row missing': header(ply) + lines.slice(1).join('\n'),
      'a row too many': `${ply}0 0 0\n`,
      'a value missing': ply.replace('10 0 0 255 240 220', '10 0 255 240 220'),
      'a value too many': ply.replace('10 0 0 255 240 220', '10 0 0 255 240 220 7'),
      'a list shorter than its count': ply.replace('3 0 2 1', '3 0 2'),
      'a coordinate that is not a number': ply.replace('10 0 0 255', '10 0 x 255'),
      'a coordinate written nan': ply.replace('10 0 0 255', '10 nan 0 255'),
      'a colour over 255': ply.replace('10 0 0 255', '10 0 0 256'),
      'a colour with a fraction': ply.replace('10 0 0 255', '10 0 0 25.5'),
      'an index past the last vertex': ply.replace('3 0 2 1', '3 0 2 4'),
      'a blank line between rows': ply.replace('\n3 0 2 1', '\n\n3 0 2 1'),
      'text after the rows': `${ply}end\n`,
    };
    for (const [what, text] of Object.entries(cases)) expect(await reason(text), what).toBe('ply-invalid');
    expect(await reason(`${ply}\n\n`), 'blank lines at the end').toBe('accepted as ply');
  });

  it('refuses a PLY header without a vertex of x, y and z, with no vertices, or with words the format does not have', async () => {
    const cases: Record<string, string> = {
      'no vertices': ply.replace('element vertex 4', 'element vertex 0'),
      'no z': ply.replace('property float z\n', ''),
      'no format line': ply.replace('format ascii 1.0\n', ''),
      'format 2.0': ply.replace('format ascii 1.0', 'format ascii 2.0'),
      'an unknown type': ply.replace('property float x', 'property float128 x'),
      'a list counted in floats': ply.replace('list uchar int', 'list float int'),
      'an unknown keyword': ply.replace('comment made by a test', 'run made by a test'),
      'a property named twice': ply.replace('property float y', 'property float x'),
      'no end_header': ply.replace('end_header', 'end_head'),
      'a comment with an escape': ply.replace('comment made by a test', 'comment \x1b[31m'),
    };
    for (const [what, text] of Object.entries(cases)) expect(await reason(text), what).toBe('ply-invalid');
  });
});

const model = obj();

describe('OBJ', () => {
  it('accepts a Wavefront OBJ with every kind of face reference, as .obj and model/obj', async () => {
    expect(await verdict(latin1(model))).toEqual({ ok: true, kind: 'obj', extension: 'obj', mime: 'model/obj' });
  });

  it('accepts one with \\r\\n line ends, a byte order mark, UTF-8 names and vertex colours', async () => {
    const variant = `\ufeff${model.replace('o crown_46', 'o kroon_46_ø').replace('v 0.000000 0.000000 0.000000', 'v 0 0 0 0.9 0.85 0.8')}`.replaceAll('\n', '\r\n');
    expect(await reason(new Uint8Array(Buffer.from(variant, 'utf8')))).toBe('accepted as obj');
  });

  it('accepts an OBJ whose lines straddle the slices it is read in', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `v ${i % 97}.125 ${i % 89}.5 ${i % 83}.75`).join('\n');
    const faces = Array.from({ length: 20_000 }, (_, i) => `f ${3 * i + 1} ${3 * i + 2} ${3 * i + 3}`).join('\n');
    const bytes = latin1(`${rows}\n${faces}\n`);
    expect(bytes.length).toBeGreaterThan(maxCheckSliceBytes);
    const { source, log } = loggedSource(bytes);
    expect(said(await checkUpload(source))).toBe('accepted as obj');
    expect(log.reads).toBeGreaterThan(1);
  });

  it('refuses an HTML page or prose named .obj as an unknown type', async () => {
    expect(await reason('<!doctype html><html><body><script>alert(1)</script></body></html>\n')).toBe('unknown-type');
    expect(await reason('  \n<html>\nv 0 0 0\n')).toBe('unknown-type');
    expect(await reason('# just a comment\nimport os\nos.system("rm -rf /")\n')).toBe('unknown-type');
    expect(await reason('# only comments\n# and nothing else\n')).toBe('unknown-type');
  });

  it('refuses an OBJ that turns into a page, a script or anything not OBJ', async () => {
    const cases: Record<string, string> = {
      'a page after the faces': `${model}<html><script>alert(1)</script></html>\n`,
      'a tag inside a comment': `${model}# <script>alert(1)</script>\n`,
      'a shell command (csh)': `${model}csh rm -rf /\n`,
      'another file called in (call)': `${model}call other.obj\n`,
      'a NUL byte': model.replace('g occlusal', 'g occ\0lusal'),
      'an escape': model.replace('g occlusal', 'g \x1b[2J'),
      'a vertex of two numbers': model.replace('v 10.000000 0.000000 0.000000', 'v 10 0'),
      'a vertex of five numbers': model.replace('v 10.000000 0.000000 0.000000', 'v 10 0 0 1 1'),
      'a vertex that is not a number': model.replace('v 10.000000 0.000000 0.000000', 'v 10 0 zero'),
      'an infinite coordinate': model.replace('v 10.000000 0.000000 0.000000', 'v 1e999 0 0'),
      'a face of two vertices': model.replace('f 1 3 2', 'f 1 3'),
      'a face naming vertex 0': model.replace('f 1 3 2', 'f 0 3 2'),
      'a face naming a vertex not yet given': model.replace('f 1 3 2', 'f 1 3 5'),
      'a face naming a normal not given': model.replace('f 1//2 4//2 3//2', 'f 1//3 4//3 3//3'),
      'a face reference of a fraction': model.replace('f 1 3 2', 'f 1 3 2.5'),
      'an empty texture and no normal': model.replace('f 1 3 2', 'f 1/ 3/ 2/'),
      'a line continued with a backslash': model.replace('f 1 3 2', 'f 1 3 \\\n2'),
      'an unknown statement': `${model}exec something\n`,
      'no face, line or point': model
        .split('\n')
        .filter((line) => !/^[flp] /.test(line))
        .join('\n'),
    };
    for (const [what, text] of Object.entries(cases)) expect(await reason(text), what).toBe('obj-invalid');
    expect(await reason(new Uint8Array([...latin1(model), 0xc3, 0x28, 0x0a])), 'bytes that are no UTF-8').toBe('obj-invalid');
  });
});

const crown = fixture('crown-binary.stl');
/** A binary STL of `count` triangles, each a little further along, so it packs as a real scan does (a few times, not a thousand). */
function stlOf(count: number): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * count);
  bytes.set(stlHeader(count));
  fillTriangles(bytes.subarray(84), 0);
  return bytes;
}
const stored = (name: string, data: Uint8Array): ZipPart => ({ name, data, method: 0 });
const deflated = (name: string, data: Uint8Array): ZipPart => ({ name, data });

describe('ZIP archives', () => {
  it('accepts a zip of the kinds an order takes, folders and a Word document among them, and lists its files', async () => {
    const archive = zipArchive([
      { name: 'scans/', data: new Uint8Array(), method: 0 },
      deflated('scans/crown 46.stl', crown),
      stored('scans/bite.ply', binaryPly()),
      deflated('scans/model.obj', latin1(model)),
      deflated('photo.jpg', fixture('pixel.jpg')),
      stored('shade.png', fixture('pixel.png')),
      deflated('prescription.pdf', fixture('minimal.pdf')),
      deflated('letter.docx', fixture('letter.docx')),
    ]);
    expect(await verdict(archive)).toEqual({
      ok: true,
      kind: 'zip',
      extension: 'zip',
      mime: 'application/zip',
      entries: [
        { name: 'scans/crown 46.stl', kind: 'stl', size: crown.length },
        { name: 'scans/bite.ply', kind: 'ply', size: binaryPly().length },
        { name: 'scans/model.obj', kind: 'obj', size: model.length },
        { name: 'photo.jpg', kind: 'jpeg', size: fixture('pixel.jpg').length },
        { name: 'shade.png', kind: 'png', size: fixture('pixel.png').length },
        { name: 'prescription.pdf', kind: 'pdf', size: fixture('minimal.pdf').length },
        { name: 'letter.docx', kind: 'docx', size: fixture('letter.docx').length },
      ],
    });
  });

  it('accepts the zips other programs write: fflate with a comment-free end, and one with an archive comment', async () => {
    expect(await reason(zipSync({ 'crown.stl': crown, notes: {} }))).toBe('accepted as zip');
    expect(await reason(zipArchive([deflated('crown.stl', crown)], { comment: 'made by a scanner' }))).toBe('accepted as zip');
  });

  it('refuses a zip holding a program renamed .stl, a script or a page, naming the entry', async () => {
    const cases: Record<string, Uint8Array> = {
      'a Windows program': fixture('drawing.pdf'),
      'a Linux program': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Uint8Array(200)]),
      'a shell script': latin1('#!/bin/sh\nrm -rf ~\n'),
      'an HTML page': latin1('<!doctype html><html><script>alert(1)</script></html>'),
      'an HTML page after blank lines': latin1('\n\n  <html><body onload="alert(1)"></body></html>'),
    };
    for (const [what, data] of Object.entries(cases)) {
      expect(await verdict(zipArchive([deflated('crown.stl', crown), deflated('molar.stl', data)])), what).toEqual({
        ok: false,
        reason: 'zip-forbidden-entry',
        entry: 'molar.stl',
      });
    }
  });

  it('refuses a zip inside the zip, whatever it holds or is named', async () => {
    const inner = zipArchive([deflated('crown.stl', crown)]);
    for (const name of ['more.zip', 'crown.stl']) {
      expect(await verdict(zipArchive([stored(name, inner)])), name).toEqual({ ok: false, reason: 'zip-nested-archive', entry: name });
    }
    const gzip = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, ...new Uint8Array(30)]);
    expect(await reason(zipArchive([stored('scan.stl.gz', gzip)]))).toBe('zip-nested-archive');
  });

  it('refuses a zip holding a file of no order kind, or a broken one, naming the entry and why it is refused', async () => {
    expect(await verdict(zipSync({ 'notes.txt': strToU8('crown 46, shade A2') }))).toEqual({
      ok: false,
      reason: 'zip-unknown-entry',
      entry: 'notes.txt',
      entryReason: 'unknown-type',
    });
    const brokenPly = binaryPly().subarray(0, 200);
    expect(await verdict(zipArchive([deflated('crown.stl', crown), deflated('bite.ply', brokenPly)]))).toEqual({
      ok: false,
      reason: 'zip-unknown-entry',
      entry: 'bite.ply',
      entryReason: 'ply-invalid',
    });
    expect(await verdict(zipArchive([deflated('letter.docx', fixture('macro.docm'))]))).toMatchObject({ reason: 'zip-unknown-entry', entryReason: 'macro-enabled' });
  });

  it("lets through the bookkeeping a Mac's Compress adds (__MACOSX/._ files, .DS_Store) when it is what its name says, without listing it as a file", async () => {
    const appleDouble = new Uint8Array([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00, ...new Uint8Array(74)]);
    const dsStore = new Uint8Array([0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31, ...new Uint8Array(200)]);
    const finder = zipArchive([deflated('case 12/crown.stl', crown), deflated('__MACOSX/case 12/._crown.stl', appleDouble), deflated('case 12/.DS_Store', dsStore)]);
    expect(await verdict(finder)).toMatchObject({ ok: true, kind: 'zip', entries: [{ name: 'case 12/crown.stl', kind: 'stl' }] });
    const program = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Uint8Array(60)]);
    expect(await verdict(zipArchive([deflated('crown.stl', crown), deflated('__MACOSX/._crown.stl', program)]))).toEqual({
      ok: false,
      reason: 'zip-unknown-entry',
      entry: '__MACOSX/._crown.stl',
      entryReason: 'unknown-type',
    });
    expect(await verdict(zipArchive([deflated('crown.stl', crown), deflated('.DS_Store', appleDouble)]))).toMatchObject({ ok: false, entry: '.DS_Store' });
    // An AppleDouble file outside __MACOSX/ is no Finder's: judged as any file.
    expect(await verdict(zipArchive([deflated('crown.stl', crown), deflated('._crown.stl', appleDouble)]))).toMatchObject({ ok: false, entry: '._crown.stl' });
    expect(await reason(zipArchive([deflated('__MACOSX/._crown.stl', appleDouble)]))).toBe('empty');
  });

  it('refuses names that would unpack outside their folder or hide what they are', async () => {
    const names = ['../crown.stl', 'scans/../../crown.stl', '/etc/crown.stl', 'C:/scans/crown.stl', 'scans\\crown.stl', 'crown\x1b[8m.stl', 'scan\u202elts.exe', 'scans//crown.stl', './crown.stl'];
    for (const name of names) expect(await reason(zipArchive([deflated(name, crown)])), JSON.stringify(name)).toBe('zip-unsafe-name');
    expect(await reason(zipArchive([deflated('Crown.stl', crown), deflated('crown.STL', crown)])), 'a name twice').toBe('zip-unsafe-name');
  });

  it('refuses an encrypted entry, and packing methods other than stored and deflate', async () => {
    expect(await reason(zipArchive([{ ...deflated('crown.stl', crown), flags: 1 }]))).toBe('zip-encrypted');
    expect(await reason(zipArchive([{ name: 'crown.stl', data: crown, method: 99, packed: crown }]))).toBe('zip-encrypted');
    expect(await reason(zipArchive([{ name: 'crown.stl', data: crown, method: 12, packed: crown }]))).toBe('zip-unsupported');
  });

  it('refuses zip64 and archives split over disks as unsupported', async () => {
    const archive = Buffer.from(zipArchive([deflated('crown.stl', crown)]));
    const zip64 = Buffer.from(archive);
    zip64.writeUInt16LE(0xffff, zip64.length - 22 + 8);
    zip64.writeUInt16LE(0xffff, zip64.length - 22 + 10);
    expect(await reason(new Uint8Array(zip64))).toBe('zip-unsupported');
    const split = Buffer.from(archive);
    split.writeUInt16LE(1, split.length - 22 + 4);
    expect(await reason(new Uint8Array(split))).toBe('zip-unsupported');
  });

  it('refuses a zip64 entry, marked in its local header, its central directory entry or both, among other extra fields, and takes the same archive without it', async () => {
    /** An extra field: its id, its length and its data. */
    const field = (id: number, data: Uint8Array) => {
      const head = Buffer.alloc(4);
      head.writeUInt16LE(id, 0);
      head.writeUInt16LE(data.length, 2);
      return Buffer.concat([head, data]);
    };
    // Zip64's extended information (id 1): the true sizes as 8-byte numbers, as zip -fz and Python's force_zip64 write them.
    const zip64Field = (size: number, packed: number) => {
      const data = Buffer.alloc(16);
      data.writeBigUInt64LE(BigInt(size), 0);
      data.writeBigUInt64LE(BigInt(packed), 8);
      return field(0x0001, data);
    };
    const timestamp = field(0x5455, Buffer.from([1, 0, 0, 0, 0]));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.nat(), fc.constantFrom('local', 'central', 'both'), fc.boolean(), fc.boolean(), async (count, pick, where, before, masked) => {
        const which = pick % count;
        const parts = Array.from({ length: count }, (_, i) => deflated(`crown-${i}.stl`, crown));
        const plain = parts.map((part) => ({ ...part, localExtra: timestamp, extra: timestamp }));
        expect(await reason(zipArchive(plain))).toBe('accepted as zip');
        const packed = deflateRawSync(crown).length;
        const marked = plain.map((part, i) => {
          if (i !== which) return part;
          const zip64 = zip64Field(crown.length, packed);
          const extra = before ? Buffer.concat([zip64, timestamp]) : Buffer.concat([timestamp, zip64]);
          return {
            ...part,
            ...(where !== 'central' ? { localExtra: extra } : {}),
            ...(where !== 'local' ? { extra } : {}),
            // Zip64 proper: the 32-bit sizes say "see the extra field" (only the local header here, where the central directory would fail first).
            ...(masked && where === 'local' ? { localSizesMasked: true } : {}),
          };
        });
        expect(await reason(zipArchive(marked))).toBe('zip-unsupported');
      }),
      { seed: 27_5_4, numRuns: 60 },
    );
  });

  it(`refuses more than ${maxZipEntries} entries, and accepts ${maxZipEntries}`, async () => {
    const parts = (count: number) => Array.from({ length: count }, (_, i) => stored(`crown-${i}.stl`, crown));
    expect(await reason(zipArchive(parts(maxZipEntries)))).toBe('accepted as zip');
    expect(await reason(zipArchive(parts(maxZipEntries + 1)))).toBe('zip-too-many-entries');
  });

  it('refuses a file that declares more than 50 MiB unpacked, or files declaring more than 250 MiB together, before inflating any', async () => {
    expect(maxZipUnpackedBytes).toBe(250 * mib);
    const declaring = (sizes: number[]) => zipArchive(sizes.map((size, i) => ({ ...deflated(`part-${i}.stl`, crown), size })));
    expect(await reason(declaring([maxOrderFileBytes + 1]))).toBe('zip-too-large');
    expect(await reason(declaring([50 * mib, 50 * mib, 50 * mib, 50 * mib, 50 * mib, 1]))).toBe('zip-too-large');
  });

  it('refuses an entry packed over 200 to one (a zip bomb) without inflating anything', async () => {
    const { packed, crc } = deflatedZeros(40 * mib);
    const bomb = zipArchive([stored('molar.stl', stlOf(20)), { name: 'crown.stl', data: new Uint8Array(), packed, size: 40 * mib, crc }]);
    const before = inflaters.made;
    expect(await checkUpload(bytesSource(bomb))).toEqual({ ok: false, reason: 'zip-bomb', entry: 'crown.stl' });
    expect(inflaters.made).toBe(before);
    // The same bomb declaring 200 KB, for once, is inflated (and stopped as it unpacks past that).
    const honest = zipArchive([stored('molar.stl', stlOf(20)), { name: 'crown.stl', data: new Uint8Array(), packed, size: 200_000, crc }]);
    expect(await checkUpload(bytesSource(honest))).toEqual({ ok: false, reason: 'zip-bomb', entry: 'crown.stl' });
    expect(inflaters.made).toBeGreaterThan(before);
  });

  it('stops a zip bomb that lies about its size the moment it unpacks past it: 1 GB of zeros declared as 40 MB', async () => {
    const { packed, crc } = deflatedZeros(1024 * mib);
    expect(packed.length).toBeLessThan(2 * mib);
    const bomb = zipArchive([{ name: 'crown.stl', data: new Uint8Array(), packed, size: 40 * mib, crc }]);
    const before = inflaters.fed;
    expect(await checkUpload(bytesSource(bomb))).toEqual({ ok: false, reason: 'zip-bomb', entry: 'crown.stl' });
    // It stopped after about 40 MB unpacked (40 KB packed), a twentieth of the packed gigabyte at most.
    expect(inflaters.fed - before).toBeGreaterThan(0);
    expect(inflaters.fed - before).toBeLessThan(packed.length / 20);
  });

  it('refuses a zip whose central directory lies about an entry: its size, its packed size, its CRC or its name', async () => {
    const truth = deflated('crown.stl', crown);
    const packed = deflateRawSync(crown);
    const cases: Record<string, ZipPart[]> = {
      'a size too small': [{ ...truth, size: crown.length - 1 }],
      'a size too large': [{ ...truth, size: crown.length + 1 }],
      'a packed size running into the directory': [{ ...truth, packedSize: packed.length + 40 }],
      'a packed size too small': [{ ...truth, packedSize: packed.length - 4 }],
      'a wrong CRC': [{ ...truth, crc: (crc32(crown) ^ 1) >>> 0 }],
      'another name in the local header': [{ ...truth, localName: 'crown.exe' }],
      'a stored entry whose sizes differ': [{ ...stored('crown.stl', crown), size: crown.length - 2 }],
    };
    for (const [what, parts] of Object.entries(cases)) expect(await reason(zipArchive(parts)), what).toMatch(/^zip-(invalid|bomb)$/);
    expect(await reason(zipArchive([{ ...truth, size: crown.length - 1 }])), 'unpacking past the size').toBe('zip-bomb');
    expect(await reason(zipArchive([{ ...truth, size: crown.length + 1 }])), 'ending before the size').toBe('zip-invalid');
  });

  it('refuses entries that overlap, the way a small zip unpacks to many copies of one stream', async () => {
    const hidden = storedLocalRecord('molar.stl', crown);
    const outer = zipArchive([stored('crown.stl', hidden), { ...stored('molar.stl', crown), at: 30 + 'crown.stl'.length }]);
    expect(await reason(outer)).toBe('zip-invalid');
  });

  it('refuses a zip of folders alone as empty, and broken or cut zips as invalid', async () => {
    expect(await reason(zipArchive([{ name: 'scans/', data: new Uint8Array(), method: 0 }]))).toBe('empty');
    const archive = zipArchive([deflated('crown.stl', crown)]);
    expect(await reason(archive.subarray(0, archive.length - 1))).toBe('zip-invalid');
    expect(await reason(new Uint8Array([...archive, 0]))).toBe('zip-invalid');
    expect(await reason(fixture('letter.docx').subarray(0, 400))).toBe('zip-invalid');
    expect(await reason('PK\x03\x04 and then no zip at all')).toBe('zip-invalid');
  });
});

describe('the limit of 50 MiB a file', () => {
  /** A binary PLY of exactly `size` bytes of vertices, its header padded with a comment, made as it is read. */
  function plyOfSize(size: number) {
    const vertices = Math.floor((size - 200) / 12);
    const bare = binaryPlyHeader('little', vertices, 0, '');
    const head = latin1(binaryPlyHeader('little', vertices, 0, 'x'.repeat(size - 12 * vertices - bare.length)));
    return generatedSource(size, headerThenPattern(head, plyVertex()));
  }

  it('accepts a file of exactly 50 MiB and refuses one of 50 MiB and one byte, reading neither whole', async () => {
    expect(maxOrderFileBytes).toBe(50 * mib);
    const exact = plyOfSize(maxOrderFileBytes);
    expect(exact.source.size).toBe(maxOrderFileBytes);
    expect(said(await checkUpload(exact.source))).toBe('accepted as ply');
    expect(exact.log.largest).toBeLessThanOrEqual(maxCheckSliceBytes);
    const over = generatedSource(maxOrderFileBytes + 1, () => {});
    expect(await checkUpload(over.source)).toEqual({ ok: false, reason: 'too-large' });
    expect(over.log.reads).toBe(0);
  });
});

describe('sources', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'file-check-'));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads a file on disk through fileSource and closes it afterwards, also when the check fails', async () => {
    const path = join(folder, 'scan.ply');
    writeFileSync(path, binaryPly());
    let lent: ByteSource | undefined;
    const check = await fileSource(path, (source) => {
      lent = source;
      return checkUpload(source);
    });
    expect(said(check)).toBe('accepted as ply');
    await expect(lent!.read(0, 4)).rejects.toThrow(/closed/i);
    const failing = fileSource(path, (source) => {
      lent = source;
      return Promise.reject(new Error('the check failed'));
    });
    await expect(failing).rejects.toThrow('the check failed');
    await expect(lent!.read(0, 4)).rejects.toThrow(/closed/i);
  });

  it('reads a Blob a slice at a time through blobSource, never whole', async () => {
    const blob = new Blob([zipArchive([deflated('crown.stl', crown), deflated('model.obj', latin1(model))])]);
    const slice = vi.spyOn(blob, 'slice');
    const whole = vi.spyOn(blob, 'arrayBuffer');
    expect(said(await checkUpload(blobSource(blob)))).toBe('accepted as zip');
    expect(slice).toHaveBeenCalled();
    expect(whole).not.toHaveBeenCalled();
  });

  it('gives the browser the message for each refusal, and none for a file it accepts', async () => {
    expect(await checkChosenFile(new File([binaryPly()], 'scan.ply'))).toBeUndefined();
    expect(await checkChosenFile(new File([fixture('drawing.pdf')], 'drawing.pdf'))).toEqual({ key: 'validation.fileType' });
    expect(await checkChosenFile(new File([zipArchive([deflated('../crown.stl', crown)])], 'scans.zip'))).toEqual({ key: 'validation.fileZip' });
    // A cut-off STL is an STL, only a broken one: it is told so, not that only STL files are allowed.
    expect(await checkChosenFile(new File([crown.subarray(0, crown.length - 20)], 'crown.stl'))).toEqual({ key: 'validation.fileStl' });
  });

  it('reads bytesSource, a Blob and slices in copies alike', async () => {
    const bytes = zipArchive([deflated('crown.stl', crown)]);
    const copies: ByteSource = { size: bytes.length, read: (offset, length) => Promise.resolve(bytes.slice(offset, offset + length)) };
    const expected = detectUpload(bytes);
    expect(expected.ok).toBe(true);
    for (const source of [bytesSource(bytes), blobSource(new Blob([bytes])), copies]) expect(await checkUpload(source)).toEqual(expected);
  });

  it('fails, rather than decide, when the source gives fewer bytes than the file has', async () => {
    const short: ByteSource = { size: 1000, read: () => Promise.resolve(new Uint8Array(10)) };
    await expect(checkUpload(short)).rejects.toThrow(/gave 10 bytes/);
  });
});

describe('any bytes', () => {
  const valid: Record<string, Uint8Array> = {
    pdf: fixture('minimal.pdf'),
    jpeg: fixture('pixel.jpg'),
    png: fixture('pixel.png'),
    docx: fixture('letter.docx'),
    stl: crown,
    'stl (ASCII)': fixture('crown-ascii.stl'),
    'ply (ASCII)': latin1(ply),
    ply: binaryPly(),
    'ply (big endian)': binaryPly('big'),
    obj: latin1(model),
    zip: zipArchive([deflated('crown.stl', crown), stored('bite.ply', binaryPly()), deflated('model.obj', latin1(model))]),
  };
  const kindOf = (name: string) => name.split(' ')[0];

  it('accepts each of the valid files as its own kind', () => {
    for (const [name, bytes] of Object.entries(valid)) expect(said(detectUpload(bytes)), name).toBe(`accepted as ${kindOf(name)}`);
  });

  it('never accepts a valid file cut short, nor as another kind (text without an end, OBJ or ASCII STL, may be cut after a line)', async () => {
    for (const [name, bytes] of Object.entries(valid)) {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: bytes.length - 1 }), async (length) => {
          const check = await verdict(bytes.subarray(0, length));
          const lostOnlySpace = /^\s*$/.test(Buffer.from(bytes.subarray(length)).toString('latin1'));
          if (name === 'obj' || name === 'stl (ASCII)' || lostOnlySpace) expect(check.ok ? check.kind : kindOf(name), `${name} cut at ${length}`).toBe(kindOf(name));
          else expect(said(check), `${name} cut at ${length}`).not.toMatch(/^accepted/);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('gives a verdict, never an exception, for valid files with bytes changed, and accepts them only as their own kind', () => {
    for (const [name, bytes] of Object.entries(valid)) {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }), (changes) => {
          const changed = bytes.slice();
          for (const [at, byte] of changes) changed[at % changed.length] = byte;
          const check = detectUpload(changed);
          if (check.ok) expect(check.kind, name).toBe(kindOf(name));
        }),
        { numRuns: 150 },
      );
    }
  });

  it('never accepts random bytes, after any signature, and never throws on them', () => {
    const starts = [
      '',
      'ply\n',
      'ply\nformat binary_little_endian 1.0\nelement vertex 40\nproperty float x\nproperty float y\nproperty float z\nend_header\n',
      'v 1 2 3\n',
      'PK\x03\x04',
      'PK\x05\x06',
      'solid x\n',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...starts), fc.uint8Array({ maxLength: 300 }), (start, rest) => {
        expect(detectUpload(new Uint8Array([...latin1(start), ...rest])).ok).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on a zip whose directory and headers are changed at random', () => {
    const archive = valid.zip!;
    const directory = Buffer.from(archive).lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }), fc.boolean(), (changes, inDirectory) => {
        const changed = archive.slice();
        // Half the runs change only the last directory entry and the end record, where a reader is most easily led astray.
        for (const [at, byte] of changes) changed[inDirectory ? directory + (at % (archive.length - directory)) : at % archive.length] = byte;
        const check = detectUpload(changed);
        if (check.ok) expect(check.kind).toBe('zip');
      }),
      { numRuns: 1500 },
    );
  });
});

describe('active content in documents', () => {
  /** A name written with any of its letters as #xx, as a PDF may write a name to hide it. */
  const escapedName = (name: string, mask: number) => [...name].map((c, i) => ((mask >> i) & 1 ? `#${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
  /** A minimal PDF whose catalog's dictionary carries `extra`, with a correct xref offset. */
  const pdfWith = (extra: string) => {
    const body = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n`;
    return `${body}xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Root 1 0 R /Size 3 >>\nstartxref\n${body.length}\n%%EOF\n`;
  };

  it('refuses a PDF that carries JavaScript or a launch action, however the name is written and wherever it stands', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>', '/OpenAction << /S /Launch /F (cmd.exe) >>', '/Names << /JavaScript 3 0 R >>', '/AA << /O << /S /JS >> >>'),
        fc.nat(),
        fc.nat({ max: 200_000 }),
        async (action, mask, padding) => {
          const escaped = action.replace(/\/(JavaScript|JS|Launch)\b/g, (_whole, name: string) => `/${escapedName(name, mask)}`);
          // Far into a large file too: the whole file is read, not only its head and tail.
          const pdf = pdfWith(`/Filler (${'x'.repeat(padding)}) ${escaped}`);
          expect(await reason(pdf)).toBe('pdf-active-content');
        },
      ),
      { seed: 27_6_8, numRuns: 60 },
    );
    // Words in text and other names are not actions.
    expect(await reason(pdfWith('/Title (About JavaScript and Launch days) /JSON 1 /Launcher 2'))).toBe('accepted as pdf');
    expect(await reason(fixture('minimal.pdf'))).toBe('accepted as pdf');
  }, 120_000);

  it('refuses a Word document that carries programs (OLE objects, ActiveX) or pages, and takes one with pictures', async () => {
    const letter = fixture('letter.docx');
    const { unzipSync } = await import('fflate');
    const parts = unzipSync(letter);
    const types = new TextDecoder().decode(parts['[Content_Types].xml']);
    const withPart = (name: string, type: string | null) =>
      zipSync({
        ...parts,
        [name]: strToU8('MZ not a program really'),
        '[Content_Types].xml': strToU8(type ? types.replace('</Types>', `<Override PartName="/${name}" ContentType="${type}"/></Types>`) : types),
      });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ['word/embeddings/oleObject1.bin', 'application/vnd.openxmlformats-officedocument.oleObject'],
          ['word/embeddings/setup.exe', null],
          ['word/activeX/activeX1.bin', 'application/vnd.ms-office.activeX'],
          ['word/afchunk.mht', 'message/rfc822'],
          ['word/page.htm', 'text/html'],
          ['word/embeddings/run.js', null],
        ),
        async ([name, type]) => {
          expect(await reason(withPart(name, type))).toBe('docx-active-content');
        },
      ),
      { seed: 27_6_9, numRuns: 20 },
    );
    expect(await reason(withPart('word/media/image1.png', null))).toBe('accepted as docx');
  });
});
