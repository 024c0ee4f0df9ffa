// The lab's opening hours as the appointment form reads them (site settings), and the date and time in the Netherlands.
// Apart from schemas/forms.ts, which checks a request against them, so the appointment page can bound its
// date and time inputs without loading the schemas.

/** One day's opening hours, as site settings give them: both times ("08:30"), or neither on a closed day. */
export interface DayHours {
  opens?: string;
  closes?: string;
}

/** The week's opening hours, Monday first (`openingHours` in content/site.yaml). */
export type WeekHours = readonly DayHours[];

/** The last appointment starts this many minutes before closing, one step of the form's time input. */
export const lastSlotMinutes = 15;

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

/** Today's date in the Netherlands as YYYY-MM-DD, whatever the visitor's or the server's time zone: a preferred date before it is refused. */
export function todayInNetherlands(now: Date = new Date()): string {
  const clock = netherlandsClock(now);
  return `${String(clock.getUTCFullYear()).padStart(4, '0')}-${String(clock.getUTCMonth() + 1).padStart(2, '0')}-${String(clock.getUTCDate()).padStart(2, '0')}`;
}

/** The time (HH:MM) in the Netherlands at `now`, whatever the server's time zone. */
export function timeInNetherlands(now: Date = new Date()): string {
  const clock = netherlandsClock(now);
  return timeOf(clock.getUTCHours() * 60 + clock.getUTCMinutes());
}

/** The hours of the weekday a YYYY-MM-DD date falls on. */
export function hoursOn(date: string, week: WeekHours): DayHours {
  return week[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] ?? {};
}

/** The latest start on a day that closes at `closes` (HH:MM). */
export function lastSlot(closes: string): string {
  return timeOf(minutesOf(closes) - lastSlotMinutes);
}

/**
 * Whether an appointment may start at `time` (HH:MM) on a day of these hours: from opening to the last start,
 * `lastSlotMinutes` before closing; never on a closed day. The form offers only these times, the server takes only these.
 */
export function startsWithinHours(time: string, day: DayHours): boolean {
  if (!day.opens || !day.closes) return false;
  return time >= day.opens && time <= lastSlot(day.closes);
}

/** Minutes since midnight of an HH:MM time, and back. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every start the form offers in a week: each quarter hour from the earliest opening to the latest last start. */
export function weekSlots(week: WeekHours): string[] {
  const open = week.filter((day): day is Required<DayHours> => day.opens !== undefined && day.closes !== undefined);
  if (open.length === 0) return [];
  const first = Math.min(...open.map((day) => minutesOf(day.opens)));
  const last = Math.max(...open.map((day) => minutesOf(lastSlot(day.closes))));
  const slots: string[] = [];
  for (let m = first; m <= last; m += lastSlotMinutes) slots.push(timeOf(m));
  return slots;
}
