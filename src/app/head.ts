import type { Lang } from '../../schemas/common.ts';
import type { ResolvedImage, ShellContent } from '../shared/content-types.ts';
import { localizePath, twinPath } from '../shared/paths.ts';

type Meta = { title?: string; name?: string; property?: string; content?: string; charSet?: string };
type LinkTag = { rel: string; href: string; hrefLang?: string; type?: string; title?: string };
type ScriptTag = { type: string; children: string };

/** The head of one page in one language: what search engines and link previews read. */
export interface PageHead {
  meta: Meta[];
  links: LinkTag[];
  scripts: ScriptTag[];
}

const ogLocale: Record<Lang, string> = { en: 'en_GB', nl: 'nl_NL' };

/** Serialises JSON for an inline script: `<` is escaped so no text can close the script early. */
export function jsonLd(data: unknown): ScriptTag {
  return { type: 'application/ld+json', children: JSON.stringify(data).replace(/</g, '\\u003c') };
}

/** Title, description, canonical, hreflang twins and Open Graph for a page. */
export function pageHead(options: {
  site: ShellContent['site'];
  lang: Lang;
  /** The page's path in this language. */
  path: string;
  title: string;
  description: string;
  /** The page's social image: a PNG the build renders, at a path of this site. */
  image?: ResolvedImage;
  type?: 'website' | 'article';
  /** Not-found pages are not indexed and have no canonical URL. */
  indexable?: boolean;
}): PageHead {
  const { site, lang, path, title, description, image, type = 'website', indexable = true } = options;
  const url = (p: string) => `${site.url}${p}`;
  const twin = twinPath(path);
  const en = lang === 'en' ? path : twin;
  const nl = lang === 'nl' ? path : twin;
  const meta: Meta[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: ogLocale[lang] },
    { property: 'og:locale:alternate', content: ogLocale[lang === 'en' ? 'nl' : 'en'] },
  ];
  const links: LinkTag[] = [];
  if (indexable) {
    meta.push({ property: 'og:url', content: url(path) });
    links.push(
      { rel: 'canonical', href: url(path) },
      { rel: 'alternate', hrefLang: 'en', href: url(en) },
      { rel: 'alternate', hrefLang: 'nl', href: url(nl) },
      { rel: 'alternate', hrefLang: 'x-default', href: url(en) },
    );
  } else {
    meta.push({ name: 'robots', content: 'noindex' });
  }
  if (image) {
    const src = url(image.src);
    meta.push(
      { property: 'og:image', content: src },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:image', content: src },
      { name: 'twitter:image:alt', content: image.alt },
    );
  }
  return { meta, links, scripts: [] };
}

const dayUrl = (day: string) => `https://schema.org/${day.charAt(0).toUpperCase()}${day.slice(1)}`;

/** Structured data for the lab, from site settings: what search engines show as the business. */
export function labJsonLd(site: ShellContent['site'], lang: Lang): ScriptTag {
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'MedicalBusiness',
    '@id': `${site.url}/#lab`,
    name: site.name,
    legalName: site.legalName,
    description: site.tagline,
    url: `${site.url}${localizePath('/', lang)}`,
    telephone: site.phone.e164,
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressCountry: site.address.country,
    },
    openingHoursSpecification: site.openingHours.filter((d) => d.opens && d.closes).map((d) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: dayUrl(d.day), opens: d.opens, closes: d.closes })),
    identifier: [{ '@type': 'PropertyValue', propertyID: 'KvK', value: site.kvk }],
    vatID: site.vat,
    ...(site.social.length ? { sameAs: site.social.map((s) => s.url) } : {}),
    knowsLanguage: ['en', 'nl'],
  });
}
