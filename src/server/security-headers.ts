import type { FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy for one response: inline scripts run only when their hash is listed,
 * so an HTML file passes the hashes of its own inline scripts and every other response passes none.
 * Over HTTPS it also asks the browser to fetch every subresource over HTTPS; over plain HTTP (a preview
 * on a LAN address) that would turn the page's own scripts and styles into requests that fail.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = [], https = true): string {
  const scriptSrc = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' https://www.openstreetmap.org https://www.youtube-nocookie.com",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
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
