/**
 * What TanStack Router's URL rewriting (router-core's dist/esm/rewrite.js) does for a router with neither a
 * basepath nor a `rewrite` option (src/app/router.tsx), which the browser build puts in its place (routerStandIns
 * in vite.config.ts): the two functions the router calls on every location, unchanged, without the basepath and
 * composed rewrites it never builds here (about 0.1 KB of every page's JavaScript). tests/unit/router-stand-ins.test.ts
 * holds it to the module's exports and to what its two functions do.
 */

type UrlRewrite = { input?: (options: { url: URL }) => URL | string | undefined; output?: (options: { url: URL }) => URL | string | undefined };

/** A basepath's rewrite, which a router without a basepath never asks for. */
export function rewriteBasepath(): never {
  throw new Error('router-rewrite.ts has no basepath rewrite');
}

/** Several rewrites as one, which a router without the `rewrite` option never asks for. */
export function composeRewrites(): never {
  throw new Error('router-rewrite.ts composes no rewrites');
}

/** The URL a location's input rewrite gives, as the router's module runs it (without a rewrite, the URL itself). */
export function executeRewriteInput(rewrite: UrlRewrite | undefined, url: URL): URL {
  const result = rewrite?.input?.({ url });
  if (typeof result === 'string' && result) return new URL(result);
  return result instanceof URL ? result : url;
}

/** The URL a location's output rewrite gives, as the router's module runs it (without a rewrite, the URL itself). */
export function executeRewriteOutput(rewrite: UrlRewrite | undefined, url: URL): URL {
  const result = rewrite?.output?.({ url });
  if (typeof result === 'string' && result) return new URL(result);
  return result instanceof URL ? result : url;
}
