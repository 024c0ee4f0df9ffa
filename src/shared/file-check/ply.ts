import { isDecimal, Lines, latin1, type Cursor, type Reading } from './reading.ts';
import { maxCoordinate, maxTextLine } from './stl.ts';

// PLY (the Stanford polygon format many intraoral scanners export): a text header declaring elements and
// their properties, then exactly the rows it declares, as text or as binary numbers of either byte order.

/** The header's most: a real one is a few hundred bytes. */
const maxHeaderBytes = 64 * 1024;
const maxElements = 32;
const maxProperties = 64;
/** One binary row (a face with its list of vertices) is read whole; a real one is a few dozen bytes. */
const maxRowBytes = 64 * 1024;

type ScalarType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

const types: Record<string, ScalarType> = {
  char: 'int8',
  int8: 'int8',
  uchar: 'uint8',
  uint8: 'uint8',
  short: 'int16',
  int16: 'int16',
  ushort: 'uint16',
  uint16: 'uint16',
  int: 'int32',
  int32: 'int32',
  uint: 'uint32',
  uint32: 'uint32',
  float: 'float32',
  float32: 'float32',
  double: 'float64',
  float64: 'float64',
};

const sizes: Record<ScalarType, number> = { int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4, float64: 8 };
const ranges: Partial<Record<ScalarType, [number, number]>> = {
  int8: [-128, 127],
  uint8: [0, 255],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

interface Property {
  name: string;
  type: ScalarType;
  /** A list's count type; its items are of `type`. */
  count?: ScalarType;
  /** A coordinate (x, y, z of a vertex): finite and at most maxCoordinate either way. */
  coordinate: boolean;
  /** A face's list of vertex indices: each must name one of the declared vertices. */
  vertexIndices: boolean;
}

interface Element {
  name: string;
  count: number;
  properties: Property[];
}

interface Header {
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  elements: Element[];
  vertices: number;
  /** Where the body begins: the byte after end_header's line. */
  body: number;
}

/** A PLY file: a header that declares a vertex element of x, y and z and at least one vertex, and a body of exactly the rows it declares. */
export function* isPly(file: Cursor): Reading<boolean> {
  const header = yield* readHeader(file);
  if (!header) return false;
  return header.format === 'ascii' ? yield* asciiBody(file, header) : yield* binaryBody(file, header);
}

const headerLine = /^(\w+)(?:[ \t]+(.*?))?[ \t]*$/;
const name = /^[A-Za-z_][\w.-]*$/;
const count = /^\d{1,10}$/;

function* readHeader(file: Cursor): Reading<Header | null> {
  const available = yield* file.load(0, Math.min(file.size, maxHeaderBytes), 0);
  const text = latin1(file.bytes(0, available));
  const end = /\r?\nend_header[ \t]*\r?\n/.exec(text);
  if (!end || !/^ply\r?\n/.test(text)) return null;
  const lines = text.slice(0, end.index).split(/\r?\n/).slice(1);
  let format: Header['format'] | undefined;
  const elements: Element[] = [];
  for (const line of lines) {
    const match = headerLine.exec(line);
    if (!match) return null;
    const [, keyword, rest = ''] = match;
    const words = rest === '' ? [] : rest.split(/[ \t]+/);
    if (keyword === 'comment' || keyword === 'obj_info') {
      if (/(?!\t)\p{Cc}/u.test(rest)) return null;
    } else if (keyword === 'format') {
      const [kind, version] = words;
      if (format || elements.length > 0 || words.length !== 2 || version !== '1.0') return null;
      if (kind !== 'ascii' && kind !== 'binary_little_endian' && kind !== 'binary_big_endian') return null;
      format = kind;
    } else if (keyword === 'element') {
      const [elementName = '', elementCount = ''] = words;
      if (!format || words.length !== 2 || !name.test(elementName) || !count.test(elementCount) || Number(elementCount) > 0x7fffffff) return null;
      if (elements.some((element) => element.name === elementName) || elements.length === maxElements) return null;
      elements.push({ name: elementName, count: Number(elementCount), properties: [] });
    } else if (keyword === 'property') {
      const element = elements.at(-1);
      if (!element || element.properties.length === maxProperties) return null;
      const list = words[0] === 'list';
      const [countType, itemType, propertyName = ''] = list ? words.slice(1) : [undefined, ...words];
      const type = types[itemType ?? ''];
      const counted = countType === undefined ? undefined : types[countType];
      if (words.length !== (list ? 4 : 2) || !type || !name.test(propertyName)) return null;
      if (list && (!counted || counted.startsWith('float'))) return null;
      if (element.properties.some((property) => property.name === propertyName)) return null;
      element.properties.push({
        name: propertyName,
        type,
        ...(counted ? { count: counted } : {}),
        coordinate: element.name === 'vertex' && !list && ['x', 'y', 'z'].includes(propertyName),
        vertexIndices: element.name === 'face' && list && (propertyName === 'vertex_indices' || propertyName === 'vertex_index'),
      });
    } else return null;
  }
  const vertex = elements.find((element) => element.name === 'vertex');
  if (!format || !vertex || vertex.count < 1) return null;
  if (['x', 'y', 'z'].some((axis) => !vertex.properties.some((property) => property.name === axis && property.coordinate))) return null;
  if (elements.some((element) => element.count > 0 && element.properties.length === 0)) return null;
  return { format, elements, vertices: vertex.count, body: end.index + end[0].length };
}

const integer = /^[-+]?\d+$/;

/** Whether `word` is a number of `type`: an integer in its range, or a finite decimal. */
function numberOf(word: string | undefined, type: ScalarType): number | undefined {
  if (word === undefined) return undefined;
  const range = ranges[type];
  if (range) {
    if (!integer.test(word)) return undefined;
    const value = Number(word);
    return value >= range[0] && value <= range[1] ? value : undefined;
  }
  if (!isDecimal(word)) return undefined;
  const value = Number(word);
  return Number.isFinite(value) ? value : undefined;
}

function valueFits(property: Property, value: number, vertices: number, item: boolean): boolean {
  if (property.coordinate && Math.abs(value) > maxCoordinate) return false;
  if (item && property.vertexIndices && (value < 0 || value >= vertices)) return false;
  return true;
}

/** Each element's rows, one a line: its properties' numbers in order, a list as its count and then as many items. Blank lines only at the end. */
function* asciiBody(file: Cursor, header: Header): Reading<boolean> {
  const lines = new Lines(file.source, header.body, 'latin1', maxTextLine);
  for (const element of header.elements) {
    for (let row = 0; row < element.count; row++) {
      const line = yield* lines.next();
      if (line === null) return false;
      const words = line.trim().split(/[ \t]+/);
      let at = 0;
      for (const property of element.properties) {
        if (property.count) {
          const items = numberOf(words[at++], property.count);
          if (items === undefined || items < 0) return false;
          for (let i = 0; i < items; i++) {
            const value = numberOf(words[at++], property.type);
            if (value === undefined || !valueFits(property, value, header.vertices, true)) return false;
          }
        } else {
          const value = numberOf(words[at++], property.type);
          if (value === undefined || !valueFits(property, value, header.vertices, false)) return false;
        }
      }
      if (at !== words.length) return false;
    }
  }
  for (;;) {
    const line = yield* lines.next();
    if (line === null) return !lines.failure;
    if (line.trim() !== '') return false;
  }
}

function read(data: DataView, at: number, type: ScalarType, little: boolean): number {
  switch (type) {
    case 'int8':
      return data.getInt8(at);
    case 'uint8':
      return data.getUint8(at);
    case 'int16':
      return data.getInt16(at, little);
    case 'uint16':
      return data.getUint16(at, little);
    case 'int32':
      return data.getInt32(at, little);
    case 'uint32':
      return data.getUint32(at, little);
    case 'float32':
      return data.getFloat32(at, little);
    case 'float64':
      return data.getFloat64(at, little);
  }
}

/**
 * Each element's rows as binary numbers in the declared byte order, lists walked by their counts: every
 * float finite, and the rows ending exactly at the end of the file (a byte short or over is no PLY).
 */
function* binaryBody(file: Cursor, header: Header): Reading<boolean> {
  const little = header.format === 'binary_little_endian';
  const size = file.size;
  let at = header.body;
  let window: DataView = new DataView(new ArrayBuffer(0));
  let base = at;
  for (const element of header.elements) {
    const fixed = element.properties.every((property) => !property.count);
    const rowBytes = element.properties.reduce((sum, property) => sum + sizes[property.type], 0);
    // Rows of fixed size must fit the file before any is read: a count of millions over a few bytes is refused at once.
    if (fixed && at + element.count * rowBytes > size) return false;
    for (let row = 0; row < element.count; row++) {
      if (at >= size) return false;
      // The window holds whole rows: as many as a slice takes, and any one row of up to maxRowBytes.
      const wanted = Math.min(maxRowBytes, size - at);
      if (at + wanted > base + window.byteLength) {
        yield* file.load(at, wanted);
        base = at;
        window = file.view(at, file.end - at);
      }
      const end = window.byteLength;
      let offset = at - base;
      for (const property of element.properties) {
        let items = 1;
        if (property.count) {
          if (offset + sizes[property.count] > end) return false;
          items = read(window, offset, property.count, little);
          offset += sizes[property.count];
          if (items < 0) return false;
        }
        const step = sizes[property.type];
        if (offset + items * step > end) return false;
        for (let i = 0; i < items; i++, offset += step) {
          const value = read(window, offset, property.type, little);
          if (!Number.isFinite(value) || !valueFits(property, value, header.vertices, property.count !== undefined)) return false;
        }
      }
      at = base + offset;
    }
  }
  return at === size;
}
