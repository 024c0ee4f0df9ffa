import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSlotMinutes, weekSlots } from '../../src/shared/opening-hours.ts';
import { loadSiteIndex } from '../../src/server/site-index.ts';
import { appointment, fixtureDist, postJson, startApiWithStore } from '../support/api.ts';

// The appointment endpoint takes a request only on a day the lab is open, within that day's hours (the last
// start a quarter before closing) and not in the past, as the clock reads in the Netherlands, whatever the
// server's own time zone. The server is asked at many instants (around midnight there, across the changes
// to and from summer time) for many dates and times, and its answer is compared with the rule worked out
// here on its own: the Dutch clock from the EU's summer-time rule, the weekday from the calendar.

const { openingHours: week, messages } = loadSiteIndex(fixtureDist).forms;
const dayNames = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  nl: ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'],
};
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last Sunday of a month (0-based) at 01:00 UTC: when the Netherlands' clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 86_400_000;
}

/** The date and wall-clock minutes in the Netherlands at an instant: UTC+2 from the last Sunday of March to that of October, else UTC+1. */
function dutchClock(ms: number): { date: string; minutes: number } {
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSundayAtOne(year, 2) && ms < lastSundayAtOne(year, 9);
  const local = new Date(ms + (summer ? 2 : 1) * 3_600_000);
  return { date: isoDay(local.getTime()), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** The field messages the rule expects for an otherwise valid request, or null for a success. */
function expected(date: string, time: string, now: number, lang: 'en' | 'nl'): Record<string, string> | null {
  const text = (key: string, vars: Record<string, string> = {}) => messages[lang][key]!.replace(/\{(\w+)\}/g, (_, name: string) => vars[name]!);
  const clock = dutchClock(now);
  if (date < clock.date) return { PreferredDate: text('validation.datePast') };
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const hours = week[weekday]!;
  const day = dayNames[lang][weekday]!;
  if (!hours.opens || !hours.closes) return { PreferredDate: text('validation.dayClosed', { day }) };
  const last = minutesOf(hours.closes) - 15;
  if (minutesOf(time) < minutesOf(hours.opens) || minutesOf(time) > last) {
    const lastTime = `${String(Math.floor(last / 60)).padStart(2, '0')}:${String(last % 60).padStart(2, '0')}`;
    return { PreferredTime: text('validation.timeOutsideHours', { day, opens: hours.opens, closes: hours.closes, last: lastTime }) };
  }
  if (date === clock.date && minutesOf(time) <= clock.minutes) return { PreferredTime: text('validation.timePast') };
  return null;
}

/** Instants near the edges: around midnight in the Netherlands, around each change of the clocks, and any moment of 2026 to 2030. */
const instant = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 5 * 365 }), fc.integer({ min: -150, max: 150 })).map(([day, minutes]) => Date.UTC(2026, 0, 1, 23) + day * 86_400_000 + minutes * 60_000),
  fc.tuple(fc.integer({ min: 2026, max: 2030 }), fc.constantFrom(2, 9), fc.integer({ min: -26 * 60, max: 26 * 60 })).map(([year, month, minutes]) => lastSundayAtOne(year, month) + minutes * 60_000),
  fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 11, 31) }),
);

/** A time of day: any minute, or one at an edge of a day's hours. */
const timeOfDay = fc
  .oneof(
    fc.integer({ min: 0, max: 24 * 60 - 1 }),
    fc.constantFrom(...[...new Set(week.flatMap((d) => (d.opens && d.closes ? [d.opens, d.closes] : [])))].flatMap((t) => [-16, -15, -14, -1, 0, 1].map((d) => minutesOf(t) + d))),
  )
  .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

