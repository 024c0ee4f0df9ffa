import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { ByteSource } from '../../src/shared/file-check.ts';

// Files of the kinds a digital workflow produces, made in code so a test can build any variant of one:
// PLY (text and binary), OBJ, zips written byte by byte (so one can lie), and files of 50 MB that are
// generated as they are read, never held.

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

/** One entry of a zip written by zipArchive: its content, and anything its headers should say instead of the truth. */
export interface ZipPart {
  name: string;
  data: Uint8Array;
  /** 0 stored, 8 deflated (the default), or another method number with `packed` given. */
  method?: number;
  /** The packed bytes, when not `data` stored or deflated. */
  packed?: Uint8Array;
  /** The unpacked size both headers declare (default: the data's length). */
  size?: number;
  /** The packed size both headers declare (default: the packed bytes' length). */
  packedSize?: number;
  crc?: number;
  flags?: number;
  /** The name in the local header, when it should differ from the central directory's. */
  localName?: string;
  /** Where the central directory says the local header is, when it should lie; no local header is written for the entry. */
  at?: number;
  /** The extra field of the local header (none by default). */
  localExtra?: Uint8Array;
  /** The extra field of the central directory's entry (none by default). */
  extra?: Uint8Array;
  /** The local header's sizes are 0xFFFFFFFF, "see the zip64 extra field". */
  localSizesMasked?: boolean;
}

/** A zip written byte by byte: local headers and data, then the central directory and its end record. */
export function zipArchive(parts: ZipPart[], options: { comment?: string } = {}): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const method = part.method ?? 8;
    const packed = Buffer.from(part.packed ?? (method === 8 ? deflateRawSync(part.data) : part.data));
    const name = Buffer.from(part.name, 'utf8');
    const localName = Buffer.from(part.localName ?? part.name, 'utf8');
    const crc = part.crc ?? crc32(part.data);
    const size = part.size ?? part.data.length;
    const packedSize = part.packedSize ?? packed.length;
    const flags = (part.flags ?? 0) | 0x800;
    const at = part.at ?? offset;
    if (part.at === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(part.localSizesMasked ? 0xffffffff : packedSize, 18);
      local.writeUInt32LE(part.localSizesMasked ? 0xffffffff : size, 22);
      local.writeUInt16LE(localName.length, 26);
      const localExtra = Buffer.from(part.localExtra ?? new Uint8Array(0));
      local.writeUInt16LE(localExtra.length, 28);
      chunks.push(local, localName, localExtra, packed);
      offset += 30 + localName.length + localExtra.length + packed.length;
    }
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packedSize, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    const extra = Buffer.from(part.extra ?? new Uint8Array(0));
    entry.writeUInt16LE(extra.length, 30);
    entry.writeUInt32LE(at, 42);
    central.push(entry, name, extra);
  }
  const directory = Buffer.concat(central);
  const comment = Buffer.from(options.comment ?? '', 'latin1');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return new Uint8Array(Buffer.concat([...chunks, directory, end, comment]));
}

/** The local header and data zipArchive writes for a stored part, to hide inside another entry. */
export function storedLocalRecord(name: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const archive = zipArchive([{ name, data, method: 0 }]);
  return archive.subarray(0, 30 + Buffer.byteLength(name) + data.length);
}

/**
 * `size` zero bytes deflated without ever holding them: one megabyte of zeros packed alone (a full flush
 * leaves no reference to what came before), repeated, then an empty final block. About 1 KB a megabyte.
 */
export function deflatedZeros(size: number): { packed: Uint8Array; crc: number } {
  const mib = 1024 * 1024;
  if (size % mib !== 0) throw new Error('deflatedZeros: a whole number of megabytes');
  const zeros = new Uint8Array(mib);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let done = 0; done < size; done += mib) crc = crc32(zeros, crc);
  const packed = new Uint8Array(block.length * (size / mib) + 2);
  for (let i = 0; i < size / mib; i++) packed.set(block, i * block.length);
  packed.set([0x03, 0x00], packed.length - 2);
  return { packed, crc };
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

/**
 * Writes binary STL triangle records into `into`, which starts `offset` bytes into the records: triangle
 * n lies a little further along than triangle n - 1, so the records pack as a real scan's do.
 */
export function fillTriangles(into: Uint8Array, offset: number): void {
  const record = new Uint8Array(50);
  const data = new DataView(record.buffer);
  for (let n = Math.floor(offset / 50); n * 50 < offset + into.length; n++) {
    const x = (n % 1000) * 0.05;
    const y = Math.floor(n / 1000) * 0.05;
    [0, 0, 1, x, y, 0, x + 0.05, y, 0, x, y + 0.05, (n % 7) * 0.01].forEach((value, i) => data.setFloat32(4 * i, value, true));
    const from = Math.max(0, offset - n * 50);
    const to = Math.min(50, offset + into.length - n * 50);
    into.set(record.subarray(from, to), n * 50 + from - offset);
  }
}

/** The 84 bytes that open a binary STL of `count` triangles. */
export function stlHeader(count: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(84);
  header.set(latin1('binary STL made by a test'));
  new DataView(header.buffer).setUint32(80, count, true);
  return header;
}

/** One vertex of a binary little-endian PLY of x, y, z only. */
export function plyVertex(): Uint8Array<ArrayBuffer> {
  const vertex = new Uint8Array(12);
  const data = new DataView(vertex.buffer);
  [1.5, -2.25, 3].forEach((value, i) => data.setFloat32(4 * i, value, true));
  return vertex;
}

export { latin1 };
