import type { Calendar } from '../../schemas/form-requests.ts';

// The date and time in the Netherlands, whatever the visitor's or the server's time zone: the clock the
// forms' date fields and the appointment's hours are judged by, in the browser and on the server alike.

/**
 * The Netherlands' offset from UTC at an instant, in minutes: CEST (+120) from the last Sunday of March
 * at 01:00 UTC to the last Sunday of October at 01:00 UTC, the EU's rule since 1996, and CET (+60) the
 * rest of the year. Worked out rather than asked of Intl: a page's first Intl formatter costs the browser
 * 25 to 100 ms, which the appointment page would pay while it comes alive. tests/unit/format.test.ts
 * compares it with the time-zone database (Europe/Amsterdam) at many instants, so a change of the rule
 * in that database fails there.
 */
function offsetInNetherlands(now: Date): number {
  const year = now.getUTCFullYear();
  const lastSundayAt1 = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  const t = now.getTime();
  return t >= lastSundayAt1(2) && t < lastSundayAt1(9) ? 120 : 60;
}

/** The wall clock in the Netherlands at `now`, as the UTC fields of a Date. */
const netherlandsClock = (now: Date) => new Date(now.getTime() + offsetInNetherlands(now) * 60_000);

const two = (n: number) => String(n).padStart(2, '0');

/** Today's date in the Netherlands as YYYY-MM-DD, whatever the visitor's or the server's time zone: a preferred date before it is refused. */
export function todayInNetherlands(now: Date = new Date()): string {
  const clock = netherlandsClock(now);
  return `${String(clock.getUTCFullYear()).padStart(4, '0')}-${two(clock.getUTCMonth() + 1)}-${two(clock.getUTCDate())}`;
}

/** The time (HH:MM) in the Netherlands at `now`, whatever the server's time zone. */
export function timeInNetherlands(now: Date = new Date()): string {
  const clock = netherlandsClock(now);
  return `${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}`;
}

/** How far ahead an appointment may be asked for: a year (366 days, a leap year's 29 February included). */
export const appointmentHorizonDays = 366;

/** The last day an appointment may be asked for, `appointmentHorizonDays` after today in the Netherlands. */
export function lastBookableDate(now: Date): string {
  const day = new Date(`${todayInNetherlands(now)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + appointmentHorizonDays);
  return day.toISOString().slice(0, 10);
}

/** The Netherlands' calendar at `now()` (the present unless a test or the server's clock says otherwise), as the forms' schemas take it. */
export function netherlandsCalendar(now: () => Date = () => new Date()): Calendar {
  return { today: () => todayInNetherlands(now()), lastBookable: () => lastBookableDate(now()) };
}
