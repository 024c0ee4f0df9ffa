// Files of the digital workflow made in the test (PLY, OBJ, ZIP archives of them), good ones and disguises,
// and whether the upload check in this tree knows them yet (the checks branch).
import { zipSync } from 'fflate';
import { uploadFixture } from './uploads.ts';

const triangle = ['0 0 0', '1 0 0', '0 1 0'];

/** A PLY in text: three vertices and the face they make. */
export function asciiPly(): Buffer {
  const header = [
    'ply',
    'format ascii 1.0',
    'comment crown 16',
    'element vertex 3',
    'property float x',
    'property float y',
    'property float z',
    'element face 1',
    'property list uchar int vertex_indices',
    'end_header',
  ];
  return Buffer.from(`${[...header, ...triangle, '3 0 1 2'].join('\n')}\n`, 'latin1');
}

/** A binary (little-endian) PLY of `vertices` vertices in a fan of faces, or with `cut` bytes of its data missing. */
export function binaryPly(vertices = 3, cut = 0): Buffer {
  const faces = vertices - 2;
  const header = Buffer.from(
    [
      'ply',
      'format binary_little_endian 1.0',
      `element vertex ${vertices}`,
      'property float x',
      'property float y',
      'property float z',
      `element face ${faces}`,
      'property list uchar int vertex_indices',
      'end_header',
      '',
    ].join('\n'),
    'latin1',
  );
  const data = Buffer.alloc(vertices * 12 + faces * 13);
  for (let v = 0; v < vertices; v++) {
    data.writeFloatLE(Math.cos(v), v * 12);
    data.writeFloatLE(Math.sin(v), v * 12 + 4);
    data.writeFloatLE(v / vertices, v * 12 + 8);
  }
  for (let f = 0; f < faces; f++) {
    const at = vertices * 12 + f * 13;
    data.writeUInt8(3, at);
    data.writeInt32LE(0, at + 1);
    data.writeInt32LE(f + 1, at + 5);
    data.writeInt32LE(f + 2, at + 9);
  }
  const whole = Buffer.concat([header, data]);
  return whole.subarray(0, whole.length - cut);
}

/** A Wavefront OBJ: vertices, a normal and a face. */
export function obj(): Buffer {
  return Buffer.from(['# crown 16', 'o crown', ...triangle.map((v) => `v ${v}`), 'vn 0 0 1', 'f 1//1 2//1 3//1', ''].join('\n'), 'latin1');
}

/** A ZIP archive of these entries (deflated). */
export function zipOf(entries: Record<string, Uint8Array>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, new Uint8Array(bytes)]))));
}

/**
 * A ZIP whose one entry says it unpacks to `declared` bytes (in its local header and the central
 * directory) while holding a few: what a zip bomb looks like to a check that reads declared sizes.
 */
export function zipDeclaring(name: string, bytes: Uint8Array, declared: number): Buffer {
  const zip = zipOf({ [name]: bytes });
  const local = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(Math.min(declared, 0xffffffff), local + 22);
  zip.writeUInt32LE(Math.min(declared, 0xffffffff), central + 24);
  return zip;
}

/** Files of the workflow the check takes, by what they are. */
export const workflowFiles = (): { name: string; bytes: Buffer; kind: 'ply' | 'obj' | 'zip'; type: string }[] => [
  { name: 'upper jaw.ply', bytes: asciiPly(), kind: 'ply', type: 'PLY' },
  { name: 'lower jaw binary.ply', bytes: binaryPly(40), kind: 'ply', type: 'PLY' },
  { name: 'crown.obj', bytes: obj(), kind: 'obj', type: 'OBJ' },
  {
    name: 'case 2026-118.zip',
    bytes: zipOf({
      'scans/upper.stl': uploadFixture('crown-binary.stl'),
      'scans/lower.ply': asciiPly(),
      'scans/bite.obj': obj(),
      'prescription.pdf': uploadFixture('minimal.pdf'),
      'photos/shade.jpg': uploadFixture('pixel.jpg'),
      'photos/smile.png': uploadFixture('pixel.png'),
    }),
    kind: 'zip',
    type: 'ZIP',
  },
];

/** Files dressed as the workflow's kinds that are something else, or broken. */
export const workflowDisguises = (): [string, string, Buffer][] => [
  ['a PLY header over a page instead of vertices', 'scan.ply', Buffer.concat([asciiPly().subarray(0, asciiPly().indexOf('end_header') + 11), Buffer.from('<script>alert(1)</script>\n')])],
  ['a binary PLY cut short', 'scan.ply', binaryPly(40, 100)],
  ['a shell script named .obj', 'crown.obj', Buffer.from('#!/bin/sh\nv 0 0 0\nrm -rf ~\n')],
  ['a page named .obj', 'crown.obj', Buffer.from('<!doctype html><title>v 0 0 0</title>\n')],
  ['a Windows program named .ply', 'scan.ply', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), asciiPly()])],
  ['a ZIP holding a Windows program named scan.stl', 'case.zip', zipOf({ 'scan.stl': Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode', 'latin1') })],
  ['a ZIP holding a page named notes.pdf', 'case.zip', zipOf({ 'notes.pdf': Buffer.from('<html><body>not a PDF</body></html>') })],
  ['a ZIP holding a good scan and a script', 'case.zip', zipOf({ 'scan.stl': uploadFixture('crown-binary.stl'), 'open-me.sh': Buffer.from('#!/bin/sh\necho hi\n') })],
  ['a ZIP bomb: an entry declaring 4 GB', 'case.zip', zipDeclaring('scan.ply', asciiPly(), 0xffffffff)],
  ['a ZIP of 20,000 entries', 'case.zip', zipOf(Object.fromEntries(Array.from({ length: 20_000 }, (_, n) => [`part-${n}.obj`, obj()])))],
  ['a broken ZIP', 'case.zip', zipOf({ 'scan.ply': asciiPly() }).subarray(0, 60)],
];
