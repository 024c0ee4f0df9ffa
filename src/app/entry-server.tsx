import { createMemoryHistory } from '@tanstack/react-router';
import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import { createAppRouter, type Assets } from './router.tsx';

/** Renders one request to a full HTML response (status 404 for a page that does not exist). */
export function render(request: Request, assets: Assets): Promise<Response> {
  return renderPage(request, assets).then(({ response }) => response);
}

/** What the build keeps of a rendered page besides its HTML: the data its routes rendered it from. */
export interface RenderedData {
  /** The page's own route's data (template, content and strings), which the browser fetches to show the page after another; none for a not-found page. */
  page?: unknown;
  /** The language route's data (the shell and the not-found page's content), without the year it adds. */
  shell?: unknown;
}

/** Renders one request, and hands back the data its routes loaded, for the build to write beside the page. */
export async function renderPage(request: Request, assets: Assets): Promise<{ response: Response; data: RenderedData }> {
  let router: ReturnType<typeof createAppRouter> | undefined;
  const handler = createRequestHandler({ request, createRouter: () => (router = createAppRouter({ assets })) });
  const response = await handler((context) => defaultRenderHandler(context));
  return { response, data: dataOf(router) };
}

/**
 * What a page is rendered from, without rendering it: every route's data for the path (the same loaders the
 * render runs) and the page's own and shell's data as renderPage hands them back. The page's HTML is a
 * function of the code, the build's files and this: the build renders a page again only when it changed.
 */
export async function loadPage(path: string, assets: Assets): Promise<{ inputs: unknown[]; data: RenderedData }> {
  const router = createAppRouter({ assets });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const inputs = router.state.matches.map((m) => ({ route: m.routeId, status: m.status, data: m.loaderData, error: m.error instanceof Error ? m.error.message : JSON.stringify(m.error) }));
  return { inputs, data: dataOf(router) };
}

function dataOf(router: ReturnType<typeof createAppRouter> | undefined): RenderedData {
  const data: RenderedData = {};
  for (const match of router?.state.matches ?? []) {
    if (match.status !== 'success') continue;
    if (match.routeId === '/{-$lang}') {
      const { lang: _lang, year: _year, ...shell } = match.loaderData as { lang: unknown; year: unknown };
      data.shell = shell;
    } else if (match.routeId !== '__root__') data.page = match.loaderData;
  }
  return data;
}
