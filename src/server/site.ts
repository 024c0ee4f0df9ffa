import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Embed, SiteIndex } from '../../schemas/site-index.ts';
import { langOfPath, twinPath } from '../shared/paths.ts';
import { canonicalPath, encodePath, parseRequestPath } from './request-path.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import type { Logger } from './log.ts';
import { loadSiteIndex } from './site-index.ts';

// The site's own part of serving the build: which path is a page, a redirect or a file, each page's
// Content-Security-Policy, and the not-found page of the visitor's language. Pages, the hot path, are
// sent from memory; every other file of the build goes through @fastify/static (precompressed
// siblings, ETag and 304, byte ranges).

/** Where the build is: `distDir` holds `site.json` and the `client/` folder that is served. */
export interface SiteOptions {
  distDir: string;
  /** Gets a line for every request answered with a not-found page (so missing pages show) and for a page that cannot be read. */
  logger: Logger;
}

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
  // The werkbon and the price list (src/public/downloads/).
  '.pdf': { type: 'application/pdf', compressible: false },
  // The search index's files (Pagefind's, under assets/search/): gzip already, which its script inflates itself.
  '.pagefind': { type: 'application/octet-stream', compressible: false },
  '.pf_meta': { type: 'application/octet-stream', compressible: false },
  '.pf_index': { type: 'application/octet-stream', compressible: false },
  '.pf_fragment': { type: 'application/octet-stream', compressible: false },
  '.pf_filter': { type: 'application/octet-stream', compressible: false },
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

/** A page file in one coding, kept in memory with its hash (the ETag's core). */
interface Kept {
  body: Buffer;
  hash: string;
  size: number;
  mtimeMs: number;
}

/**
 * The build's pages and not-found pages in memory. A request costs one `stat` of the file it sends,
 * which also notices a page rebuilt in place (size or time changed) and reads it anew.
 */
class PageFiles {
  private readonly kept = new Map<string, Kept | null>();

  constructor(private readonly clientDir: string) {}

  /** The file in the first coding the client takes that exists (identity last), or throws when the page itself cannot be read. */
  get(file: string, accept: string | undefined): { coding: 'br' | 'gzip' | undefined; page: Kept } {
    // The build writes .br and .gz beside every page; a coding whose file is missing falls back to the next.
    const tried = new Set<string>();
    for (;;) {
      const coding = negotiate(
        accept ?? '',
        ['br', 'gzip'].filter((c) => !tried.has(c)),
      ) as 'br' | 'gzip' | null;
      const page = this.read(join(this.clientDir, file) + (coding === 'br' ? '.br' : coding === 'gzip' ? '.gz' : ''), coding === null);
      if (page) return { coding: coding ?? undefined, page };
      tried.add(coding!);
    }
  }

  private read(path: string, required: boolean): Kept | null {
    let stats;
    try {
      stats = statSync(path);
    } catch (error) {
      if (required) throw error;
      return null;
    }
    const known = this.kept.get(path);
    if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) return known;
    const body = readFileSync(path);
    const page = { body, hash: createHash('sha256').update(body).digest('base64url'), size: stats.size, mtimeMs: stats.mtimeMs };
    this.kept.set(path, page);
    return page;
  }
}

/** The build's index, read again (at most once a second) when `npm run build` has rewritten it while the server runs. */
class BuildIndex {
  private site: SiteIndex;
  private builtAt: number;
  private checkedAt = Date.now();
  private file: string;
  pages!: Map<string, string>;
  redirects!: Map<string, string>;
  private hashes!: Map<string, readonly string[]>;
  private embeds!: Map<string, readonly Embed[]>;
  private policies = new Map<string, string>();

  constructor(private readonly distDir: string) {
    this.file = join(distDir, 'site.json');
    this.site = loadSiteIndex(distDir);
    this.builtAt = statSync(this.file).mtimeMs;
    this.index();
  }

