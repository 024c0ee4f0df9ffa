// The lab's opening hours as the appointment form reads them (site settings), and today in the Netherlands.
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

// Made once: the server asks for every appointment, and making a formatter costs far more than using one.
let calendar: Intl.DateTimeFormat | undefined;

/** Today's date in the Netherlands as YYYY-MM-DD, whatever the visitor's or the server's time zone: a preferred date before it is refused. */
export function todayInNetherlands(now: Date = new Date()): string {
  return (calendar ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' })).format(now);
}

/** The hours of the weekday a YYYY-MM-DD date falls on. */
export function hoursOn(date: string, week: WeekHours): DayHours {
  return week[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] ?? {};
}

/** The latest start on a day that closes at `closes` (HH:MM). */
export function lastSlot(closes: string): string {
  return timeOf(minutesOf(closes) - lastSlotMinutes);
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
