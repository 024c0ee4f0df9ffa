import { z } from 'zod';
import { Cta, Hero, Href, Localized, LocalizedList, RichText, Seo, Slug, TextBlock } from './common.ts';
import { CtaSection, FeatureSection, FormIntro, SectionLink } from './sections.ts';
import { scannerIds } from './site.ts';
import { Photo } from './photo.ts';
import type { PageKindId } from './page-kinds.ts';

const PagePath = z
  .string()
  .regex(/^\/([a-z0-9]+(-[a-z0-9]+)*)?$/, 'write the English path, e.g. "/about" or "/" for the home page')
  .describe('The English path of the page; the Dutch page lives at the same path under /nl.');

/** The page's id, which picks its kind of page; it must equal the file name, and be a kind the registry names (schemas/page-kinds.ts). */
const pageId = <T extends PageKindId>(id: T) => z.literal(id).describe(`The page id; this file must be content/pages/${id}.yaml.`);

/** Fields every page has. */
const pageBase = {
  path: PagePath,
  name: Localized.describe('Short name of the page, used in menus and breadcrumbs.'),
  seo: Seo,
  hero: Hero,
};

/** The hero of a page that shows the lab: its illustration until the lab's photograph is given. */
const photoHero = Hero.extend({
  photo: Photo.optional().describe("The lab's photograph for this page, shown instead of the illustration (`image`) once given; a release lists the pages still without one."),
});

/** One of the home page's two front doors: who it is for, one sentence, one button and one link. */
export const FrontDoor = z
  .strictObject({
    title: Localized.describe('Who the door is for, as its heading (h2): "For dentists", "For patients".'),
    text: Localized.describe("One or two short sentences: what this reader can do here. Keep it short, so both doors fit a phone's first screen."),
    cta: Cta.describe("The one clear route: the door's button."),
    link: Cta.describe('A text link beside the button, to what this reader wants to know first (a path, or an anchor on the home page such as "#who-to-go-to").'),
  })
  .describe('A front door on the home page.');

/** Home: the two front doors, the carousel, featured services, "Who do I go to?", testimonials, latest news and the lab's claims. */
export const HomePage = z
  .strictObject({
    id: pageId('home'),
    ...pageBase,
    doors: z
      .strictObject({
        dentist: FrontDoor.describe("The dentist's door: send a case, and what the lab promises."),
        patient: FrontDoor.describe("The patient's door: book an appointment, and who to go to."),
      })
      .describe("The first screen, under the page's h1 (hero.title): both doors side by side, so each reader finds their way at once."),
    highlights: FeatureSection.describe("The lab's claims: experience, guarantee, speed, rush service. Made here only; no other page repeats them."),
    featured: z
      .strictObject({
        title: Localized.describe('Section heading.'),
        intro: Localized.optional().describe('Optional sentence under the heading.'),
        services: z.array(Slug).min(1).describe('Slugs of the services shown as cards, in order.'),
        link: SectionLink,
      })
      .describe('Featured services.'),
    testimonials: z
      .strictObject({
        title: Localized.describe('Section heading.'),
        items: z.array(Slug).min(1).describe('Ids of the testimonials shown, in order; a sample one only in a preview.'),
        empty: Localized.describe(
          'Shown instead when none of them is published (a release build leaves the samples out): an invitation to share an experience, which may link to /testimonials#submit.',
        ),
        link: SectionLink,
      })
      .describe('Testimonials shown on the home page.'),
    news: z
      .strictObject({
        title: Localized.describe('Section heading.'),
        count: z.number().int().min(1).max(6).default(3).describe('How many of the newest articles to show.'),
        articles: z.array(Slug).min(1).max(6).optional().describe('Slugs of articles to show instead of the newest ones, in order.'),
        link: SectionLink,
      })
      .describe('The newest blog articles.'),
  })
  .describe('The home page (content/pages/home.yaml).');

