import type {
  AllOn4Service,
  AppointmentPage,
  Article,
  BlogPage,
  CategoryService,
  DetailService,
  ForDoctorsPage,
  HomePage,
  NavGroup,
  Navigation,
  SearchPage,
  ServicesPage,
  Service,
  SiteSettings,
  Testimonial,
  TestimonialsPage,
} from '../../schemas/index.ts';
import type { pageSchemas } from '../../schemas/page.ts';
import type { PageKindId, pageKinds } from '../../schemas/page-kinds.ts';
import type { DentistFactKey } from '../../schemas/site.ts';
import type { z } from 'zod';
import type { BuiltPicture } from './photo-slots.ts';
import type { SearchKind } from './search.ts';

// The generated modules name the language type from here, with the content types.
export type { Lang } from '../../schemas/common.ts';

/**
 * Filled in by the generated manifest with every page path (`declare module`, as an app registers its
 * router with TanStack Router), so that this ground layer never imports what is generated above it.
 */
export interface Register {}

/** A page's path in either language (`/about`, `/nl/about`); any string until the manifest is generated. */
export type SitePath = Register extends { path: infer P extends string } ? P : string;

/** Where a link may go: a page (with or without an anchor), an anchor on the same page, or an https, mail or phone address. */
export type SiteHref = SitePath | `${SitePath}#${string}` | `#${string}` | `https://${string}` | `mailto:${string}` | `tel:${string}`;

/** An image as a page uses it: a URL, its intrinsic size and the alt text in the page's language. */
export interface ResolvedImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A photograph as a page uses it: its sources as the build made them (scripts/pictures.ts), the alt text
 * and the credit line ("Photo: …") in the page's language. Consent stays in the content: no page shows it.
 */
export interface ResolvedPhoto {
  picture: BuiltPicture;
  alt: string;
  credit: string;
}

/** A content type as one language sees it: texts become strings, images carry their size and photographs their crops. */
export type Localize<T> = T extends { en: string; nl: string }
  ? string
  : T extends { en: string[]; nl: string[] }
    ? string[]
    : T extends { src: string; alt: { en: string; nl: string }; credit: string }
      ? ResolvedPhoto
      : T extends { src: string; alt: { en: string; nl: string } }
        ? ResolvedImage
        : T extends readonly (infer U)[]
          ? Localize<U>[]
          : T extends object
            ? { [K in keyof T]: K extends 'href' ? SiteHref : Localize<T[K]> }
            : T;

type Out<T extends z.ZodType> = Localize<z.output<T>>;
/**
 * The content of a page with a path of its own: the generate step adds its social image (the 1200x630
 * PNG the build renders from its title and illustration at `socialImagePath`), which its head names.
 */
type Routed<T extends z.ZodType> = Out<T> & { social: ResolvedImage };

/** A service as a card in listings. */
export interface ServiceSummary {
  slug: string;
  href: SiteHref;
  name: string;
  description: string;
  image: ResolvedImage;
}

/** An article as a card in lists, feeds and "related articles". */
export interface ArticleSummary {
  slug: string;
  href: SiteHref;
  title: string;
  excerpt: string;
  /** ISO date. */
  date: string;
  category: { id: string; label: string };
  /** The article's tags, which the blog's search also reads. */
  tags: string[];
  image: ResolvedImage;
}

export type TestimonialContent = Out<typeof Testimonial>;

