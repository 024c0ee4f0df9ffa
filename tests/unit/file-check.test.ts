import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUpload, detectUpload, maxCheckSliceBytes, maxOrderFileBytes, type UploadCheck } from '../../src/shared/file-check.ts';
import { projectRoot } from '../support/fixtures.ts';
import { asciiPly, binaryPly, binaryPlyBody, binaryPlyHeader, generatedSource, headerThenPattern, latin1, loggedSource, obj, plyVertex } from '../support/model-files.ts';

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
      'no face, line or point': model.split('\n').filter((line) => !/^[flp] /.test(line)).join('\n'),
    };
    for (const [what, text] of Object.entries(cases)) expect(await reason(text), what).toBe('obj-invalid');
    expect(await reason(new Uint8Array([...latin1(model), 0xc3, 0x28, 0x0a])), 'bytes that are no UTF-8').toBe('obj-invalid');
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

describe('any bytes', () => {
  const valid: Record<string, Uint8Array> = {
    pdf: fixture('minimal.pdf'),
    jpeg: fixture('pixel.jpg'),
    png: fixture('pixel.png'),
    docx: fixture('letter.docx'),
    stl: fixture('crown-binary.stl'),
    'stl (ASCII)': fixture('crown-ascii.stl'),
    'ply (ASCII)': latin1(ply),
    ply: binaryPly(),
    'ply (big endian)': binaryPly('big'),
    obj: latin1(model),
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
    const starts = ['', 'ply\n', 'ply\nformat binary_little_endian 1.0\nelement vertex 40\nproperty float x\nproperty float y\nproperty float z\nend_header\n', 'v 1 2 3\n', 'PK\x03\x04', 'solid x\n'];
    fc.assert(
      fc.property(fc.constantFrom(...starts), fc.uint8Array({ maxLength: 300 }), (start, rest) => {
        expect(detectUpload(new Uint8Array([...latin1(start), ...rest])).ok).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

