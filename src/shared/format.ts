import type { Lang } from '../../schemas/common.ts';

/** The locale tag for dates and numbers in each language. */
export const localeOf: Record<Lang, string> = { en: 'en-GB', nl: 'nl-NL' };

// Made once per language, on first use: building an Intl formatter costs far more than using one.
const numberFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * The names of the months and of the days of the week (Sunday first), as en-GB and nl-NL write them.
 * Dates are written from these rather than by Intl: a page's first Intl formatter costs the browser 25 to
 * 100 ms (it loads the locale's data), which would hold the main thread while the page comes alive, and
 * the server and the browser write exactly the same text. tests/unit/format.test.ts compares every
 * function here with Intl's text over many dates.
 */
const names: Record<Lang, { months: readonly string[]; weekdays: readonly string[] }> = {
  en: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  },
  nl: {
    months: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
    weekdays: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  },
};

/** A calendar date (`YYYY-MM-DD`) at noon UTC, or undefined when it is no date. */
function calendarDate(iso: string): Date | undefined {
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A calendar date (`YYYY-MM-DD`) as people write it: "5 March 2026", "5 maart 2026", or with the day of
 * the week ("Thursday, 5 March 2026", "donderdag 5 maart 2026"). A value that is no date comes back as it was.
 */
export function longDate(iso: string, lang: Lang, options: { weekday?: boolean } = {}): string {
  const date = calendarDate(iso);
  if (!date) return iso;
  const { months, weekdays } = names[lang];
  const day = `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  if (!options.weekday) return day;
  return `${weekdays[date.getUTCDay()]}${lang === 'en' ? ',' : ''} ${day}`;
}

/** The weekday a calendar date (`YYYY-MM-DD`) falls on, as a sentence names it: "Saturday", "zaterdag". */
export function weekdayName(iso: string, lang: Lang): string {
  const date = calendarDate(iso);
  return date ? names[lang].weekdays[date.getUTCDay()]! : iso;
}

/** A file size for people, in decimal units: "840 kB", "2.4 MB" ("2,4 MB" in Dutch). */
export function fileSize(bytes: number, lang: Lang): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(localeOf[lang], { maximumFractionDigits: 1 })));
  return `${format.format(bytes / 1_000_000)} MB`;
}
