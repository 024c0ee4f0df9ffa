/** What a check run reads and keeps: its options, the model of the content it accepted, and the facts the cross-file rules need. */
import { Article, Glossary, Navigation, Page, Redirects, Service, SiteSettings, Testimonial, UiDictionary, type Page as PageData, type Service as ServiceData } from '../../../schemas/index.ts';
import { sectionAnchors, shellAnchors, siteAnchors } from '../../../src/shared/anchors.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { PathSegment, SourceFile } from '../source.ts';

/** Where the check reads from; every path is absolute. */
export interface CheckOptions {
  /** The project root; file names in messages are relative to it. */
  root: string;
  /** Defaults to `<root>/content`. */
  contentDir?: string;
  /** Defaults to `<root>/src/assets/images`. */
  imagesDir?: string;
  /** Defaults to `<root>/src/assets/videos`. */
  videosDir?: string;
  /**
   * The files served as they are, where the lab's downloads (`downloads` in site.yaml) must be: defaults to
   * `<root>/src/public`. A root without it (a bare content folder) gets no download check.
   */
  publicDir?: string;
  /**
   * The code whose interface strings `ui.yaml` must hold: defaults to the `.ts` and `.tsx` files under
   * `<root>/src`, `<root>/schemas` and `<root>/scripts`. A root without code (a bare content folder) gets no
   * interface-string check.
   */
  codeDirs?: string[];
  /**
   * Check for a release (`npm run build -- --release`): a fact listed under `placeholders` in site.yaml is an
   * error at its place, instead of the preview's note.
   */
  release?: boolean;
  /**
   * Keep every validated file in the model (needed to write the manifest). Without it, services,
   * articles and testimonials are checked as they are read and only their facts are kept, so a large
   * site is checked without holding all of it in memory.
   */
  retain?: boolean;
}

/** A validated file together with its source, for pointing at nodes. */
export interface Entry<T> {
  source: SourceFile;
  /** The validated data; for services, articles and testimonials only while `retain` is set. */
  data: T;
}

/** Everything the check read and accepted; invalid files are left out. */
export interface ContentModel {
  site?: Entry<SiteSettings>;
  navigation?: Entry<Navigation>;
  ui?: Entry<UiDictionary>;
  redirects: Entry<Redirects>[];
  pages: Map<string, Entry<PageData>>;
  services: Map<string, Entry<ServiceData>>;
  articles: Map<string, Entry<Article>>;
  testimonials: Map<string, Entry<Testimonial>>;
  /** Width and height of every image the content uses, by its path in the images folder. */
  images: Map<string, { width: number; height: number }>;
}

/** The result of one check run. */
export interface CheckResult {
  diagnostics: Diagnostic[];
  model: ContentModel;
  /** How many content files were read. */
  files: number;
}

/** Page ids that must each have a file in content/pages/. */
export const requiredPages = Page.options.map((o) => o.shape.id.value);

/** The folders of content/: one file per entry, named by its slug or id. */
export const collections = {
  pages: { schema: Page, key: 'id' },
  services: { schema: Service, key: 'slug' },
  articles: { schema: Article, key: 'slug' },
  testimonials: { schema: Testimonial, key: 'id' },
} as const;
export type CollectionName = keyof typeof collections;

/** The site-wide files at the top of content/. */
export const singles = {
  'glossary.yaml': { schema: Glossary, required: false },
  'site.yaml': { schema: SiteSettings, required: true },
  'navigation.yaml': { schema: Navigation, required: true },
  'ui.yaml': { schema: UiDictionary, required: true },
  'redirects.yaml': { schema: Redirects, required: false },
} as const;
export type SingleName = keyof typeof singles;

/** A file the check read: its validated data when it passed its schema, else its data as parsed. */
export interface Scanned {
  source: SourceFile;
  data: unknown;
  valid: boolean;
  collection: CollectionName | 'singles';
}

/** A link found in a file, checked once every page is known. */
export interface LinkFact {
  entry: Scanned;
  path: PathSegment[];
  href: string;
  /** English path of the page the link is on, for same-page anchors. */
  owner?: string;
  /** For a link inside a text: the text and where its `](` is, to point at the target when it is reported. */
  inText?: { value: string; at: number };
}