  private index(): void {
    this.pages = new Map(Object.entries(this.site.pages));
    this.redirects = new Map(this.site.redirects.map((r) => [r.from, r.to]));
    this.hashes = new Map(Object.entries(this.site.csp));
    this.embeds = new Map(Object.entries(this.site.embeds));
    this.policies.clear();
  }

  /** The index as it is on disk now; a half-written or broken one is skipped and tried again later. */
  current(): this {
    if (Date.now() - this.checkedAt < 1000) return this;
    this.checkedAt = Date.now();
    try {
      const mtime = statSync(this.file).mtimeMs;
      if (mtime !== this.builtAt) {
        this.site = loadSiteIndex(this.distDir);
        this.builtAt = mtime;
        this.index();
      }
    } catch {
      // Keep serving the build as it was.
    }
    return this;
  }

  /** The policy of an HTML file: its inline scripts' hashes and its embeds' sources, made once per file and scheme. */
  policy(file: string, https: boolean): string {
    const key = `${https ? 's' : 'p'}${file}`;
    let policy = this.policies.get(key);
    if (policy === undefined) this.policies.set(key, (policy = contentSecurityPolicy(this.hashes.get(file) ?? [], https, this.embeds.get(file))));
    return policy;
  }

  notFoundFile(path: string): string {
    const pages = /^\/(?:nl\/)?blog\/./.test(path) ? this.site.articleNotFound : this.site.notFound;
    return pages[langOfPath(path)];
  }
}

/** The language switch's link on a prerendered not-found page: the other language of its stand-in path. */
const notFoundSwitch = /href="(?:\/nl)?(?:\/blog)?\/__not-found__"/g;

type Route = { kind: 'redirect'; location: string } | { kind: 'page'; file: string } | { kind: 'file'; file: string } | { kind: 'missing'; path: string };

/** The plain-text answer of a refusal or failure, with the security headers every response carries. */
function plain(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(`${text}\n`);
}

/**
 * Serves the build in `options.distDir`: pages from memory with the CSP of their inline scripts,
 * redirects, other files through @fastify/static, and the not-found page of the path's language.
 * Reads `site.json` now (throwing when it is missing or wrong), and again when a build rewrites it.
 */
