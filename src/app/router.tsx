import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  createSerializationAdapter,
  lazyRouteComponent,
  notFound,
  type AnyRouteMatch,
  type AsyncRouteComponent,
  type RegisteredRouter,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ArticleSlug, BlogCategoryId, Loader, PageId, ServiceSlug } from '@generated/manifest.ts';
import { blogCategoryIds, pagePaths } from '@generated/manifest.ts';
import type { Lang } from '../../schemas/common.ts';
import { routedPageKinds, type RoutedPageKind } from '../../schemas/page-kinds.ts';
import { PageStrings } from '../lib/i18n.tsx';
import type { ResolvedImage, ServiceTemplate, ShellContent, TemplateContent, TemplateProps } from '../shared/content-types.ts';
import { ErrorMessage, ErrorScreen } from './error-screen.tsx';
import { labJsonLd, pageHead } from './head.ts';
import { pageDataFile } from '../shared/paths.ts';
import { contentOverride } from './live-content.ts';
import { Layout, RootDocument } from './root-document.tsx';
import { templates, templateUi, type RoutedTemplate } from './templates.ts';

/** Built files the page links to; the build fills them in, the dev server uses the sources. */
export interface Assets {
  styles: string[];
  /** Module scripts, each loaded with `<script type="module" src>`: the build's is boot.ts alone. */
  scripts: string[];
  /**
   * The app's entry module (entry-client.tsx), which boot.ts imports once the page has painted; the build
   * writes beside it, in each page, the files that page's app is made of (`#app-files`), to fetch at once.
   */
  app?: string;
  /**
   * Where the build wrote each page's data (`<data><path>.json`) and each language's shell (`<data>shell.<lang>.json`),
   * which the browser fetches to show another page; a folder named after what the data were made from.
   */
  data?: string;
  /** Where the build wrote the search index (Pagefind's `pagefind.js` and its files), which the search dialog loads when it opens. */
  search?: string;
  /** Scripts only the dev server adds (Vite's client and React Refresh). */
  devScripts?: { type?: string; src?: string; children?: string }[];
}

export interface RouterContext {
  assets: Assets;
  /**
   * In the browser, the path (as the router reads it) of a document the server answered as not found: its
   * route decides so at once on hydrating, as the server rendered it, without a list of the site's pages.
   */
  missing?: string;
}

/**
 * Where a page's content comes from. The server (and the dev server's browser side, which follows content
 * edits) imports it from the generated table of content modules. A built browser app carries no table: it
 * fetches the one page's data the build wrote for it (the same data the server rendered the page from), so
 * neither its first load nor a navigation grows with the number of pages.
 */
const fromTable = import.meta.env.SSR || import.meta.hot !== undefined;

// The table of content imports, where fromTable: never in a built browser app (a first visit's data is in its HTML).
const manifestLoaders = () => import('@generated/loaders.ts');

/**
 * A built page carries its data once, as HTML: the router's data for hydrating names the build's data files
 * instead of repeating them (a third of a page's bytes, which pushed the largest pages past the network's
 * first round trip). The server marks a loader's data with its file (and the few values the file leaves out);
 * the page lists its files (`#app-data`), which the browser entry fetches before it hydrates (withPageData),
 * and the router's data is put back together from them. The dev server, which writes no files, marks nothing.
 */
type FileRef = { file: string; rest: Record<string, string | number> };
const fileOf = new WeakMap<object, FileRef>();
let fetchedFiles: ReadonlyMap<string, unknown> = new Map();

/** On the server of a build, marks a loader's data as the content of the build's data file `file` plus `rest`. */
function fromFile<T extends object>(context: RouterContext, file: string, data: T, rest: FileRef['rest'] = {}): T {
  if (import.meta.env.SSR && context.assets.data !== undefined) fileOf.set(data, { file, rest });
  return data;
}

/** A page route's data, marked as its page's data file (on the server: the browser marks nothing). */
const pageFromFile = <T extends object>(context: RouterContext, path: string, data: Promise<T>): Promise<T> =>
  import.meta.env.SSR ? data.then((page) => fromFile(context, pageDataFile(path), page)) : data;

const dataFiles = createSerializationAdapter({
  key: 'data-file',
  test: (value): value is object => import.meta.env.SSR && fileOf.has(value as object),
  toSerializable: (value: object): FileRef => fileOf.get(value)!,
  fromSerializable: ({ file, rest }: FileRef): object => {
    if (!fetchedFiles.has(file)) throw new Error(`${file} not fetched`);
    return { ...(fetchedFiles.get(file) as object), ...rest };
  },
});

/** In the browser, before hydrating: the data files the page lists, by name, as fetched. */
export function withPageData(files: ReadonlyMap<string, unknown>): void {
  fetchedFiles = files;
}

