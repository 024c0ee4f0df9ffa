import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, notFound, type AnyRouteMatch } from '@tanstack/react-router';
import {
  articleSlugs, blogCategoryIds, pagePaths, serviceSlugs, serviceTemplates,
  type ArticleSlug, type BlogCategoryId, type ContentKey, type ServiceSlug,
} from '@generated/manifest.ts';
import { contentOverride } from './live-content.ts';
import type { Lang } from '../../schemas/common.ts';
import type { ShellContent, Template, TemplateContent } from '../shared/content-types.ts';
import { templates, templateUi } from './templates.ts';
import { ErrorMessage, ErrorScreen } from './error-screen.tsx';
import { labJsonLd, pageHead } from './head.ts';
import { Layout, RootDocument } from './root-document.tsx';
import { ServicePage } from './service-page.tsx';

/** Built files the page links to; the build fills them in, the dev server uses the sources. */
export interface Assets {
  styles: string[];
  /** Module scripts, each loaded with `<script type="module" src>`. */
  scripts: string[];
  /** JavaScript modules to fetch early, by template (the template's own chunk and its imports). */
  preloads: Partial<Record<Template | 'shell', string[]>>;
  /** Scripts only the dev server adds (Vite's client and React Refresh). */
  devScripts?: { type?: string; src?: string; children?: string }[];
}

export interface RouterContext {
  assets: Assets;
}

/** Loads one page's content; the keys come from the manifest, so every page exists. */
// The table of content imports is only needed to navigate (a first visit's data is in its HTML).
const manifestLoaders = () => import('@generated/loaders.ts');

async function loadContent<T extends Template>(key: string, lang: Lang): Promise<TemplateContent[T]> {
  const replaced = contentOverride(key, lang);
  if (replaced) return replaced as TemplateContent[T];
  const { contentLoaders } = await manifestLoaders();
  const loaders = contentLoaders as unknown as Record<string, Record<Lang, () => Promise<{ default: TemplateContent[T] }>>>;
  return (await loaders[key]![lang]()).default;
}

/** The interface strings a template needs beyond the shell's, merged into one lookup. */
async function loadUi(template: Template, lang: Lang): Promise<Record<string, string>> {
  const { uiLoaders } = await manifestLoaders();
  const groups = await Promise.all(
    templateUi[template].map(async (group) => (contentOverride(`ui/${group}`, lang) as Record<string, string> | undefined) ?? (await uiLoaders[group][lang]()).default),
  );
  return Object.assign({}, ...groups) as Record<string, string>;
}

/** What a page's loader returns: its template, content and the strings it needs. */
async function loadPage<T extends Template>(template: T, key: string, lang: Lang) {
  const [content, ui] = await Promise.all([loadContent<T>(key, lang), loadUi(template, lang), templates[template].preload?.()]);
  return { template, content, ui };
}

// Only a not-found page needs its views, so they load with it rather than with every page.
const notFoundViews = () => import('../templates/not-found.tsx');
const NotFoundPage = lazyRouteComponent(notFoundViews, 'NotFoundPage');
const ArticleNotFound = lazyRouteComponent(notFoundViews, 'ArticleNotFound');
/** The browser entry fetches them before it hydrates a not-found page (marked data-not-found). */
export const preloadNotFound = () => Promise.all([NotFoundPage.preload?.(), ArticleNotFound.preload?.()]);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  head: ({ matches }) => {
    const preloads = new Set<string>();
    for (const match of matches as AnyRouteMatch[]) {
      const template = (match.loaderData as { template?: Template } | undefined)?.template;
      if (template) for (const href of assets.preloads[template] ?? []) preloads.add(href);
    }
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#0F3D46' },
        { name: 'format-detection', content: 'telephone=no' },
      ],
      links: [
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        ...assets.styles.map((href) => ({ rel: 'stylesheet', href })),
        ...[...(assets.preloads.shell ?? []), ...preloads].map((href) => ({ rel: 'modulepreload', href })),
      ],
      scripts: [
        // Read by the browser entry, so the hydrated head names the same built files.
        { type: 'application/json', id: 'app-assets', children: JSON.stringify(assets).replace(/</g, '\\u003c') },
      ],
    };
  },
  scripts: () => [...(assets.devScripts ?? []), ...assets.scripts.map((src) => ({ type: 'module', src }))],
  component: RootDocument,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});

