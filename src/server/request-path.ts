/** A request target split into its decoded path and raw query, or refused as unsafe or malformed. */
export type RequestPath = { ok: true; path: string; query: string } | { ok: false };

/**
 * Splits and decodes `req.url`. Refuses (rather than resolves) what could reach outside the site: a
 * target that is not origin-form, an encoded slash, backslash or NUL, undecodable escapes, and any
 * "." or ".." segment, raw or encoded.
 */
export function parseRequestPath(url: string | undefined): RequestPath {
  const target = url ?? '/';
  const mark = target.indexOf('?');
  const raw = mark === -1 ? target : target.slice(0, mark);
  const query = mark === -1 ? '' : target.slice(mark);
  if (!raw.startsWith('/')) return { ok: false };
  if (/%(?:2f|5c|00)/i.test(raw)) return { ok: false };
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { ok: false };
  }
  if (path.includes('\0') || path.includes('\\')) return { ok: false };
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return { ok: false };
  return { ok: true, path, query };
}

/**
 * The canonical form of a decoded path: no trailing slash (except "/") and no trailing "/index.html".
 * Returns the path unchanged when it is already canonical.
 */
export function canonicalPath(path: string): string {
  let canonical = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (canonical === '/index.html' || canonical.endsWith('/index.html')) canonical = canonical.slice(0, -'/index.html'.length) || '/';
  return canonical;
}

/** A decoded path percent-encoded again for a Location header, segment by segment, so "?" and "#" stay in the path. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
