import type { FastifyRequest } from 'fastify';
import type { Embed } from '../../schemas/site-index.ts';

type Directive = 'script-src' | 'style-src' | 'img-src' | 'font-src' | 'connect-src' | 'frame-src' | 'media-src' | 'form-action';

/**
 * What each third party a page may load on request needs beyond the site's own origin, as its provider
 * documents it. The chat (Tawk.to): its loader on embed.tawk.to fetches the widget from *.tawk.to and
 * cdn.jsdelivr.net, talks over HTTPS and WebSockets, draws in a frame and injects its own styles
 * (hence 'unsafe-inline' for styles, on the page that offers the chat only).
 */
export const embedSources: Record<Embed, Partial<Record<Directive, readonly string[]>>> = {
  chat: {
    'script-src': ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
    'style-src': ["'unsafe-inline'", 'https://*.tawk.to', 'https://fonts.googleapis.com'],
    'img-src': ['https://*.tawk.to', 'https://cdn.jsdelivr.net', 'https://tawk.link', 'https://s3.amazonaws.com'],
    'font-src': ['https://*.tawk.to', 'https://fonts.gstatic.com'],
    'connect-src': ['https://*.tawk.to', 'wss://*.tawk.to'],
    'frame-src': ['https://*.tawk.to'],
    'media-src': ['https://*.tawk.to'],
    'form-action': ['https://*.tawk.to'],
  },
};

/**
 * The Content-Security-Policy for one response: inline scripts run only when their hash is listed,
 * so an HTML file passes the hashes of its own inline scripts and every other response passes none; a
 * page that offers a third party's embed (the chat) passes it, and only that page allows its sources.
 * Over HTTPS it also asks the browser to fetch every subresource over HTTPS; over plain HTTP (a preview
 * on a LAN address) that would turn the page's own scripts and styles into requests that fail.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = [], https = true, embeds: readonly Embed[] = []): string {
  const extra = (directive: Directive) => embeds.flatMap((embed) => embedSources[embed][directive] ?? []);
  const sources = (directive: Directive, own: readonly string[]) => `${directive} ${[...new Set([...own, ...extra(directive)])].join(' ')}`;
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the search (Pagefind) compile its WebAssembly, in the page and in its worker
    // (whose policy is its script's own); it allows no eval of JavaScript, and the module must come from 'self'.
    sources('script-src', ["'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((hash) => `'${hash}'`)]),
    sources('style-src', ["'self'"]),
    sources('img-src', ["'self'", 'data:']),
    sources('font-src', ["'self'"]),
    sources('connect-src', ["'self'"]),
    sources('frame-src', ["'self'", 'https://www.openstreetmap.org', 'https://www.youtube-nocookie.com']),
    sources('media-src', ["'self'"]),
    "object-src 'none'",
    "base-uri 'none'",
    sources('form-action', ["'self'"]),
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The headers every response carries, whatever its status; HSTS only where the site is served over HTTPS. */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Whether a request reached the site over HTTPS: a TLS socket, or `X-Forwarded-Proto: https` from a
 * trusted proxy (Fastify's `request.protocol`, which reads the header only with TRUST_PROXY=1). Never the
 * Host a client names: over plain HTTP, HSTS and upgrade-insecure-requests would be a client's to ask for.
 */
export function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}