/** About: story, vision, mission and how the lab works. */
export const AboutPage = z
  .strictObject({
    id: pageId('about'),
    ...pageBase,
    hero: photoHero,
    story: z.strictObject({ title: Localized, body: RichText }).describe('Our story.'),
    vision: TextBlock.describe('Our vision.'),
    mission: TextBlock.describe('Our mission.'),
    highlights: FeatureSection.describe("How the lab works: its process and its people (the claims are the home page's)."),
    team: z
      .strictObject({
        title: Localized.describe('Section heading ("The people who make your work").'),
        intro: Localized.optional().describe('Optional sentence under the heading.'),
        members: z
          .array(
            z.strictObject({
              name: z.string().trim().min(1).describe('The name, as the person agreed to be shown.'),
              role: Localized.describe('What they do in the lab ("Dental technician, ceramics").'),
              portrait: Photo.optional().describe('Their photograph (shows: person, with their consent); their initial stands in until it is given.'),
            }),
          )
          .min(1)
          .describe('The team members, in order.'),
      })
      .optional()
      .describe('The people of the lab, with their portraits: a lab fact, shown only once the lab gives it.'),
    cta: CtaSection,
  })
  .describe('The about page (content/pages/about.yaml).');

/** Services overview: category cards, the materials, call to action. */
export const ServicesPage = z
  .strictObject({
    id: pageId('services'),
    ...pageBase,
    hero: photoHero,
    categories: z
      .strictObject({
        title: Localized,
        intro: Localized.optional(),
        services: z.array(Slug).min(1).describe('Slugs of the category pages shown as cards, in order.'),
      })
      .describe('The category cards.'),
    whyChooseUs: FeatureSection.describe("The materials the lab works with, each linked to its service (the claims are the home page's)."),
    cta: CtaSection,
  })
  .describe('The services overview (content/pages/services.yaml).');

/** Marketing services for clinics: offers, packages, additional services. */
export const MarketingPage = z
  .strictObject({
    id: pageId('marketing-services'),
    ...pageBase,
    hero: photoHero,
    intro: TextBlock.describe('Introduction under the hero.'),
    offers: FeatureSection.describe('What we offer.'),
    packages: z
      .strictObject({
        title: Localized,
        intro: Localized.optional(),
        items: z
          .array(
            z.strictObject({
              name: Localized.describe('Package name.'),
              description: Localized.describe('Who the package is for.'),
              features: LocalizedList.describe('What the package includes.'),
            }),
          )
          .min(1)
          .describe('The packages, numbered in this order; no prices.'),
      })
      .describe('The packages.'),
    additional: FeatureSection.describe('Additional services.'),
    terms: TextBlock.describe('How the services are billed (decision 31): at market rates, separately from laboratory work, with no discount or favour tied to orders; shown under the packages.'),
    cta: CtaSection,
  })
  .describe('Marketing services (content/pages/marketing-services.yaml).');

/**
 * The labels of the section about the lab's clinical prosthetic technician (KPT), shown only when site settings
 * hold "clinical" (decision 29): its text, the complaints procedure and the disputes body come from there.
 */
const ClinicalSection = z
  .strictObject({
    title: Localized.describe('The heading, e.g. "Our clinical prosthetic technician (KPT)".'),
    complaintsTitle: Localized.describe('The heading above the complaints procedure, e.g. "Complaints".'),
    disputes: Localized.describe('The words before the disputes body\'s name, e.g. "Disputes body:".'),
    example: Localized.describe('The mark a preview shows while "clinical" is still an example, e.g. "Example".'),
    exampleText: Localized.describe('What the mark means, for its tooltip and screen readers, e.g. "not yet confirmed by the lab".'),
  })
  .describe('The section on the lab\'s KPT, from site settings "clinical"; without it, the page shows none.');

/** Appointment booking: form, information panel and lab-visit card. */
export const AppointmentPage = z
  .strictObject({
    id: pageId('appointment'),
    ...pageBase,
    hero: photoHero,
    form: FormIntro,
    info: z
      .strictObject({
        title: Localized.describe('Heading of the information panel.'),
        booking: TextBlock.describe('How booking works.'),
        expect: z.strictObject({ title: Localized, items: LocalizedList }).describe('What to expect after sending.'),
        hoursTitle: Localized.describe('Heading above the opening hours (from site settings).'),
        emergencyTitle: Localized.describe('Heading above the emergency note (from site settings).'),
        clinical: ClinicalSection,
      })
      .describe('The information panel beside the form.'),
    labVisit: z.strictObject({ title: Localized, text: Localized, cta: Cta }).describe('The card inviting a visit to the lab.'),
  })
  .describe('The appointment page (content/pages/appointment.yaml).');

