import type { ByteSource } from '../../src/shared/file-check.ts';

// Files of the kinds a digital workflow produces, made in code so a test can build any variant of one:
// PLY (text and binary), OBJ, and files of 50 MB that are generated as they are read, never held.

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** A tetrahedron of 10 mm: four vertices and four triangles. */
export const tetrahedron = {
  vertices: [
    [0, 0, 0],
    [10, 0, 0],
    [0, 10, 0],
    [0, 0, 10],
  ],
  faces: [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ],
};

/** An ASCII PLY of the tetrahedron: vertices with a colour, faces as lists of indices. */
export function asciiPly(eol = '\n'): string {
  return [
    'ply',
    'format ascii 1.0',
    'comment made by a test',
    `element vertex ${tetrahedron.vertices.length}`,
    'property float x',
    'property float y',
    'property float z',
    'property uchar red',
    'property uchar green',
    'property uchar blue',
    `element face ${tetrahedron.faces.length}`,
    'property list uchar int vertex_indices',
    'end_header',
    ...tetrahedron.vertices.map((v) => `${v.join(' ')} 255 240 220`),
    ...tetrahedron.faces.map((f) => `${f.length} ${f.join(' ')}`),
    '',
  ].join(eol);
}

/** The header of a binary PLY of `vertices` vertices (x, y, z floats) and `faces` triangles (uchar count, int indices). */
export function binaryPlyHeader(endian: 'little' | 'big', vertices: number, faces: number, comment = 'made by a test'): string {
  return [
    'ply',
    `format binary_${endian}_endian 1.0`,
    `comment ${comment}`,
    `element vertex ${vertices}`,
    'property float x',
    'property float y',
    'property float z',
    ...(faces > 0 ? [`element face ${faces}`, 'property list uchar int vertex_indices'] : []),
    'end_header',
    '',
  ].join('\n');
}

/** A binary PLY of the tetrahedron in either byte order. */
export function binaryPly(endian: 'little' | 'big' = 'little'): Uint8Array<ArrayBuffer> {
  const header = latin1(binaryPlyHeader(endian, tetrahedron.vertices.length, tetrahedron.faces.length));
  const body = new Uint8Array(12 * tetrahedron.vertices.length + 13 * tetrahedron.faces.length);
  const data = new DataView(body.buffer);
  const little = endian === 'little';
  tetrahedron.vertices.forEach((v, i) => v.forEach((value, axis) => data.setFloat32(12 * i + 4 * axis, value, little)));
  const faces = 12 * tetrahedron.vertices.length;
  tetrahedron.faces.forEach((f, i) => {
    data.setUint8(faces + 13 * i, 3);
    f.forEach((index, k) => data.setInt32(faces + 13 * i + 1 + 4 * k, index, little));
  });
  return new Uint8Array([...header, ...body]);
}

/** Where the first vertex's x is in `binaryPly()`. */
export const binaryPlyBody = (endian: 'little' | 'big' = 'little') => binaryPlyHeader(endian, 4, 4).length;

/** A Wavefront OBJ of the tetrahedron, with normals, texture coordinates and each kind of face reference. */
export function obj(eol = '\n'): string {
  return [
    '# made by a test',
    'mtllib crown.mtl',
    'o crown_46',
    ...tetrahedron.vertices.map((v) => `v ${v.map((n) => n.toFixed(6)).join(' ')}`),
    'vt 0 0',
    'vt 1 0',
    'vt 0 1',
    'vn 0 0 -1',
    'vn 0 -1 0',
    'g occlusal',
    'usemtl zirconia',
    's 1',
    'f 1 3 2',
    'f 1/1 2/2 4/3',
    'f 1//2 4//2 3//2',
    'f -3/-3/-1 -2/-2/-1 -1/-1/-1',
    'l 1 2',
    '',
  ].join(eol);
}

/** What a check asked of a source: how many reads, how many bytes in all, the largest slice. */
export interface ReadLog {
  reads: number;
  bytes: number;
  largest: number;
}

/** A source whose bytes are made as they are read (`fill` writes the bytes from `offset` into `into`), logging every read. */
export function generatedSource(size: number, fill: (into: Uint8Array, offset: number) => void, onRead?: () => void): { source: ByteSource; log: ReadLog } {
  const log: ReadLog = { reads: 0, bytes: 0, largest: 0 };
  const source: ByteSource = {
    size,
    read: (offset, length) => {
      const bytes = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      fill(bytes, offset);
      log.reads++;
      log.bytes += bytes.length;
      log.largest = Math.max(log.largest, length);
      onRead?.();
      return Promise.resolve(bytes);
    },
  };
  return { source, log };
}

/** A source over bytes in memory that logs its reads like generatedSource. */
export function loggedSource(bytes: Uint8Array): { source: ByteSource; log: ReadLog } {
  return generatedSource(bytes.length, (into, offset) => into.set(bytes.subarray(offset, offset + into.length)));
}

/** Fills from a header and then a pattern repeated to the end: a model of many equal records. */
export function headerThenPattern(header: Uint8Array, pattern: Uint8Array): (into: Uint8Array, offset: number) => void {
  return (into, offset) => {
    for (let i = 0; i < into.length; i++) {
      const at = offset + i;
      into[i] = at < header.length ? header[at]! : pattern[(at - header.length) % pattern.length]!;
    }
  };
}

/** One binary STL triangle record: a normal, three vertices of a 10 mm triangle, no attribute. */
export function stlRecord(): Uint8Array<ArrayBuffer> {
  const record = new Uint8Array(50);
  const data = new DataView(record.buffer);
  [0, 0, 1, 0, 0, 0, 10, 0, 0, 0, 10, 0].forEach((value, i) => data.setFloat32(4 * i, value, true));
  return record;
}

/** One vertex of a binary little-endian PLY of x, y, z only. */
export function plyVertex(): Uint8Array<ArrayBuffer> {
  const vertex = new Uint8Array(12);
  const data = new DataView(vertex.buffer);
  [1.5, -2.25, 3].forEach((value, i) => data.setFloat32(4 * i, value, true));
  return vertex;
}

export { latin1 };