/** A reference from one file to another entry, checked once every file is read. */
export interface RefFact {
  entry: Scanned;
  path: PathSegment[];
  value: string;
  target: CollectionName | 'blog-categories';
  label: string;
  kinds?: ServiceData['kind'][];
}

/**
 * The anchors of every page, by its English path. A page keeps only the anchors its content adds; those every page
 * of its template has, and those the site settings add, are put with them when a link to the page is judged. A large
 * site's check holds a short list a page (most have none), not a set of twenty.
 */
export class PageAnchors {
  private readonly pages = new Map<string, { template: string; own: readonly string[]; all?: ReadonlySet<string> }>();
  private site?: Record<string, unknown>;

  /** Records a page's template and the anchors its content adds. */
  set(path: string, template: string, own: readonly string[]): void {
    this.pages.set(path, { template, own });
  }

  /** The site settings, whose facts add sections to a template's pages: given once every file is read, before any page's anchors are asked for. */
  useSite(site: Record<string, unknown> | undefined): void {
    this.site = site;
    for (const page of this.pages.values()) page.all = undefined;
  }

  /** Every anchor of a page: its template's, its content's, then the site settings'. */
  get(path: string): ReadonlySet<string> | undefined {
    const page = this.pages.get(path);
    if (!page) return undefined;
    page.all ??= new Set(this.list(page));
    return page.all;
  }

  /** Every anchor of every page, page by page. */
  every(): Set<string> {
    const all = new Set<string>();
    for (const page of this.pages.values()) for (const id of this.list(page)) all.add(id);
    return all;
  }

  private list(page: { template: string; own: readonly string[] }): string[] {
    return [...shellAnchors, ...sectionAnchors(page.template), ...page.own, ...siteAnchors(page.template, this.site)];
  }
}

/** What the cross-file checks need from each file. */
export interface Facts {
  links: LinkFact[];
  refs: RefFact[];
  /** The anchors of each page, by English path. */
  anchors: PageAnchors;
  serviceKinds: Map<string, ServiceData['kind']>;
  /** Every page file's path, valid or not, with its file. */
  pagePaths: { entry: Scanned; path: string }[];
  /** Ids of the testimonials that are examples (`sample: true`). */
  samples: string[];
  /** Pages that show an illustration where the lab's photograph belongs, with the field it belongs in. */
  photoless: { entry: Scanned; path: PathSegment[]; what: string }[];
  /** The ids of the blog's categories (content/pages/blog.yaml, read whether or not it passed its schema). */
  blogCategories?: string[];
}

/** English paths of every page the content defines, mapped to what defines them. */
export function routePaths(model: ContentModel): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [id, { data }] of model.pages) if ('path' in data) paths.set(data.path, `page ${id}`);
  for (const slug of model.services.keys()) paths.set(`/services/${slug}`, `service ${slug}`);
  for (const slug of model.articles.keys()) paths.set(`/blog/${slug}`, `article ${slug}`);
  return paths;
}

/** The English path of every page, service and article with the file it comes from (what a release publishes). */
export function pageFiles(model: ContentModel): Map<string, string> {
  const files = new Map<string, string>();
  for (const { data, source } of model.pages.values()) if ('path' in data) files.set(data.path, source.file);
  for (const [slug, { source }] of model.services) files.set(`/services/${slug}`, source.file);
  for (const [slug, { source }] of model.articles) files.set(`/blog/${slug}`, source.file);
  return files;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
export const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A copy of a text that holds on to nothing else. A value the parser read is a slice of its file's text and
 * keeps all of it in memory while the value is kept: the facts kept to the end of the check would hold every
 * file's text, and the garbage collector would copy each of them, which made a large site's check slower.
 */
export function own(value: string): string {
  return ` ${value}`.slice(1);
}

/** The English path of the page a file defines, if it is a page (read from what parsed, valid or not). */
export function ownPath(data: unknown, collection: CollectionName | 'singles'): string | undefined {
  const d = record(data);
  if (collection === 'pages') return text(d.path) && own(text(d.path)!);
  if (collection === 'services' && text(d.slug)) return own(`/services/${text(d.slug)}`);
  if (collection === 'articles' && text(d.slug)) return own(`/blog/${text(d.slug)}`);
  return undefined;
}
