import type { Lang } from '../../schemas/common.ts';

/** The locale tag for dates and numbers in each language. */
export const localeOf: Record<Lang, string> = { en: 'en-GB', nl: 'nl-NL' };

// Made once per language and kind, on first use: building an Intl formatter costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

/**
 * A calendar date (`YYYY-MM-DD`) as people write it: "5 March 2026", "5 maart 2026", or with the day of
 * the week ("donderdag 5 maart 2026"). A value that is no date comes back as it was.
 */
export function longDate(iso: string, lang: Lang, options: { weekday?: boolean } = {}): string {
  const date = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  const weekday = options.weekday ? 'long' : undefined;
  return formatter(`date.${lang}.${weekday}`, () => new Intl.DateTimeFormat(localeOf[lang], { weekday, day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(date);
}

/** The weekday a calendar date (`YYYY-MM-DD`) falls on, as a sentence names it: "Saturday", "zaterdag". */
export function weekdayName(iso: string, lang: Lang): string {
  return formatter(`weekday.${lang}`, () => new Intl.DateTimeFormat(localeOf[lang], { weekday: 'long', timeZone: 'UTC' })).format(new Date(`${iso}T12:00:00Z`));
}

/** A file size for people, in decimal units: "840 kB", "2.4 MB" ("2,4 MB" in Dutch). */
export function fileSize(bytes: number, lang: Lang): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${formatter(`size.${lang}`, () => new Intl.NumberFormat(localeOf[lang], { maximumFractionDigits: 1 })).format(bytes / 1_000_000)} MB`;
}
