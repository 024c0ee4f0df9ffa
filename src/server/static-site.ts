import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { basename, extname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { langOfPath } from '../shared/paths.ts';
import { FileCache } from './file-cache.ts';
import { acceptedEncodings, matchesIfNoneMatch, parseRange, type ByteRange } from './negotiation.ts';
import { canonicalPath, encodePath, parseRequestPath } from './request-path.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';
import { loadSiteIndex } from './site-index.ts';

/** Where the build is: `distDir` holds `site.json` and the `client/` folder that is served. */
export interface SiteHandlerOptions {
  distDir: string;
  /** Told the path of every request answered with a not-found page, so missing pages show in the log. */
  onNotFound?: (path: string) => void;
}

/**
 * Answers a request from the build and resolves to true, or resolves to false when it leaves the request
 * to someone else (a method other than GET/HEAD on a path that is neither a page, a redirect nor a file).
 * `notFound` answers any request with the not-found page of its language.
 */
export type SiteHandler = ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) & {
  notFound: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
};

interface TypeInfo {
  type: string;
  /** Text the build precompresses to `<file>.br` and `<file>.gz`. */
  compressible: boolean;
}

const types: Record<string, TypeInfo> = {
  '.html': { type: 'text/html; charset=utf-8', compressible: true },
  '.js': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.css': { type: 'text/css; charset=utf-8', compressible: true },
  '.svg': { type: 'image/svg+xml', compressible: true },
  '.xml': { type: 'application/xml; charset=utf-8', compressible: true },
  '.atom': { type: 'application/atom+xml; charset=utf-8', compressible: true },
  '.rss': { type: 'application/rss+xml; charset=utf-8', compressible: true },
  '.txt': { type: 'text/plain; charset=utf-8', compressible: true },
  '.json': { type: 'application/json; charset=utf-8', compressible: true },
  '.webmanifest': { type: 'application/manifest+json; charset=utf-8', compressible: true },
  '.png': { type: 'image/png', compressible: false },
  '.jpg': { type: 'image/jpeg', compressible: false },
  '.jpeg': { type: 'image/jpeg', compressible: false },
  '.webp': { type: 'image/webp', compressible: false },
  '.avif': { type: 'image/avif', compressible: false },
  '.woff2': { type: 'font/woff2', compressible: false },
  '.ico': { type: 'image/x-icon', compressible: false },
  '.mp4': { type: 'video/mp4', compressible: false },
  '.webm': { type: 'video/webm', compressible: false },
};

/** The Content-Type the server sends for a file name, or undefined for a file it never serves. */
export function contentTypeFor(file: string): string | undefined {
  return types[extname(file).toLowerCase()]?.type;
}

const cacheControl = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  hour: 'public, max-age=3600',
} as const;
const readOnlyMethods = new Set(['GET', 'HEAD']);

type Route =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; file: string }
  | { kind: 'file'; file: string }
  | { kind: 'missing'; path: string };

/** How a file is sent: as a page (revalidated HTML), a static file, or an error page (no validators). */
interface Delivery {
  status: 200 | 404;
  cache: string;
  conditional: boolean;
}

