/**
 * The development server: Vite with hot reload, rendering every page on the server as the build
 * does. A change under content/ is checked at once (errors in the browser overlay) and the open
 * page updates without a reload. The forms API runs in it as in production, with the same settings
 * (DATA_DIR, SMTP_URL, ...; see the README); its texts are read from content/ once, at start.
 * Usage: npm run dev   (PORT=5173 by default)
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import type { Assets } from '../src/app/router.tsx';
import { createLogger } from '../src/server/log.ts';
import { createApp, startForms } from '../src/server/server.ts';
import { readApiSettings, type ApiSettings } from '../src/server/settings.ts';
import { siteConfig } from '../vite.config.ts';
import { checkContent } from './content/check.ts';
import { formsSettings } from './content/forms-settings.ts';

/** In development the page loads the sources; Vite serves and transforms them (no list of files to fetch ahead). */
const devAssets: Assets = { styles: ['/src/styles.css'], scripts: ['/src/app/boot.ts'], app: '/src/app/entry-client.tsx' };

/**
 * Starts the dev server; `contentRoot` and `outDir` let tests use a fixture site. With `api` the forms
 * API answers under /api/, its texts and site facts made from the content as the build makes them.
 */
export async function startDevServer(options: {
  port: number;
  host?: string;
  contentRoot?: string;
  outDir?: string;
  api?: ApiSettings;
}): Promise<{ server: Server; vite: ViteDevServer; url: string }> {
  const config = siteConfig({ contentRoot: options.contentRoot, outDir: options.outDir });
  const vite = await createViteServer({ ...config, configFile: false, appType: 'custom', server: { middlewareMode: true }, logLevel: options.contentRoot ? 'silent' : 'info' });
  // Vite's client and React Refresh are rendered by the app itself, so server and browser agree on the head.
  const assets: Assets = { ...devAssets, devScripts: await viteScripts(vite) };
  let api: { app: ReturnType<typeof createApp>; close: () => Promise<void> } | undefined;
  if (options.api) {
    try {
      const forms = formsSettings(checkContent({ root: options.contentRoot ?? fileURLToPath(new URL('..', import.meta.url)) }).model);
      // The forms API as production runs it, on a Fastify instance that answers the /api/ requests passed to it.
      const started = startForms(forms, { ...options.api, logger: createLogger({ pretty: true, level: options.contentRoot ? 'silent' : 'info' }) });
      const app = createApp({ trustProxy: options.api.trustProxy });
      await started.register(app);
      await app.ready();
      api = { app, close: started.close };
    } catch (error) {
      // A content mistake shows in the overlay; the pages stay usable while the forms wait for the fix and a restart.
      vite.config.logger.error(`forms API off until the content is fixed and the dev server restarted: ${(error as Error).message}`);
    }
  }
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (api && req.url?.startsWith('/api/')) api.app.routing(req, res);
    else page(req, res);
  };
  const page = (req: IncomingMessage, res: ServerResponse) => {
    vite.middlewares(req, res, async () => {
      const url = req.url ?? '/';
      try {
        const { render } = (await vite.ssrLoadModule('/src/app/entry-server.tsx')) as { render: (request: Request, assets: Assets) => Promise<Response> };
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
  };
  const server = createHttpServer(handle);
  // The API sends "100 Continue" itself, only for a body it will read.
  server.on('checkContinue', (req, res) => {
    if (!req.url?.startsWith('/api/')) res.writeContinue();
    handle(req, res);
  });
  if (api) server.on('close', () => void api.close().then(() => api.app.close()));
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
  const api = readApiSettings();
  const { url, vite } = await startDevServer({ port: Number(process.env.PORT ?? 5173), api });
  vite.config.logger.info(`dev server on ${url}; forms API storing in ${api.dataDir}, mail ${api.smtpUrl ? 'over SMTP' : `as .eml files in ${api.dataDir}/mail`}`);
}
