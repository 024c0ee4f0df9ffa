// The lab's facts (decision 30) live once, in content/site.yaml. A content text shows one by its path in
// braces, `{turnaround.items.zirconiaCrown.days}` or `{retentionDays}`: the generate step writes the value
// in, the content check refuses a path that names no value. A fact listed under `placeholders` is an example
// until the lab confirms it; these helpers tell which are.

import type { Lang } from '../../schemas/common.ts';

/** A fact reference in a text: `{name}` or `{name.part.part}`. */
export const factReference = /\{([A-Za-z]\w*(?:\.\w+)*)\}/g;

/** The value at a dotted path of the site settings, or undefined. */
export function factAt(site: unknown, path: string): unknown {
  let value = site;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A fact as a text shows it in one language: a number or a string as it is, a range of working days
 * `[7, 10]` as "7–10", a text in both languages as its own language; undefined for anything else (a list,
 * a group of fields), which no sentence can hold.
 */
export function factText(value: unknown, lang: Lang): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number')) return `${value[0]}–${value[1]}`;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const text = (value as Record<string, unknown>)[lang];
    if (typeof text === 'string' && Object.keys(value).length === 2 && 'en' in value && 'nl' in value) return text;
  }
  return undefined;
}

/** A text with every reference to a fact that has a value replaced by it; other braces are left as they are. */
export function fillFacts(text: string, site: unknown, lang: Lang): string {
  if (!text.includes('{')) return text;
  return text.replace(factReference, (whole, path: string) => factText(factAt(site, path), lang) ?? whole);
}

/**
 * Whether what a page shows at `path` is (or holds) an example: the fact itself, a field it is part of, or a
 * part of it is listed under `placeholders` ("scanners.itero" makes the scanners an example).
 */
export function isExample(placeholders: readonly string[], path: string): boolean {
  return placeholders.some((p) => p === path || path.startsWith(`${p}.`) || p.startsWith(`${path}.`));
}
