import type { DayHours, WeekHours } from '../../schemas/opening-hours.ts';

// The lab's opening hours as the appointment form offers times and the server takes them. Apart from the
// forms' schemas, so the appointment page can bound its date and time inputs without loading them.

export type { DayHours, WeekHours };

/** The last appointment starts this many minutes before closing, one step of the form's time input. */
export const lastSlotMinutes = 15;

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