/** A heading and its introduction. */
const Intro = z.strictObject({
  title: Localized.describe('The section heading.'),
  intro: Localized.describe('One or two sentences under the heading; `[label](/path)` links, `**bold**` and {facts} allowed.'),
});

/** For dentists: the order form first, then the lab's facts dentists choose it by and the MDR statement. */
export const ForDoctorsPage = z
  .strictObject({
    id: pageId('for-doctors'),
    ...pageBase,
    onThisPage: Localized.describe("The label of the list of links to the page's sections, under the hero."),
    example: z
      .strictObject({
        label: Localized.describe('The mark beside a section whose fact is still an example (a preview only), e.g. "Example".'),
        text: Localized.describe('What the mark means, for its tooltip and screen readers, e.g. "not yet confirmed by the lab".'),
      })
      .describe('The mark a preview puts beside each section that shows an example fact (site.yaml "placeholders").'),
    form: FormIntro,
    turnaround: Intro.extend({
      work: Localized.describe('The table\'s first column heading, e.g. "Work".'),
      days: Localized.describe('The table\'s second column heading, e.g. "Working days".'),
      dayOne: Localized.describe('One working day, after the number: "working day".'),
      dayMany: Localized.describe('More working days, after the number or range: "working days".'),
    }).describe('Turnaround per kind of work (#turnaround), from site settings "turnaround"; the intro comes before the table, the basis from site settings after it.'),
    pickup: Intro.extend({
      days: Localized.describe("Label of the courier's days."),
      to: Localized.describe('The word between the first and last of consecutive days: "to" ("Monday to Friday").'),
      round: Localized.describe("Label of the courier's hours."),
      sameDay: Localized.describe('Label of the time before which a pickup is collected the same day.'),
      sameDayText: Localized.describe('Its value, e.g. "Ask before {pickup.requestBefore}".'),
      area: Localized.describe('Label of the area the courier covers.'),
      request: Localized.describe("How to ask for a pickup: by phone, or with the order form's pickup choice."),
      call: Localized.describe('The label of the button that calls the lab.'),
    }).describe('Pickup and courier (#pickup), from site settings "pickup".'),
    scanners: Intro.extend({
      labId: Localized.describe('The label before the lab\'s ID in a scanner\'s portal, e.g. "Our lab ID".'),
      noId: Localized.describe('Shown instead of an ID for a scanner the site settings give none.'),
      items: z
        .array(
          z.strictObject({
            scanner: z.enum(scannerIds).describe('Which scanner: its lab ID is "scanners.<scanner>" in site settings.'),
            name: z.string().min(1).describe('The scanner\'s name as its maker writes it, e.g. "3Shape TRIOS".'),
            how: Localized.describe('How to send a case from it to the lab: where to connect, what to choose.'),
          }),
        )
        .min(1)
        .describe('The intraoral scanners, in order.'),
    }).describe('Intraoral scanners (#scanners).'),
    downloads: Intro.extend({
      werkbon: TextBlock.describe('The werkbon to download (site settings "downloads.werkbon").'),
      priceList: TextBlock.describe('The price list to download (site settings "downloads.priceList").'),
      button: Localized.describe('The download button\'s text, e.g. "Download (PDF)".'),
    }).describe('Downloads (#downloads).'),
    clinical: ClinicalSection,
    guarantee: z.strictObject({ title: Localized.describe('The section heading.') }).describe('The guarantee (#guarantee): its terms are site settings "guarantee" (decision 24).'),
    mdr: z
      .strictObject({
        title: Localized.describe('The section heading.'),
        intro: Localized.describe('What the statement is and why the lab issues it.'),
        items: LocalizedList.describe('What the statement holds (Annex XIII, section 1); {legalName} and other facts may be used.'),
        outro: Localized.describe('How long the lab keeps it, and how to get a copy.'),
      })
      .describe('The MDR statement for custom-made devices (#mdr).'),
  })
  .describe('The page for dentists (content/pages/for-doctors.yaml).');

/** Contact: form, contact card and click-to-load map. */
export const ContactPage = z
  .strictObject({
    id: pageId('contact'),
    ...pageBase,
    hero: photoHero,
    form: FormIntro,
    card: z.strictObject({ title: Localized }).describe('The contact card; its facts come from site settings.'),
    map: z.strictObject({ title: Localized, text: Localized }).describe('The "Lab Location" map placeholder.'),
  })
  .describe('The contact page (content/pages/contact.yaml).');

