import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeInNetherlands, todayInNetherlands } from '../../src/shared/netherlands-clock.ts';
import { localeOf, longDate, weekdayName } from '../../src/shared/format.ts';

// The functions write dates and the Dutch clock without Intl (a browser's first Intl formatter holds a page
// coming alive for 25 to 100 ms); here each is held to Intl's own text.
const days = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('dates as people write them', () => {
  for (const lang of ['en', 'nl'] as const) {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(localeOf[lang], { ...options, timeZone: 'UTC' });
    const plain = intl({ day: 'numeric', month: 'long', year: 'numeric' });
    const withWeekday = intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const weekday = intl({ weekday: 'long' });

    it(`match Intl's ${localeOf[lang]} for any date, with and without the weekday`, () => {
      fc.assert(
        fc.property(days, (iso) => {
          const noon = new Date(`${iso}T12:00:00Z`);
          expect(longDate(iso, lang)).toBe(plain.format(noon));
          expect(longDate(iso, lang, { weekday: true })).toBe(withWeekday.format(noon));
          expect(weekdayName(iso, lang)).toBe(weekday.format(noon));
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('give a value that is no date back as it was', () => {
    expect(longDate('soon', 'en')).toBe('soon');
    expect(weekdayName('2026-13-01', 'nl')).toBe('2026-13-01');
  });
});

describe('the date and time in the Netherlands', () => {
  const amsterdam = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const expected = (now: Date) => {
    const part = (type: string) => amsterdam.formatToParts(now).find((p) => p.type === type)!.value;
    return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
  };

  it('match the time-zone database (Europe/Amsterdam) at any instant since the EU rule of 1996', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1996-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), (now) => {
        expect({ date: todayInNetherlands(now), time: timeInNetherlands(now) }).toEqual(expected(now));
      }),
      { numRuns: 5000 },
    );
  });

  it('turn at the exact minutes the clocks change and at midnight', () => {
    // Around every change of the clocks from 1996 to 2099, and midnight in both seasons.
    for (let year = 1996; year <= 2099; year++) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (const delta of [-60_001, -60_000, -1, 0, 1, 60_000]) {
          const now = new Date(change + delta);
          expect({ date: todayInNetherlands(now), time: timeInNetherlands(now) }, now.toISOString()).toEqual(expected(now));
        }
      }
      for (const iso of [`${year}-01-15T22:59:59.999Z`, `${year}-01-15T23:00:00Z`, `${year}-07-15T21:59:59.999Z`, `${year}-07-15T22:00:00Z`]) {
        const now = new Date(iso);
        expect({ date: todayInNetherlands(now), time: timeInNetherlands(now) }, iso).toEqual(expected(now));
      }
    }
  });
});
