import type { PathSegment } from './source.ts';

export { slugify } from '../../src/shared/slug.ts';

/**
 * Calls `visit` for every value in a parsed YAML tree, depth first, with its path.
 * The path array is reused while walking: copy it to keep it beyond the call.
 */
export function walk(value: unknown, visit: (value: unknown, path: PathSegment[]) => void, path: PathSegment[] = []): void {
  visit(value, path);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(value[i], visit, path);
      path.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) {
      path.push(key);
      walk((value as Record<string, unknown>)[key], visit, path);
      path.pop();
    }
  }
}

/** True for a `{ en, nl }` pair of texts. */
export function isLocalizedText(value: unknown): value is { en: string; nl: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.en === 'string' && typeof v.nl === 'string';
}
