/** A page's no-script twin: the same HTML, CSS and images without its scripts, the most any script could let it reach. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const scriptElement = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const linkElement = /<link\b[^>]*>/gi;

/** The HTML without its script elements, module preloads and preloads of script files; JSON-LD stays, as search-engine data that never runs. */
export function stripScripts(html: string): string {
  return html
    .replace(scriptElement, (element, attributes: string) => (/\btype=["']?application\/ld\+json/i.test(attributes) ? element : ''))
    .replace(linkElement, (link) => {
      const rel = /\brel=["']?([^"'\s>]+)/i.exec(link)?.[1]?.toLowerCase();
      const href = /\bhref=["']?([^"'\s>]+)/i.exec(link)?.[1] ?? '';
      const script = rel === 'modulepreload' || (rel === 'preload' && (/\bas=["']?script\b/i.test(link) || /\.m?js(?:[?#]|$)/i.test(href)));
      return script ? '' : link;
    });
}

/**
 * Copies the build's `site.json` and `client/` to a temporary folder and strips the scripts from every
 * HTML file there, rewriting its .br and .gz siblings (the server sends those from memory when they
 * exist). The per-page CSP hashes stay: they allow scripts the twin no longer has. Returns the folder.
 */
export function makeNoScriptTwin(distDir: string): string {
  const twin = mkdtempSync(join(tmpdir(), 'no-script-twin-'));
  cpSync(join(distDir, 'site.json'), join(twin, 'site.json'));
  cpSync(join(distDir, 'client'), join(twin, 'client'), { recursive: true });
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.html')) {
        const body = Buffer.from(stripScripts(readFileSync(file, 'utf8')));
        writeFileSync(file, body);
        // The same codings and levels as the build, so page and twin travel as the same kind of bytes.
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    }
  };
  walk(join(twin, 'client'));
  return twin;
}