export type HomeContent = Omit<Routed<typeof HomePage>, 'featured' | 'testimonials' | 'news'> & {
  featured: Omit<Out<typeof HomePage>['featured'], 'services'> & { services: ServiceSummary[] };
  testimonials: Omit<Out<typeof HomePage>['testimonials'], 'items'> & { items: TestimonialContent[] };
  news: Omit<Out<typeof HomePage>['news'], 'count' | 'articles'> & { articles: ArticleSummary[] };
};
export type AboutContent = PageContent['about'];
export type ServicesContent = Omit<Routed<typeof ServicesPage>, 'categories'> & {
  categories: Omit<Out<typeof ServicesPage>['categories'], 'services'> & { services: ServiceSummary[] };
};
export type MarketingContent = PageContent['marketing-services'];
/** The lab's clinical role from site settings (decision 29), ready to show; absent when the lab has no KPT. */
export interface ClinicalFacts {
  example: boolean;
  kpt: string;
  complaints: string;
  disputesBody: { name: string; url: string };
}
/** The appointment page, with the lab's clinical role when site settings hold one. */
export type AppointmentContent = Routed<typeof AppointmentPage> & { clinicalFacts?: ClinicalFacts };
/** The lab's facts on the page for dentists, ready to show (the generate step writes them from site settings); each is absent when the lab does not give it, and `example` while it is still an example (decision 30). */
export interface DentistFacts {
  sections: { id: string; title: string }[];
  turnaround?: { example: boolean; basis: string; rows: { work: string; days: string }[] };
  pickup?: { example: boolean; rows: { label: string; value: string }[] };
  scanners?: { example: boolean; items: { name: string; how: string; label: string; id: string }[] };
  downloads?: { title: string; text: string; href: string; example: boolean; label: string }[];
  guarantee?: { example: boolean; text: string };
  clinical?: ClinicalFacts;
}
/** The page for dentists, with the lab's facts from site settings. */
export type ForDoctorsContent = Routed<typeof ForDoctorsPage> & { facts: DentistFacts };
export type ContactContent = PageContent['contact'];
export type BlogContent = Routed<typeof BlogPage> & { articles: ArticleSummary[] };
export type TestimonialsContent = Routed<typeof TestimonialsPage> & { testimonials: TestimonialContent[] };
export type PrivacyContent = PageContent['privacy'];
/** A page as the search page lists it: its title and description (its SEO fields) and where it is. */
export interface ListedPage {
  title: string;
  description: string;
  href: SiteHref;
}
/** The search page, with every other page of its language by kind (services, articles, the rest), each sorted by title. */
export type SearchContent = Routed<typeof SearchPage> & { groups: { kind: SearchKind; pages: ListedPage[] }[] };
export type NotFoundContent = PageContent['not-found'];

type Comparison = NonNullable<Routed<typeof CategoryService>['comparison']>;
/** A category's materials table, each row's material named by its page and linking there. */
export type ComparisonContent = Omit<Comparison, 'rows'> & { rows: (Omit<Comparison['rows'][number], 'service'> & { service: { name: string; href: SiteHref } })[] };
export type CategoryContent = Omit<Routed<typeof CategoryService>, 'items' | 'comparison'> & { items: ServiceSummary[]; comparison?: ComparisonContent };
export type DetailContent = Omit<Routed<typeof DetailService>, 'testimonials' | 'category'> & {
  testimonials: TestimonialContent[];
  category?: { slug: string; name: string; href: SiteHref };
};
export type AllOn4Content = Routed<typeof AllOn4Service>;
export type ArticleContent = Omit<Routed<typeof Article>, 'related' | 'category'> & {
  related: ArticleSummary[];
  category: { id: string; label: string };
};

/** A link in a menu with its label resolved and its path in the page's language. */
export interface ResolvedLink {
  href: SiteHref;
  label: string;
}
export interface ResolvedGroup {
  title: string;
  href?: SiteHref;
  links: ResolvedLink[];
}

/** What every page of one language needs: site settings, navigation and the interface strings. */
export interface ShellContent {
  /** A preview build: every page says that the lab's details and testimonials are examples. */
  preview: boolean;
  site: Localize<Omit<SiteSettings, DentistFactKey>>;
  navigation: {
    header: (ResolvedLink & { megaMenu: boolean })[];
    megaMenu: ResolvedGroup[];
    footer: { quickLinks: ResolvedGroup; dentists: ResolvedGroup; services: ResolvedGroup };
  };
  ui: Record<string, string>;
}

/**
 * The pages whose content the generate step makes more of than their schema (cards of services and
 * articles, the lab's facts from site settings); every other kind's content is its schema's, localized.
 */
interface PageContentBeyondSchema {
  home: HomeContent;
  services: ServicesContent;
  appointment: AppointmentContent;
  'for-doctors': ForDoctorsContent;
  blog: BlogContent;
  testimonials: TestimonialsContent;
  search: SearchContent;
}

/** A registered kind's content as its schema makes it, with its social image when it has a path. */
type SchemaContent<K extends PageKindId> = (typeof pageKinds)[K]['route'] extends 'none' ? Out<(typeof pageSchemas)[K]> : Routed<(typeof pageSchemas)[K]>;

/** The content of each kind of page in the registry (schemas/page-kinds.ts). */
export type PageContent = { [K in PageKindId]: K extends keyof PageContentBeyondSchema ? PageContentBeyondSchema[K] : SchemaContent<K> };

/** Content of each page template, by template name: the registry's page kinds, the service kinds and the article. */
export type TemplateContent = PageContent & {
  category: CategoryContent;
  detail: DetailContent;
  allon4: AllOn4Content;
  article: ArticleContent;
};
export type Template = keyof TemplateContent;
/** The templates of service pages: the service's `kind`. */
export type ServiceTemplate = z.output<typeof Service>['kind'];

export type { Navigation, NavGroup };

/** What a page template is given: the content of its page, in the page's language. */
export interface TemplateProps<T extends Template> {
  content: TemplateContent[T];
}
