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

/** A number of working days, or a range of them ("[7, 10]"). */
const WorkingDays = z
  .union([z.int().min(0).max(60), z.tuple([z.int().min(0).max(60), z.int().min(1).max(60)]).refine(([from, to]) => from < to, 'write the shorter time first, e.g. [7, 10]')])
  .describe('Working days: a number such as 5, or a range such as [7, 10]. A text shows it as {turnaround.items.<kind>.days}.');

/** The lab's turnaround per kind of work (decision 30: figures are site facts). */
export const Turnaround = z
  .strictObject({
    basis: Localized.describe('What the days count from and what they leave out, e.g. "Working days from the day we receive the scan or impression, without try-ins."'),
    items: z
      .record(
        z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'write a camelCase key such as "zirconiaCrown"'),
        z.strictObject({
          work: Localized.describe('The kind of work, as a dentist orders it, e.g. "Zirconia crown".'),
          days: WorkingDays,
        }),
      )
      .refine((items) => Object.keys(items).length > 0, 'list at least one kind of work')
      .describe('One row per kind of work, in the order of the table, by a key texts use ({turnaround.items.zirconiaCrown.days}).'),
  })
  .describe('Turnaround per kind of work.');

/** The lab's pickup and courier round. */
export const Pickup = z
  .strictObject({
    days: z.array(Weekday).min(1).max(7).describe('The days the courier collects and delivers, Monday first.'),
    requestBefore: Time.describe('A pickup asked for before this time is collected the same day, e.g. "11:00".'),
    from: Time.describe('The courier\'s round starts at this time, e.g. "13:00".'),
    until: Time.describe('The courier\'s round ends at this time, e.g. "17:00".'),
    area: Localized.describe('Where the courier comes, e.g. "Practices in Utrecht and within 30 km"; further away, by post or parcel service.'),
  })
  .superRefine((p, ctx) => {
    if (p.from >= p.until) ctx.addIssue({ code: 'custom', path: ['until'], message: `"until" (${p.until}) must be later than "from" (${p.from})`, params: { rule: 'site/hours' } });
    p.days.forEach((day, i) => {
      if (i > 0 && weekdays.indexOf(day) <= weekdays.indexOf(p.days[i - 1]!))
        ctx.addIssue({ code: 'custom', path: ['days', i], message: 'list each day once, Monday first', params: { rule: 'site/hours' } });
    });
  })
  .describe('Pickup and courier.');

/** The intraoral scanners a practice can send from, by the key the page for dentists uses. */
export const scannerIds = ['trios', 'itero', 'medit', 'primescan', 'dexis'] as const;
export const Scanners = z
  .partialRecord(z.enum(scannerIds), z.string().trim().min(1).max(80).describe("The lab's ID or account name in this scanner's portal."))
  .describe(
    "The lab's ID in each scanner's portal (trios: 3Shape Communicate/Unite, itero: iTero's lab list, medit: Medit Link, primescan: Sirona Connect, dexis: DEXIS IS ScanFlow); a scanner left out shows \"ask us\".",
  );

/** A file under src/public/ that is downloaded, one per language. */
const DownloadFile = z
  .string()
  .regex(/^downloads\/[a-z0-9][a-z0-9._-]*\.pdf$/, 'give a PDF under src/public/downloads/, e.g. "downloads/werkbon.pdf"')
  .describe('A PDF in src/public/downloads/, served at /downloads/<name>.');
export const Downloads = z
  .strictObject({
    werkbon: z.strictObject({ en: DownloadFile, nl: DownloadFile }).describe("The lab's werkbon (order form) to print and send with a case, per language."),
    priceList: z.strictObject({ en: DownloadFile, nl: DownloadFile }).describe("The lab's price list, per language."),
  })
  .describe('Files to download.');

/**
 * The lab's clinical role (decision 29): present only when a klinisch prothesetechnicus (KPT) works with the
 * lab, in opdracht en onder verantwoordelijkheid van de tandarts, so that the lab gives care and must name its
 * complaints procedure and disputes body (Wkkgz). Left out, no page claims clinical work.
 */
export const Clinical = z
  .strictObject({
    kpt: z
      .strictObject({
        patients: Localized.describe('For patients, on the appointment page: what the KPT may do for them and that their dentist decides.'),
        dentists: Localized.describe('For dentists, on the page for dentists (#clinical): the steps the KPT can take over, in their name.'),
      })
      .describe(
        'What the lab\'s KPT does, in the profession\'s own words: "klinisch prothesetechnicus (KPT)" / "clinical prosthetic technician (KPT)", the full denture only, "in opdracht en onder verantwoordelijkheid van uw tandarts" (never "op verwijzing"), the dentist doing the final check.',
      ),
    complaints: Localized.describe('The complaints procedure the Wkkgz asks of a care provider: whom a patient turns to first (the complaints officer) and how; {email} and other facts may be used.'),
    disputesBody: z
      .strictObject({
        name: Localized.describe('The disputes body the lab belongs to, e.g. "De Geschillencommissie Zorg".'),
        url: z.url({ protocol: /^https$/ }).describe("The disputes body's https address."),
      })
      .describe('The recognised disputes body (geschilleninstantie) the lab is a member of, as the Wkkgz requires.'),
  })
  .describe("The lab's clinical role; leave it out when no KPT works with the lab.");

/** The lab's figures (decision 30): each is shown in texts by its path ({figures.experienceYears}), written here only. */
export const Figures = z
  .strictObject({
    experienceYears: z.int().min(1).max(200).optional().describe('Years the lab has made dental work, shown as "over {figures.experienceYears} years". Left out, no text may claim an age.'),
    rushService: Localized.optional().describe('The name of the lab\'s rush service for urgent cases, as texts write it ("rush service" / "spoedservice"); leave it out when the lab has none.'),
  })
  .describe('Figures and service claims about the lab that texts show; each an example until the lab confirms it (see "placeholders").');

