import { z } from 'zod';
import { Localized } from './common.ts';

/** The days of the week, Monday first, as schema.org names them. */
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const Weekday = z.enum(weekdays);

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'write a 24-hour time such as "08:30"');

/** The hours of one day: open with opening and closing times, or closed. */
export const OpeningDay = z
  .strictObject({
    day: Weekday.describe('The weekday.'),
    opens: Time.optional().describe('Opening time, 24-hour "HH:MM"; leave out both times when closed.'),
    closes: Time.optional().describe('Closing time, 24-hour "HH:MM".'),
  })
  .superRefine((d, ctx) => {
    if ((d.opens === undefined) !== (d.closes === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give both "opens" and "closes", or neither for a closed day', params: { rule: 'site/hours' } });
    } else if (d.opens && d.closes && d.opens >= d.closes) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: `"closes" (${d.closes}) must be later than "opens" (${d.opens})`, params: { rule: 'site/hours' } });
    }
  });

/** Site-wide settings: the lab's identity and contact facts, read by every page, the footer and the structured data. */
export const SiteSettings = z
  .strictObject({
    name: z.string().min(1).describe('The lab\'s trading name, as shown in the header and titles.'),
    legalName: z.string().min(1).describe('The registered name at the KvK.'),
    tagline: Localized.describe('A short line about the lab, used in the footer and as the default description.'),
    url: z
      .string()
      .regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/, 'write the public origin without a trailing slash, e.g. "https://www.example.nl"')
      .describe('The public origin of the site; canonical URLs, the sitemap and feeds are built on it.'),
    address: z
      .strictObject({
        street: z.string().min(1).describe('Street and house number.'),
        postalCode: z.string().regex(/^\d{4} ?[A-Z]{2}$/, 'write a Dutch postcode such as "1234 AB"').describe('Dutch postcode.'),
        city: z.string().min(1).describe('City.'),
        country: z.literal('NL').describe('ISO country code; the lab is in the Netherlands.'),
      })
      .describe('Visiting and postal address.'),
    geo: z
      .strictObject({
        lat: z.number().min(50.7).max(53.6).describe('Latitude of the lab\'s entrance, e.g. 52.0907.'),
        lon: z.number().min(3.3).max(7.3).describe('Longitude of the lab\'s entrance, e.g. 5.1214.'),
      })
      .describe('Where the lab is on the map (inside the Netherlands); the contact page map and "open in maps" use it.'),
    phone: z
      .strictObject({
        display: z.string().min(1).describe('The number as people read it, e.g. "020 123 4567".'),
        e164: z.string().regex(/^\+[1-9]\d{6,14}$/, 'write the number in E.164 form, e.g. "+31201234567"').describe('The same number in E.164 form, for tel: links and structured data.'),
      })
      .describe('The lab\'s phone number.'),
    email: z.email('write an e-mail address such as "info@example.nl"').describe('The public e-mail address.'),
    kvk: z.string().regex(/^\d{8}$/, 'a KvK number has 8 digits').describe('Chamber of Commerce (KvK) number.'),
    vat: z.string().regex(/^NL\d{9}B\d{2}$/, 'a Dutch VAT (BTW) number looks like "NL123456789B01"').describe('VAT (BTW) identification number.'),
    openingHours: z
      .array(OpeningDay)
      .length(7, 'list all seven days, Monday to Sunday')
      .superRefine((days, ctx) => {
        days.forEach((d, i) => {
          if (d.day !== weekdays[i]) {
            ctx.addIssue({ code: 'custom', path: [i, 'day'], message: `day ${i + 1} must be "${weekdays[i]}" (Monday to Sunday, in order)`, params: { rule: 'site/hours' } });
          }
        });
      })
      .describe('Opening hours, one entry per day from Monday to Sunday; the one source for every page.'),
    emergency: Localized.describe('What to do outside opening hours, shown on the appointment page.'),
    turnaround: Localized.nullable().describe(
      'The lab\'s usual turnaround for dentists, in working days, as the lab states it (e.g. "Crowns and bridges: 5 working days"); null until the lab gives it, and nothing is shown then.',
    ),
    guarantee: Localized.nullable().describe(
      'The lab\'s guarantee, in its own terms (what, how long, on what condition); null until the lab gives them, and nothing is shown then. The site makes no other promise (decision 24).',
    ),
    social: z
      .array(
        z.strictObject({
          network: z.enum(['linkedin', 'facebook', 'instagram', 'youtube']).describe('Which network.'),
          url: z.url({ protocol: /^https$/ }).describe('Full https address of the lab\'s profile.'),
        }),
      )
      .describe('Social profiles, shown in the footer and listed in the structured data.'),
    retentionDays: z
      .int()
      .min(1)
      .max(3650)
      .describe('Days after which form submissions and uploaded files are deleted; the server and the privacy page ({retentionDays}) both read it.'),
    chatWidgetId: z
      .string()
      .regex(/^[A-Za-z0-9]+\/[A-Za-z0-9]+$/, 'write the Tawk.to property and widget id as "<propertyId>/<widgetId>"')
      .nullable()
      .describe('The Tawk.to chat as "<propertyId>/<widgetId>"; null hides the chat. It loads only after a visitor clicks to start a chat.'),
    placeholders: z
      .array(z.string())
      .describe('Fields above whose value the lab has not confirmed yet (e.g. "phone"); each one is reported on every check until it is removed here.'),
  })
  .describe('Site-wide settings (content/site.yaml).');
export type SiteSettings = z.infer<typeof SiteSettings>;
