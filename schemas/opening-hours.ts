// The lab's opening hours as site settings give them (content/site.yaml, `openingHours`). What they mean for an
// appointment (the last start, the week's times) is src/shared/opening-hours.ts.

/** One day's opening hours, as site settings give them: both times ("08:30"), or neither on a closed day. */
export interface DayHours {
  opens?: string;
  closes?: string;
}

/** The week's opening hours, Monday first (`openingHours` in content/site.yaml). */
export type WeekHours = readonly DayHours[];