export async function sitePlugin(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const clientDir = resolve(options.distDir, 'client');
  const build = new BuildIndex(options.distDir);
  const pages = new PageFiles(clientDir);
  /** The type of each file being sent by @fastify/static. */
  const files = new WeakMap<FastifyReply, TypeInfo>();

  await app.register(fastifyStatic, {
    root: clientDir,
    // Only the route below decides what is served; no index files, directory lists or slash redirects.
    serve: false,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    lastModified: false,
    dotfiles: 'deny',
  });

  function route(path: string, query: string): Route {
    // "//host" would become a protocol-relative Location, so empty segments never redirect.
    if (path.includes('//')) return { kind: 'missing', path };
    const canonical = canonicalPath(path);
    const { redirects, pages: known } = build.current();
    const target = redirects.get(canonical);
    if (target !== undefined) return { kind: 'redirect', location: encodePath(target) + query };
    if (canonical !== path) return { kind: 'redirect', location: encodePath(canonical) + query };
    const page = known.get(path);
    if (page !== undefined) return { kind: 'page', file: page };
    const name = path.slice(path.lastIndexOf('/') + 1);
    // Pages are served by their path and error pages only with a 404, never under their own file name.
    if (name === 'index.html' || name === '404.html' || contentTypeFor(name) === undefined) return { kind: 'missing', path };
    return { kind: 'file', file: path.slice(1) };
  }

  /** A page (or not-found page) from memory, in the best coding the client takes. */
  function sendPage(request: FastifyRequest, reply: FastifyReply, file: string, status: 200 | 404): FastifyReply {
    let sent;
    try {
      sent = pages.get(file, request.headers['accept-encoding']);
    } catch (error) {
      options.logger.error({ err: error, file }, 'a page of the build cannot be read');
      return plain(reply, 500, 'Internal Server Error');
    }
    const { coding, page } = sent;
    reply.code(status).header('content-security-policy', build.current().policy(file, request.https)).header('cache-control', cacheControl.revalidate).header('vary', 'Accept-Encoding');
    if (status === 200) {
      // One ETag per representation: the same page in br and in gzip are different bytes.
      const etag = `"${page.hash}${coding ? `-${coding}` : ''}"`;
      reply.header('etag', etag);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    }
    reply.header('content-type', types['.html']!.type).header('content-length', page.body.length);
    if (coding) reply.header('content-encoding', coding);
    return reply.send(page.body);
  }

  /**
   * The not-found page of the path's language, its language switch pointing at this path in the other
   * language. One page is prerendered for every missing path, at a stand-in path, so the switch's link
   * is set here, where the path is known: also without scripts, and as React renders it on hydrating.
   */
  function sendNotFound(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply {
    options.logger.info({ path }, 'page not found');
    const file = build.current().notFoundFile(path);
    let body;
    try {
      body = pages.get(file, undefined).page.body.toString('utf8');
    } catch (error) {
      options.logger.error({ err: error, file }, 'a page of the build cannot be read');
      return plain(reply, 500, 'Internal Server Error');
    }
    // Percent-encoded, the path holds no quote, "<" or "&" that could leave the attribute.
    const page = Buffer.from(body.replace(notFoundSwitch, `href="${encodePath(twinPath(path))}"`));
    const gzip = negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip';
    const sent = gzip ? gzipSync(page) : page;
    reply.code(404).header('content-security-policy', build.current().policy(file, request.https)).header('cache-control', cacheControl.revalidate).header('vary', 'Accept-Encoding');
    reply.header('content-type', types['.html']!.type).header('content-length', sent.length);
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(sent);
  }

  app.setNotFoundHandler((request, reply) => {
    const target = parseRequestPath(request.raw.url);
    return sendNotFound(request, reply, target.ok ? target.path : '/');
  });

  app.all('*', (request, reply) => {
    const target = parseRequestPath(request.raw.url);
    if (!target.ok) return plain(reply, 400, 'Bad Request');
    const found = route(target.path, target.query);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (found.kind === 'missing') return sendNotFound(request, reply, found.path);
      return plain(reply.header('allow', 'GET, HEAD'), 405, 'Method Not Allowed');
    }
    switch (found.kind) {
      case 'redirect':
        // Not forever: a redirect removed from content/ should stop applying within the hour.
        return reply.code(301).header('location', found.location).header('cache-control', cacheControl.hour).header('content-length', 0).send();
      case 'page':
        return sendPage(request, reply, found.file, 200);
      case 'missing':
        return sendNotFound(request, reply, found.path);
      case 'file': {
        const info = types[extname(found.file).toLowerCase()]!;
        files.set(reply, info);
        reply.header('cache-control', found.file.startsWith('assets/') ? cacheControl.immutable : extname(found.file) === '.html' ? cacheControl.revalidate : cacheControl.hour);
        // RFC 9110 asks a server to take x-gzip for gzip; @fastify/static knows only the one name.
        const accept = request.headers['accept-encoding'];
        if (accept?.includes('x-gzip')) request.headers['accept-encoding'] = accept.replace(/\bx-gzip\b/gi, 'gzip');
        // Byte ranges for pictures and video (Safari plays video only from a server that answers them);
        // a range of a compressed text would be a range of its coded bytes.
        return reply.sendFile(found.file, { acceptRanges: !info.compressible });
      }
    }
  });

  // A file's type is the site's own (@fastify/static would name it after the mime table), and a type
  // that is never compressed does not vary by Accept-Encoding.
  app.addHook('onSend', async (_request, reply, payload) => {
    const info = files.get(reply);
    if (info && reply.statusCode < 300) {
      reply.header('content-type', info.type);
      if (info.compressible) reply.header('vary', 'Accept-Encoding');
      else reply.removeHeader('vary');
    }
    return payload;
  });
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for this header). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
