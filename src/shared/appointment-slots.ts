import * as z from 'zod/mini';
import { appointmentRequest, formSchemasWith, isCalendarDate, type PhoneCheck } from '../../schemas/form-requests.ts';
import { netherlandsCalendar, timeInNetherlands, todayInNetherlands } from './netherlands-clock.ts';
import { hoursOn, lastSlot, startsWithinHours, type WeekHours } from './opening-hours.ts';

// When the lab takes an appointment: on a day it is open, within that day's hours, not already past in the
// Netherlands. The browser's form and the server judge a request by these same rules, over the schemas'.

/** Why a date and time cannot be booked: the field it concerns, the UI key of its message and the values the message names. */
export interface SlotProblem {
  field: 'PreferredDate' | 'PreferredTime';
  key: 'validation.dayClosed' | 'validation.timeOutsideHours' | 'validation.timePast';
  vars: { date: string; opens?: string; closes?: string; last?: string };
}

/**
 * What stands in the way of an appointment on `date` (a real date, today or later) at `time` (HH:MM, or
 * anything else when not yet chosen): a closed day, a time outside that day's hours (the last start a
 * quarter before closing), or a time already past today, compared on the Netherlands' wall clock.
 */
export function slotProblem(date: string, time: unknown, week: WeekHours, now: Date = new Date()): SlotProblem | undefined {
  const { opens, closes } = hoursOn(date, week);
  if (!opens || !closes) return { field: 'PreferredDate', key: 'validation.dayClosed', vars: { date } };
  if (typeof time !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return undefined;
  if (!startsWithinHours(time, { opens, closes })) return { field: 'PreferredTime', key: 'validation.timeOutsideHours', vars: { date, opens, closes, last: lastSlot(closes) } };
  if (date === todayInNetherlands(now) && time <= timeInNetherlands(now)) return { field: 'PreferredTime', key: 'validation.timePast', vars: { date } };
  return undefined;
}

/**
 * The appointment request as the lab can take it: on a day it is open and within that day's hours (`week`,
 * from site settings), not already past in the Netherlands at `now()`. A closed day is the date's problem,
 * a time outside the hours the time's; each names the day and its hours (the issue's `params`).
 */
export function bookableAppointment(week: WeekHours, isValidPhoneNumber: PhoneCheck, now: () => Date = () => new Date()) {
  return appointmentRequest(isValidPhoneNumber, netherlandsCalendar(now)).check(
    z.superRefine(
      (value, ctx) => {
        // The shape's own checks may have failed: nothing of the value is taken for granted.
        const { PreferredDate: date, PreferredTime: time } = (value ?? {}) as Partial<Record<'PreferredDate' | 'PreferredTime', unknown>>;
        if (typeof date !== 'string' || !isCalendarDate(date) || date < todayInNetherlands(now())) return;
        const problem = slotProblem(date, time, week, now());
        if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.key, params: problem.vars, input: value });
      },
      // Also beside a missing field, so a closed day is named on the first attempt.
      { when: () => true },
    ),
  );
}

/** The site's forms as they are checked, the appointment within the lab's opening hours (`week`) and every date on the Netherlands' calendar at `now()`. */
export function bookableFormSchemas(week: WeekHours, isValidPhoneNumber: PhoneCheck, now?: () => Date) {
  return { ...formSchemasWith(isValidPhoneNumber, netherlandsCalendar(now)), appointment: bookableAppointment(week, isValidPhoneNumber, now) };
}