/** Creates the request handler for the build in `options.distDir`; reads `site.json` now, and again when a build rewrites it. */
export function createSiteHandler(options: SiteHandlerOptions): SiteHandler {
  const clientDir = resolve(options.distDir, 'client');
  const siteFile = resolve(options.distDir, 'site.json');
  const read = () => {
    const site = loadSiteIndex(options.distDir);
    return {
      site,
      pages: new Map(Object.entries(site.pages)),
      redirects: new Map(site.redirects.map((r) => [r.from, r.to])),
      policies: new Map(Object.entries(site.csp).map(([file, hashes]) => [file, contentSecurityPolicy(hashes)])),
    };
  };
  let build = read();
  let builtAt = statSync(siteFile).mtimeMs;
  let checkedAt = Date.now();
  /**
   * The build's index, read again (at most once a second) when `npm run build` has rewritten it while the
   * server runs, so new pages and their CSP hashes match the files now on disk. A half-written or broken
   * index is skipped and tried again on a later request.
   */
  const current = () => {
    if (Date.now() - checkedAt < 1000) return build;
    checkedAt = Date.now();
    try {
      const mtime = statSync(siteFile).mtimeMs;
      if (mtime !== builtAt) {
        build = read();
        builtAt = mtime;
      }
    } catch {
      // Keep serving the build as it was.
    }
    return build;
  };
  const basePolicy = contentSecurityPolicy();
  const files = new FileCache();

  function inside(file: string): string {
    const absolute = resolve(clientDir, file);
    if (!absolute.startsWith(clientDir + sep)) throw new Error(`refusing to serve ${file}: outside ${clientDir}`);
    return absolute;
  }

  async function route(path: string, query: string): Promise<Route> {
    // "//host" would become a protocol-relative Location, so empty segments never redirect.
    if (path.includes('//')) return { kind: 'missing', path };
    const canonical = canonicalPath(path);
    const { redirects, pages } = current();
    const target = redirects.get(canonical);
    if (target !== undefined) return { kind: 'redirect', location: encodePath(target) + query };
    if (canonical !== path) return { kind: 'redirect', location: encodePath(canonical) + query };
    const page = pages.get(path);
    if (page !== undefined) return { kind: 'page', file: page };
    const name = basename(path);
    // Pages are served by their path and error pages only with a 404, never under their own file name.
    if (name === 'index.html' || name === '404.html' || contentTypeFor(name) === undefined) return { kind: 'missing', path };
    const file = path.slice(1);
    const stats = await stat(inside(file)).catch(() => undefined);
    return stats?.isFile() ? { kind: 'file', file } : { kind: 'missing', path };
  }

  function plain(res: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}): void {
    const body = `${text}\n`;
    res.writeHead(status, {
      ...securityHeaders(basePolicy),
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      ...extra,
    });
    res.end(body);
  }

  function fail(res: ServerResponse, error: unknown): void {
    console.error('[server]', error instanceof Error ? error.message : error);
    if (res.headersSent) res.destroy();
    else plain(res, 500, 'Internal Server Error');
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: string, delivery: Delivery): Promise<void> {
    const path = inside(file);
    const info = types[extname(path).toLowerCase()] ?? { type: 'application/octet-stream', compressible: false };
    const encodings = info.compressible ? acceptedEncodings(req.headers['accept-encoding']) : (['identity'] as const);
    const served = await files.get(path, encodings);
    const { encoding, size } = served;
    const headers: OutgoingHttpHeaders = {
      ...securityHeaders(extname(path) === '.html' ? (current().policies.get(file) ?? basePolicy) : basePolicy),
      'Cache-Control': delivery.cache,
    };
    if (info.compressible) headers['Vary'] = 'Accept-Encoding';
    if (delivery.conditional) {
      // One ETag per representation: the same page in br and in gzip are different bytes.
      headers['ETag'] = `"${served.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
      if (matchesIfNoneMatch(req.headers['if-none-match'], headers['ETag'])) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    headers['Content-Type'] = info.type;
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    let range: ByteRange | undefined;
    if (!info.compressible && delivery.status === 200) {
      // Safari plays video only from a server that answers byte ranges.
      headers['Accept-Ranges'] = 'bytes';
      const ifRange = req.headers['if-range'];
      const requested = ifRange === undefined || ifRange === headers['ETag'] ? parseRange(req.headers.range, size) : undefined;
      if (requested === 'unsatisfiable') {
        plain(res, 416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${size}` });
        return;
      }
      range = requested;
    }
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['Content-Length'] = range ? range.end - range.start + 1 : size;
    res.writeHead(range ? 206 : delivery.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const body = FileCache.stream(served, range);
    if (Buffer.isBuffer(body)) {
      res.end(body);
      return;
    }
    await pipeline(body, res).catch((error: unknown) => {
      // A visitor who leaves mid-download is not a server error.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    });
  }

  async function sendNotFound(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const lang = langOfPath(path);
    const article = /^\/(?:nl\/)?blog\/./.test(path);
    const { site } = current();
    const file = article ? site.articleNotFound[lang] : site.notFound[lang];
    options.onNotFound?.(path);
    await send(req, res, file, { status: 404, cache: cacheControl.revalidate, conditional: false });
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const target = parseRequestPath(req.url);
    if (!target.ok) {
      plain(res, 400, 'Bad Request');
      return true;
    }
    const found = await route(target.path, target.query);
    if (!readOnlyMethods.has(req.method ?? 'GET')) {
      if (found.kind === 'missing') return false;
      plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return true;
    }
    switch (found.kind) {
      case 'redirect':
        res.writeHead(301, {
          ...securityHeaders(basePolicy),
          Location: found.location,
          // Not forever: a redirect removed from content/ should stop applying within the hour.
          'Cache-Control': cacheControl.hour,
          'Content-Length': 0,
        });
        res.end();
        break;
      case 'page':
        await send(req, res, found.file, { status: 200, cache: cacheControl.revalidate, conditional: true });
        break;
      case 'file': {
        const cache = found.file.startsWith('assets/')
          ? cacheControl.immutable
          : extname(found.file) === '.html'
            ? cacheControl.revalidate
            : cacheControl.hour;
        await send(req, res, found.file, { status: 200, cache, conditional: true });
        break;
      }
      case 'missing':
        await sendNotFound(req, res, found.path);
        break;
    }
    return true;
  }

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    try {
      return await answer(req, res);
    } catch (error) {
      fail(res, error);
      return true;
    }
  };
  const notFound = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const target = parseRequestPath(req.url);
      await sendNotFound(req, res, target.ok ? target.path : '/');
    } catch (error) {
      fail(res, error);
    }
  };
  return Object.assign(handler, { notFound });
}
