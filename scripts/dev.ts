/**
 * The development server: Vite with hot reload, rendering every page on the server as the build
 * does. A change under content/ is checked at once (errors in the browser overlay) and the open
 * page updates without a reload.
 * Usage: npm run dev   (PORT=5173 by default)
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import type { Assets } from '../src/app/router.tsx';
import { siteConfig } from '../vite.config.ts';

/** In development the page loads the sources; Vite serves and transforms them. */
const devAssets: Assets = { styles: ['/src/styles.css'], scripts: ['/src/entry-client.tsx'], preloads: {} };

/** Starts the dev server; `contentRoot` and `outDir` let tests use a fixture site. */
export async function startDevServer(options: { port: number; host?: string; contentRoot?: string; outDir?: string }): Promise<{ server: Server; vite: ViteDevServer; url: string }> {
  const config = siteConfig({ contentRoot: options.contentRoot, outDir: options.outDir });
  const vite = await createViteServer({ ...config, configFile: false, appType: 'custom', server: { middlewareMode: true }, logLevel: options.contentRoot ? 'silent' : 'info' });
  // Vite's client and React Refresh are rendered by the app itself, so server and browser agree on the head.
  const assets: Assets = { ...devAssets, devScripts: await viteScripts(vite) };
  const server = createHttpServer((req, res) => {
    vite.middlewares(req, res, async () => {
      const url = req.url ?? '/';
      try {
        const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: (request: Request, assets: Assets) => Promise<Response> };
        const response = await render(new Request(`http://${req.headers.host ?? 'localhost'}${url}`), assets);
        const html = await response.text();
        res.writeHead(response.status, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(html);
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        console.error(error);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end((error as Error).stack ?? String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, vite, url: `http://localhost:${port}` };
}

/** The scripts Vite adds to a page in development (its client, React Refresh's preamble). */
async function viteScripts(vite: ViteDevServer): Promise<NonNullable<Assets['devScripts']>> {
  const html = await vite.transformIndexHtml('/', '<html><head></head><body></body></html>');
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
    type: /type="([^"]+)"/.exec(attributes!)?.[1] ?? 'module',
    ...(/src="([^"]+)"/.exec(attributes!) ? { src: /src="([^"]+)"/.exec(attributes!)![1] } : { children: body }),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const { url, vite } = await startDevServer({ port: Number(process.env.PORT ?? 5173) });
  vite.config.logger.info(`dev server on ${url}`);
}
