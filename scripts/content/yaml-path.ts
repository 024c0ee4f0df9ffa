/** YAML paths as messages name them, and the value at one. */
import type { PathSegment } from './source.ts';

/** Dotted YAML path for messages: `process[2].title.nl`. */
export function dotted(path: readonly PathSegment[]): string {
  return path.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${s}` : s), '') || '(top level)';
}

/** The value at a path of parsed data, or undefined. */
export function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
}