/** Blog list: hero and the article categories. */
export const BlogPage = z
  .strictObject({
    id: pageId('blog'),
    ...pageBase,
    categories: z
      .array(
        z.strictObject({
          id: z
            .string()
            .regex(/^[a-z]+(_[a-z]+)*$/, 'the key is the English name in lower case with underscores, e.g. "dental_implants"')
            .describe('The filter key, used in the URL and by articles.'),
          label: Localized.describe('The button text.'),
        }),
      )
      .min(1)
      .describe('The article categories, in the order of the filter buttons ("All" comes first by itself).'),
  })
  .describe('The blog list (content/pages/blog.yaml).');

/** Testimonials: the list and the submission form. */
export const TestimonialsPage = z
  .strictObject({
    id: pageId('testimonials'),
    ...pageBase,
    hero: photoHero,
    list: z.strictObject({ title: Localized, intro: Localized.optional() }).describe('Heading of the list.'),
    policy: z
      .strictObject({
        title: Localized.describe('The heading, e.g. "How we collect and check reviews".'),
        items: LocalizedList.describe('How reviews are collected, whether and how the lab checks that each comes from a client, and that critical ones are published too.'),
      })
      .describe('How reviews are collected and checked (decision 31: Dutch consumer law asks a page with reviews to say so), shown under the list.'),
    form: FormIntro,
  })
  .describe('The testimonials page (content/pages/testimonials.yaml).');

/** Privacy statement. */
export const PrivacyPage = z
  .strictObject({
    id: pageId('privacy'),
    ...pageBase,
    updated: z.iso.date('write the date as YYYY-MM-DD').describe('Date of the last change to the statement.'),
    body: RichText.describe("The statement; {retentionDays} and {email} in its text show the retention period and the lab's e-mail address from content/site.yaml."),
  })
  .describe('The privacy statement (content/pages/privacy.yaml).');

/** The search page: every page of the site by kind (services, articles, other pages), where the header's search leads without scripts. */
export const SearchPage = z
  .strictObject({
    id: pageId('search'),
    ...pageBase,
  })
  .describe("The search page (content/pages/search.yaml); its lists are made from the site's pages, each with its title and description.");

/** The not-found page; it has no path of its own. */
export const NotFoundPage = z
  .strictObject({
    id: pageId('not-found'),
    name: pageBase.name,
    seo: Seo,
    hero: Hero.describe('Heading, text, picture and the button home.'),
    ways: z
      .strictObject({
        title: Localized.describe('Heading above the links.'),
        links: z
          .array(z.strictObject({ label: Localized.describe('The link text.'), text: Localized.describe('One line on what the visitor finds there.'), href: Href }))
          .min(1)
          .max(4)
          .describe('The pages to go on to, in order.'),
      })
      .describe('Where a visitor can go on from here, besides home.'),
  })
  .describe('The not-found page (content/pages/not-found.yaml).');

/** Each registered kind's schema (schemas/page-kinds.ts): a kind without one, or a schema of another id, fails the typecheck. */
export const pageSchemas = {
  home: HomePage,
  about: AboutPage,
  services: ServicesPage,
  'marketing-services': MarketingPage,
  appointment: AppointmentPage,
  'for-doctors': ForDoctorsPage,
  contact: ContactPage,
  blog: BlogPage,
  testimonials: TestimonialsPage,
  privacy: PrivacyPage,
  search: SearchPage,
  'not-found': NotFoundPage,
} satisfies { [K in PageKindId]: z.ZodType<{ id: K }> };

type PageSchema = (typeof pageSchemas)[PageKindId];

/** One page file in `content/pages/`; `id` picks which kind of page it is and must match the file name. */
export const Page = z.discriminatedUnion('id', Object.values(pageSchemas) as [PageSchema, ...PageSchema[]]);
export type Page = z.infer<typeof Page>;

/** The pages whose hero takes the lab's photograph (a release lists those still without one). */
export const photoPageIds: readonly string[] = Page.options.filter((o) => 'photo' in o.shape.hero.shape).map((o) => o.shape.id.value);
export type PageId = Page['id'];