let clock = Date.now();
let api: Awaited<ReturnType<typeof startApiWithStore>>;
const dataDir = mkdtempSync(join(tmpdir(), 'api-hours-'));
beforeAll(async () => {
  api = await startApiWithStore({ save: () => 'id' }, dataDir, undefined, { now: () => clock, rateLimit: 1_000_000 });
});
afterAll(async () => {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the appointment endpoint and the opening hours', () => {
  it("takes a date and time only when the lab is open then, and otherwise answers 400 naming the day and its hours, in the visitor's language", async () => {
    await fc.assert(
      fc.asyncProperty(instant, fc.integer({ min: -2, max: 16 }), fc.oneof(timeOfDay, fc.constant('sameAsNow')), fc.constantFrom('en', 'nl'), async (now, days, chosen, lang) => {
        clock = now;
        const today = dutchClock(now);
        const date = isoDay(Date.parse(`${today.date}T12:00:00Z`) + days * 86_400_000);
        const time = chosen === 'sameAsNow' ? `${String(Math.floor(today.minutes / 60)).padStart(2, '0')}:${String(today.minutes % 60).padStart(2, '0')}` : chosen;
        const reply = await postJson(api.port, `/api/AppointmentBooking.php?lang=${lang}`, appointment({ PreferredDate: date, PreferredTime: time }));
        const fields = expected(date, time, now, lang);
        if (fields === null)
          expect(reply.json, `${date} ${time} at ${new Date(now).toISOString()}`).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
        else {
          expect(reply.status, `${date} ${time} at ${new Date(now).toISOString()}`).toBe(400);
          expect(reply.json).toEqual({ success: false, error: messages[lang]['apiErrors.invalid'], fields });
        }
      }),
      { numRuns: 600 },
    );
  }, 120_000);

  it('refuses a Saturday at 22:00, saying the lab is closed on Saturdays', async () => {
    clock = Date.UTC(2026, 10, 11, 9);
    const reply = await postJson(api.port, '/api/AppointmentBooking.php?lang=en', appointment({ PreferredDate: '2026-11-14', PreferredTime: '22:00' }));
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ success: false, error: messages.en['apiErrors.invalid'], fields: { PreferredDate: 'We are closed on Saturdays. Choose another day.' } });
  });

  it("names Friday's hours in Dutch for a Friday evening, and takes the last quarter before closing", async () => {
    clock = Date.UTC(2026, 10, 11, 9);
    const late = await postJson(api.port, '/api/AppointmentBooking.php?lang=nl', appointment({ PreferredDate: '2026-11-13', PreferredTime: '16:30' }));
    expect(late.json).toEqual({
      success: false,
      error: messages.nl['apiErrors.invalid'],
      fields: { PreferredTime: 'Op vrijdag zijn wij open van 08:30 tot 16:30. Kies een tijd van 08:30 tot en met 16:15.' },
    });
    const last = await postJson(api.port, '/api/AppointmentBooking.php?lang=nl', appointment({ PreferredDate: '2026-11-13', PreferredTime: '16:15' }));
    expect(last.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
  });

  it('reads the day in the Netherlands: at 23:30 UTC on a Thursday in winter it is already Friday there, and Thursday is past', async () => {
    clock = Date.UTC(2026, 10, 12, 23, 30);
    const thursday = await postJson(api.port, '/api/AppointmentBooking.php?lang=en', appointment({ PreferredDate: '2026-11-12', PreferredTime: '10:00' }));
    expect(thursday.json).toMatchObject({ fields: { PreferredDate: 'Choose today or a later date.' } });
    const friday = await postJson(api.port, '/api/AppointmentBooking.php?lang=en', appointment({ PreferredDate: '2026-11-13', PreferredTime: '08:30' }));
    expect(friday.json).toEqual({ success: true, reference: expect.stringMatching(/^[0-9A-F]{4}-[0-9A-F]{4}$/) as string });
  });
});

describe('the times the appointment form offers', () => {
  it("are the week's quarter hours from the earliest opening to the latest last start, and none in a week that is closed", () => {
    const week = [{ opens: '08:30', closes: '18:30' }, {}, { opens: '09:00', closes: '10:00' }, {}, { opens: '08:00', closes: '09:00' }, {}, {}];
    expect(weekSlots(week)).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
      '12:15',
      '12:30',
      '12:45',
      '13:00',
      '13:15',
      '13:30',
      '13:45',
      '14:00',
      '14:15',
      '14:30',
      '14:45',
      '15:00',
      '15:15',
      '15:30',
      '15:45',
      '16:00',
      '16:15',
      '16:30',
      '16:45',
      '17:00',
      '17:15',
      '17:30',
      '17:45',
      '18:00',
      '18:15',
    ]);
    expect(weekSlots([{}, {}, {}, {}, {}, {}, {}])).toEqual([]);
  });

  it("hold every start the server takes on any day of the site's week", () => {
    const week = loadSiteIndex(fixtureDist).forms.openingHours;
    const slots = new Set(weekSlots(week));
    for (const day of week) {
      if (!day.opens || !day.closes) continue;
      for (let m = Number(day.opens.slice(0, 2)) * 60 + Number(day.opens.slice(3)); m <= Number(day.closes.slice(0, 2)) * 60 + Number(day.closes.slice(3)) - lastSlotMinutes; m += 15) {
        expect(slots.has(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)).toBe(true);
      }
    }
  });
});