/** One data file of the build; a page the build did not write is not found. */
export async function fetchData<T>(assets: Assets, file: string): Promise<T> {
  const response = await fetch(`${assets.data ?? '/'}${file}`);
  if (response.status === 404) throw notFound();
  if (!response.ok) throw new Error(`${file}: ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

/** A page's data as the build wrote it, with its template's code fetched alongside (a service page's once its data name it). */
async function fetchPage<T extends PageData<RoutedTemplate>>(context: RouterContext, path: string, template?: T['template']): Promise<T> {
  const [data] = await Promise.all([fetchData<T>(context.assets, pageDataFile(path)), template && templates[template].preload?.()]);
  if (!template) await templates[data.template].preload?.();
  return data;
}

/** In the browser, a path the server answered as not found is not found: decided before anything is awaited, so it hydrates as rendered. */
function refuseMissing(context: RouterContext, path: string): void {
  if (context.missing !== undefined && context.missing === path) throw notFound();
}

/** One module of content in one language, or the dev server's fresher copy of it. */
async function load<T>(key: string, loader: Loader<T>, lang: Lang): Promise<T> {
  // In the dev server a content change replaces the module; the check has validated the new one.
  return (contentOverride(key, lang) as T | undefined) ?? (await loader[lang]()).default;
}

/** The interface strings a template needs beyond the shell's, merged into one lookup. */
async function loadUi(template: RoutedTemplate, lang: Lang): Promise<Record<string, string>> {
  const { uiLoaders } = await manifestLoaders();
  const groups = await Promise.all(templateUi[template].map((group) => load(`ui/${group}`, uiLoaders[group], lang)));
  return Object.assign({}, ...groups) as Record<string, string>;
}

/** What a page's loader returns: its template, its content and the strings it needs (the build writes it as the page's data file). */
export interface PageData<T extends RoutedTemplate> {
  template: T;
  content: TemplateContent[T];
  ui: Record<string, string>;
}

/** One page's data: its content and the strings its template needs, with the template's code fetched alongside. */
async function loadPage<T extends RoutedTemplate>(template: T, key: string, loader: Loader<TemplateContent[T]>, lang: Lang): Promise<PageData<T>> {
  const [content, ui] = await Promise.all([load(key, loader, lang), loadUi(template, lang), templates[template].preload?.()]);
  return { template, content, ui };
}

/** A page with a path of its own: the template is the page's id. */
async function loadOwnPage<Id extends PageId & RoutedTemplate>(id: Id, lang: Lang): Promise<PageData<Id>> {
  const loader: Loader<TemplateContent[Id]> = (await manifestLoaders()).pageLoaders[id];
  return loadPage(id, `pages/${id}`, loader, lang);
}

/** A service page's data: one of the service templates with its own content. */
type ServicePageData = { [K in ServiceTemplate]: PageData<K> }[ServiceTemplate];

async function loadService(slug: ServiceSlug, lang: Lang): Promise<ServicePageData> {
  const { serviceLoaders } = await manifestLoaders();
  // The server logs the missing path; the visitor's console stays clean.
  if (!Object.hasOwn(serviceLoaders, slug)) throw notFound();
  const entry = serviceLoaders[slug];
  const key = `services/${slug}`;
  // Each kind of service has its own template and content.
  switch (entry.template) {
    case 'category':
      return loadPage(entry.template, key, entry.content, lang);
    case 'detail':
      return loadPage(entry.template, key, entry.content, lang);
    case 'allon4':
      return loadPage(entry.template, key, entry.content, lang);
  }
}

async function loadArticle(slug: ArticleSlug, lang: Lang): Promise<PageData<'article'>> {
  const { articleLoaders } = await manifestLoaders();
  // The server logs the missing path; the visitor's console stays clean.
  if (!Object.hasOwn(articleLoaders, slug)) throw notFound();
  return loadPage('article', `articles/${slug}`, articleLoaders[slug], lang);
}

/** Renders a template with its content, under the strings its page loaded. */
function Page<T extends RoutedTemplate>({ data }: { data: PageData<T> }): ReactNode {
  const Template: AsyncRouteComponent<TemplateProps<T>> = templates[data.template];
  return (
    <PageStrings strings={data.ui}>
      <Template content={data.content} />
    </PageStrings>
  );
}

// Only a not-found page needs its views, so they load with it rather than with every page.
const notFoundViews = () => import('../templates/not-found.tsx');
const PageNotFound = lazyRouteComponent(notFoundViews, 'PageNotFound');
const ArticleNotFound = lazyRouteComponent(notFoundViews, 'ArticleNotFound');
/** The browser entry fetches them before it hydrates a not-found page (marked data-not-found). */
export const preloadNotFound = () => Promise.all([PageNotFound.preload?.(), ArticleNotFound.preload?.()]);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#0F3D46' },
      { name: 'format-detection', content: 'telephone=no' },
    ],
    // No module preloads: the app's files are asked for once the page has painted (boot.ts).
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }, ...assets.styles.map((href) => ({ rel: 'stylesheet', href }))],
    scripts: [
      // Read by boot.ts (the app's entry) and the browser entry (so the hydrated head names the same built files).
      { type: 'application/json', id: 'app-assets', children: JSON.stringify(assets).replace(/</g, '\\u003c') },
    ],
  }),
  // At low priority: boot.ts waits for the first paint anyway, so its file need not compete with the stylesheet
  // and the typeface for the line. Fetched at the High priority module scripts get, Lighthouse's simulation
  // counts it as blocking the first paint, which it never does (Speed Index about 1.3x the no-script twin's).
  scripts: () => [...(assets.devScripts ?? []), ...assets.scripts.map((src) => ({ type: 'module', src, fetchPriority: 'low' as const }))],
  component: RootDocument,
  notFoundComponent: PageNotFound,
  errorComponent: ErrorScreen,
});

// The router reads the build's assets from its context; head() has no context, so it is kept here.
let assets: Assets = { styles: [], scripts: [] };

const langOf = (params: { lang?: 'nl' }): Lang => (params.lang === 'nl' ? 'nl' : 'en');

/**
 * `/{-$lang}`: no segment is English, `nl` is Dutch, any other first segment is not this route.
 * It loads the shell (strings, navigation, site settings) of its language, so switching language
 * loads the other one, and it shows the not-found page, in the layout, for paths below it.
 */
const langRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '{-$lang}',
  params: {
    parse: ({ lang }: { lang?: string }): { lang?: 'nl' } | false => (lang === undefined ? {} : lang === 'nl' ? { lang } : false),
    stringify: ({ lang }: { lang?: 'nl' }) => ({ lang }),
  },
  loader: async ({ params, context }) => {
    const lang = langOf(params);
    const file = `shell.${lang}.json`;
    const year = new Date().getFullYear();
    return fromFile(context, file, { lang, ...(await (fromTable ? loadShell(lang) : fetchData<ShellAndNotFound>(context.assets, file))), year }, { lang, year });
  },
  // The shell changes with the language only (a new match); a content edit in the dev server invalidates it.
  staleTime: Infinity,
  head: ({ loaderData }) => ({ scripts: loaderData ? [labJsonLd(loaderData.shell.site, loaderData.lang)] : [] }),
  component: Layout,
  notFoundComponent: PageNotFound,
});

/** A language's shell and not-found page: the language route's data, which the build also writes as `shell.<lang>.json`. */
export interface ShellAndNotFound {
  shell: ShellContent;
  notFound: TemplateContent['not-found'];
}

async function loadShell(lang: Lang): Promise<ShellAndNotFound> {
  const { shellLoaders, pageLoaders } = await manifestLoaders();
  const [shell, notFoundContent] = await Promise.all([load('shell', shellLoaders, lang), load('pages/not-found', pageLoaders['not-found'], lang)]);
  return { shell, notFound: notFoundContent };
}

type ShellData = { lang: Lang; shell: ShellContent };
const rootData = (matches: AnyRouteMatch[]) => matches.find((m) => m.routeId === '/{-$lang}')?.loaderData as ShellData | undefined;

/** The head of a page from its content: title and description from its SEO fields, and its social image. */
function headFor(matches: AnyRouteMatch[], path: string, content: { seo: { title: string; description: string }; social: ResolvedImage } | undefined, type: 'website' | 'article' = 'website') {
  const root = rootData(matches);
  if (!root || !content) return {};
  return pageHead({ site: root.shell.site, lang: root.lang, path: path.replace(/(.)\/$/, '$1'), title: content.seo.title, description: content.seo.description, image: content.social, type });
}

type PagePaths = typeof pagePaths;
/** A page's path below the language segment: `/about` -> `about`, the home page stays `/`. */
type ChildPath<P extends string> = P extends '/' ? '/' : P extends `/${infer R}` ? R : never;
const childPath = <P extends string>(path: P) => (path === '/' ? '/' : path.slice(1)) as ChildPath<P>;

/**
 * The route of a page kind with a path of its own (`route: 'page'` in schemas/page-kinds.ts); its template
 * has the same name, and its component reads the route's own loader data with the route's own (typed) API.
 */
function pageRoute<Id extends RoutedPageKind>(id: Id) {
  const route = createRoute({
    getParentRoute: () => langRoute,
    path: childPath(pagePaths[id]),
    loader: ({ params, context, location }) => pageFromFile(context, location.pathname, fromTable ? loadOwnPage(id, langOf(params)) : fetchPage<PageData<Id>>(context, location.pathname, id)),
    head: ({ loaderData, matches, match }) => headFor(matches, match.pathname, loaderData?.content),
    // Its loader gives PageData<Id>; within this generic function the router cannot look the route up by its id to say so.
    component: (): ReactNode => <Page data={route.useLoaderData<RegisteredRouter, PageData<Id>>()} />,
  });
  return route;
}

/** One route per page kind of the registry with a path of its own, each typed as its own. */
type PageRoutes = { [Id in RoutedPageKind]: ReturnType<typeof pageRoute<Id>> };
const pageRoutes = Object.fromEntries(routedPageKinds.map((id) => [id, pageRoute(id)])) as PageRoutes;

// Every page in content/pages/ with a path has its route: a page of a kind the registry gives no route of
// its own (other than the blog, written below) fails to compile here, naming it.
const everyPageRouted: Record<Exclude<keyof PagePaths, RoutedPageKind | 'blog'>, never> = {};
void everyPageRouted;

/** The blog list; its filter lives in the query (`?category=<key>&q=<text>`), unknown values fall back to All and no search. */
const blogRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'blog',
  validateSearch: ({ category, q }: Record<string, unknown>): { category?: BlogCategoryId; q?: string } => ({
    category: blogCategoryIds.find((id) => id === category),
    // A query that looks like a number arrives parsed as one.
    q: (typeof q === 'string' || typeof q === 'number') && q !== '' ? String(q) : undefined,
  }),
  // The content does not depend on the query: filtering or typing does not reload it.
  staleTime: Infinity,
  loader: ({ params, context, location }) =>
    pageFromFile(context, location.pathname, fromTable ? loadOwnPage('blog', langOf(params)) : fetchPage<PageData<'blog'>>(context, location.pathname, 'blog')),
  head: ({ loaderData, matches, match }) => headFor(matches, match.pathname, loaderData?.content),
  component: function BlogRoute(): ReactNode {
    return <Page data={blogRoute.useLoaderData()} />;
  },
});

const serviceRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'services/$slug',
  params: {
    // Any slug reaches the route and the loader answers an unknown one with the not-found page, so the
    // browser carries no list of the site's services (links are typed to the known slugs).
    parse: ({ slug }: { slug: string }) => ({ slug: slug as ServiceSlug }),
    stringify: ({ slug }: { slug: ServiceSlug }) => ({ slug }),
  },
  loader: ({ params, context, location }) => {
    refuseMissing(context, location.pathname);
    return pageFromFile(context, location.pathname, fromTable ? loadService(params.slug, langOf(params)) : fetchPage<ServicePageData>(context, location.pathname));
  },
  head: ({ loaderData, matches, match }) => headFor(matches, match.pathname, loaderData?.content),
  component: function ServiceRoute(): ReactNode {
    return <Page data={serviceRoute.useLoaderData()} />;
  },
});

const articleRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'blog/$slug',
  // Any slug reaches the route, so an unknown one gets the article's own not-found message; links are
  // typed to the known slugs.
  params: {
    parse: ({ slug }: { slug: string }) => ({ slug: slug as ArticleSlug }),
    stringify: ({ slug }: { slug: ArticleSlug }) => ({ slug }),
  },
  loader: ({ params, context, location }) => {
    // A prerendered not-found message hydrates as it was rendered: the browser decides before it awaits anything.
    refuseMissing(context, location.pathname);
    return pageFromFile(context, location.pathname, fromTable ? loadArticle(params.slug, langOf(params)) : fetchPage<PageData<'article'>>(context, location.pathname, 'article'));
  },
  head: ({ loaderData, matches, match }) => headFor(matches, match.pathname, loaderData?.content, 'article'),
  component: function ArticleRoute(): ReactNode {
    return <Page data={articleRoute.useLoaderData()} />;
  },
  notFoundComponent: ArticleNotFound,
});

const routeTree = rootRoute.addChildren([langRoute.addChildren({ ...pageRoutes, blogRoute, serviceRoute, articleRoute })]);

/** A router for one request (server) or the page (browser). */
export function createAppRouter(context: RouterContext) {
  assets = context.assets;
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // A page that fails shows the error where it would be, inside the layout.
    defaultErrorComponent: ErrorMessage,
    scrollRestoration: false,
    defaultStructuralSharing: true,
  });
  // Not among the constructor's options (TanStack Start sets it from its own config); both ends of the
  // router's hydration read it from the options.
  router.options.serializationAdapters = [dataFiles];
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
