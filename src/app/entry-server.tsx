import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import { createAppRouter, type Assets } from './router.tsx';

/** Renders one request to a full HTML response (status 404 for a page that does not exist). */
export function render(request: Request, assets: Assets): Promise<Response> {
  const handler = createRequestHandler({ request, createRouter: () => createAppRouter({ assets }) });
  return handler((context) => defaultRenderHandler(context));
}
