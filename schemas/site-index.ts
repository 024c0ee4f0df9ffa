import { z } from 'zod';
import { Lang } from './common.ts';
import { OpeningDay } from './site.ts';

// The contract between `npm run build` and the server: `dist/site.json`. The build writes it with this
// type and the server reads it through this schema, so the two cannot drift apart.

/** A canonical site path as the build writes it: "/" or segments with no trailing slash. */
const SitePath = z.string().regex(/^\/(?:[^/?#\\\s]+(?:\/[^/?#\\\s]+)*)?$/, 'write a path such as "/about"');

/** A file under dist/client, relative to it; no ".." or "." segment, so it cannot point outside. */
const HtmlFile = z
  .string()
  .regex(/^(?!\/)(?:[^/\\]+\/)*[^/\\]+\.html$/, 'write an HTML file relative to dist/client, such as "about/index.html"')
  .refine((file) => file.split('/').every((segment) => segment !== '..' && segment !== '.'), 'must stay inside dist/client');

/** Only real hashes may reach script-src, so a bad build cannot slip 'unsafe-inline' into the policy. */
const CspHash = z.string().regex(/^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/, 'write a hash such as "sha256-AbC...="');

/** A third party a page may load when the visitor asks for it, whose sources the page's CSP then allows. */
export const Embed = z.enum(['chat']);
/** One of the embeds the server knows the sources of. */
export type Embed = z.infer<typeof Embed>;

const ByLanguage = z.object({ en: HtmlFile, nl: HtmlFile });

/** Interface strings by "group.key" (e.g. "apiErrors.invalid"), with {placeholders} still in them. */
const Messages = z.record(z.string().regex(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/), z.string());

/** What the forms API needs from the content, so the server never reads YAML or src/generated. */
export const FormsSettings = z.object({
  siteName: z.string().min(1).describe("The lab's name, for the From of its mails and the confirmation's signature."),
  siteUrl: z.url().describe('The public address of the site; a form posted from this origin is accepted.'),
  labEmail: z.email().describe("The lab's public address: the default recipient of notifications and the default From."),
  phone: z.string().min(1).describe("The lab's phone number as people read it, for the confirmation mail."),
  retentionDays: z.int().min(1).describe('Days after which submissions and uploads are deleted.'),
  openingHours: z.array(OpeningDay).length(7).describe('The opening hours, Monday to Sunday: an appointment must fall within them.'),
  messages: z.record(Lang, Messages).describe('The groups validation, apiErrors, appointmentServices, forms and mail, flattened.'),
});
/** The `forms` section of `dist/site.json`. */
export type FormsSettings = z.infer<typeof FormsSettings>;

/** The build's description of what it wrote (`dist/site.json`): pages, error pages, redirects, script hashes. */
export const SiteIndex = z.object({
  pages: z.record(SitePath, HtmlFile).describe('Each canonical path and its HTML file, relative to dist/client.'),
  notFound: ByLanguage.describe('The not-found page per language.'),
  articleNotFound: ByLanguage.describe('The not-found page for /blog/<slug> and /nl/blog/<slug>.'),
  redirects: z.array(z.object({ from: SitePath, to: SitePath })).describe('Permanent redirects, answered with 301.'),
  csp: z.record(HtmlFile, z.array(CspHash)).describe('Per HTML file, the CSP hashes of its inline scripts.'),
  embeds: z.record(HtmlFile, z.array(Embed)).default({}).describe('Per HTML file that offers one (the contact page with a chat configured), the third parties whose sources its CSP allows.'),
  kinds: z.record(z.string(), z.array(SitePath)).describe('One page of each kind (template) in each language, for measurements and tests.'),
  forms: FormsSettings.describe('Settings and texts of the forms API.'),
  release: z.boolean().describe('Built for release (`npm run build -- --release`): no placeholder, no sample, no preview banner.'),
});
/** The parsed `dist/site.json`. */
export type SiteIndex = z.infer<typeof SiteIndex>;