/**
 * The facts only some pages show (the page for dentists; the clinical role also the appointment page; the figures
 * only inside texts): the generate step writes them into those pages, not into every page's shell.
 */
export const dentistFactKeys = ['turnaround', 'pickup', 'scanners', 'downloads', 'guarantee', 'clinical', 'figures'] as const;
export type DentistFactKey = (typeof dentistFactKeys)[number];

/** Site-wide settings: the lab's identity and contact facts, read by every page, the footer and the structured data. */
export const SiteSettings = z
  .strictObject({
    name: z.string().min(1).describe("The lab's trading name, as shown in the header and titles."),
    legalName: z.string().min(1).describe('The registered name at the KvK.'),
    tagline: Localized.describe('A short line about the lab, used in the footer and as the default description.'),
    url: z
      .string()
      .regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/, 'write the public origin without a trailing slash, e.g. "https://www.example.nl"')
      .describe('The public origin of the site; canonical URLs, the sitemap and feeds are built on it.'),
    address: z
      .strictObject({
        street: z.string().min(1).describe('Street and house number.'),
        postalCode: z
          .string()
          .regex(/^\d{4} ?[A-Z]{2}$/, 'write a Dutch postcode such as "1234 AB"')
          .describe('Dutch postcode.'),
        city: z.string().min(1).describe('City.'),
        country: z.literal('NL').describe('ISO country code; the lab is in the Netherlands.'),
      })
      .describe('Visiting and postal address.'),
    geo: z
      .strictObject({
        lat: z.number().min(50.7).max(53.6).describe("Latitude of the lab's entrance, e.g. 52.0907."),
        lon: z.number().min(3.3).max(7.3).describe("Longitude of the lab's entrance, e.g. 5.1214."),
      })
      .describe('Where the lab is on the map (inside the Netherlands); the contact page map and "open in maps" use it.'),
    phone: z
      .strictObject({
        display: z.string().min(1).describe('The number as people read it, e.g. "020 123 4567".'),
        e164: z
          .string()
          .regex(/^\+[1-9]\d{6,14}$/, 'write the number in E.164 form, e.g. "+31201234567"')
          .describe('The same number in E.164 form, for tel: links and structured data.'),
      })
      .describe("The lab's phone number."),
    email: z.email('write an e-mail address such as "info@example.nl"').describe('The public e-mail address.'),
    kvk: z
      .string()
      .regex(/^\d{8}$/, 'a KvK number has 8 digits')
      .describe('Chamber of Commerce (KvK) number.'),
    vat: z
      .string()
      .regex(/^NL\d{9}B\d{2}$/, 'a Dutch VAT (BTW) number looks like "NL123456789B01"')
      .describe('VAT (BTW) identification number.'),
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
    turnaround: Turnaround.optional().describe(
      'Turnaround per kind of work, shown as a table on the page for dentists (#turnaround); leave it out to show none. A lab fact: an example until the lab confirms it (see "placeholders").',
    ),
    pickup: Pickup.optional().describe("The lab's pickup and courier service for practices (the page for dentists, #pickup); leave it out when the lab has none. A lab fact."),
    scanners: Scanners.optional().describe("The lab's ID in each intraoral scanner's portal, by scanner (the page for dentists, #scanners). A lab fact."),
    downloads: Downloads.optional().describe('The files a practice downloads from the page for dentists (#downloads): the werkbon and the price list. Lab facts.'),
    guarantee: Localized.optional().describe(
      "The lab's guarantee, in its own terms (what, how long, on what condition), shown on the page for dentists (#guarantee); left out, nothing is shown. The site makes no other promise (decision 24). A lab fact.",
    ),
    clinical: Clinical.optional().describe(
      'The lab\'s clinical role (decision 29): whether a klinisch prothesetechnicus (KPT) works with it, and the complaints procedure and disputes body the Wkkgz then requires. A lab fact: an example until the lab confirms it (see "placeholders"); left out, patients are sent to their dentist or a tandprotheticus for everything clinical.',
    ),
    figures: Figures.optional().describe('The figures about the lab that texts show ({figures.experienceYears}); lab facts, each an example until confirmed (see "placeholders").'),
    social: z
      .array(
        z.strictObject({
          network: z.enum(['linkedin', 'facebook', 'instagram', 'youtube']).describe('Which network.'),
          url: z.url({ protocol: /^https$/ }).describe("Full https address of the lab's profile."),
        }),
      )
      .describe('Social profiles, shown in the footer and listed in the structured data.'),
    retentionDays: z.int().min(1).max(3650).describe('Days after which form submissions and uploaded files are deleted; the server and the privacy page ({retentionDays}) both read it.'),
    chatWidgetId: z
      .string()
      .regex(/^[A-Za-z0-9]+\/[A-Za-z0-9]+$/, 'write the Tawk.to property and widget id as "<propertyId>/<widgetId>"')
      .nullable()
      .describe('The Tawk.to chat as "<propertyId>/<widgetId>"; null hides the chat. It loads only after a visitor clicks to start a chat.'),
    placeholders: z
      .array(z.string())
      .describe(
        'The lab\'s facts that are still examples, by field ("phone") or by a part of one ("downloads.priceList", "scanners.itero"): a preview shows them, marked as examples where the page for dentists shows them, `npm run check` lists them in a note, and a release build refuses each at its place. Remove a fact from here once the lab has confirmed its value.',
      ),
  })
  .describe('Site-wide settings (content/site.yaml).');
export type SiteSettings = z.infer<typeof SiteSettings>;