// The router reads the build's assets from its context; head() has no context, so it is kept here.
let assets: Assets = { styles: [], scripts: [], preloads: {} };

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
  loader: async ({ params }) => {
    const lang = langOf(params);
    const [shell, notFoundContent] = await Promise.all([
      (contentOverride('shell', lang) as ShellContent | undefined) ?? manifestLoaders().then((m) => m.shellLoaders[lang]()).then((m) => m.default),
      loadContent<'not-found'>('pages/not-found', lang),
    ]);
    return { lang, shell, notFound: notFoundContent, year: new Date().getFullYear() };
  },
  head: ({ loaderData }) => ({ scripts: loaderData ? [labJsonLd(loaderData.shell.site, loaderData.lang)] : [] }),
  component: Layout,
  notFoundComponent: NotFoundPage,
});

const langOf = (params: { lang?: 'nl' }): Lang => (params.lang === 'nl' ? 'nl' : 'en');

type ShellData = { lang: Lang; shell: ShellContent };
const rootData = (matches: AnyRouteMatch[]) => matches.find((m) => m.routeId === '/{-$lang}')?.loaderData as ShellData | undefined;

/** The head of a page from its content: title and description from its SEO fields. */
function headFor(matches: AnyRouteMatch[], path: string, content: { seo: { title: string; description: string }; hero?: { image?: TemplateContent['detail']['hero']['image'] } } | undefined, type: 'website' | 'article' = 'website') {
  const root = rootData(matches);
  if (!root || !content) return {};
  return pageHead({ site: root.shell.site, lang: root.lang, path, title: content.seo.title, description: content.seo.description, image: content.hero?.image, type });
}

type PageId = keyof typeof pagePaths;
/** A page's path below the language segment: `/about` -> `about`, the home page stays `/`. */
type ChildPath<P extends string> = P extends '/' ? '/' : P extends `/${infer R}` ? R : never;

const pageRoutes = (Object.keys(pagePaths) as PageId[]).filter((id): id is Exclude<PageId, 'blog'> => id !== 'blog').map((id) =>
  createRoute({
    getParentRoute: () => langRoute,
    path: (pagePaths[id] === '/' ? '/' : pagePaths[id].slice(1)) as ChildPath<(typeof pagePaths)[typeof id]>,
    loader: ({ params }) => loadPage(id, `pages/${id}`, langOf(params)),
    head: ({ loaderData, matches, match }) => headFor(matches, match.pathname.replace(/(.)\/$/, '$1'), loaderData?.content),
    component: templates[id],
  }),
);

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
  loader: ({ params }) => loadPage('blog', 'pages/blog', langOf(params)),
  head: ({ loaderData, matches, match }) => headFor(matches, match.pathname.replace(/(.)\/$/, '$1'), loaderData?.content),
  component: templates.blog,
});

const serviceRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'services/$slug',
  params: {
    parse: ({ slug }: { slug: string }) => ((serviceSlugs as readonly string[]).includes(slug) ? { slug: slug as ServiceSlug } : false),
    stringify: ({ slug }: { slug: ServiceSlug }) => ({ slug }),
  },
  loader: ({ params }) => loadPage(serviceTemplates[params.slug], `services/${params.slug}`, langOf(params)),
  head: ({ loaderData, matches, match }) => headFor(matches, match.pathname, loaderData?.content),
  component: ServicePage,
});

const articleRoute = createRoute({
  getParentRoute: () => langRoute,
  path: 'blog/$slug',
  // Any slug reaches the route, so an unknown one gets the article's own not-found message.
  params: {
    parse: ({ slug }: { slug: string }) => ({ slug: slug as ArticleSlug }),
    stringify: ({ slug }: { slug: ArticleSlug }) => ({ slug }),
  },
  loader: async ({ params }) => {
    if (!(articleSlugs as readonly string[]).includes(params.slug)) {
      console.warn(`404: no article ${params.slug}`);
      throw notFound();
    }
    return loadPage('article', `articles/${params.slug}` satisfies `articles/${string}` as ContentKey, langOf(params));
  },
  head: ({ loaderData, matches, match }) => headFor(matches, match.pathname, loaderData?.content, 'article'),
  component: templates.article,
  notFoundComponent: ArticleNotFound,
});

const routeTree = rootRoute.addChildren([langRoute.addChildren([...pageRoutes, blogRoute, serviceRoute, articleRoute])]);

/** A router for one request (server) or the page (browser). */
export function createAppRouter(context: RouterContext) {
  assets = context.assets;
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // A page that fails shows the error where it would be, inside the layout.
    defaultErrorComponent: ErrorMessage,
    scrollRestoration: false,
    defaultStructuralSharing: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
