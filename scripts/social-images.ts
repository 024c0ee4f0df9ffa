/**
 * Renders each page's social image, the picture a shared link shows on LinkedIn, Facebook, X or
 * WhatsApp: a 1200x630 PNG with the lab's name, the page's title and the page's own illustration, in the
 * site's colours and typeface (Figtree). satori lays it out, resvg paints it. Each image is cached by a
 * hash of everything that shapes it, so a rebuild with unchanged inputs renders nothing.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderAsync } from '@resvg/resvg-js';
import type { ReactElement } from 'react';
import type { SatoriOptions } from 'satori';
import { socialImageSize } from '../src/shared/social-image.ts';

/** One page's social image. */
export interface SocialCard {
  /** Where the PNG goes, relative to the build's client folder: `social/nl/about.png`. */
  file: string;
  title: string;
  /** The page's illustration, an SVG file; without one the title has the whole width. */
  illustration?: string;
}

/** What every image shows besides the page: the lab's name and the site's host name. */
export interface SocialSite {
  name: string;
  host: string;
}

/**
 * An element as satori reads it. Not React's createElement: importing React here would load its
 * development build into the build process before the server bundle loads the production one.
 */
function h(type: string, props: Record<string, unknown> & { key?: number }, ...children: unknown[]): ReactElement {
  const { key, ...rest } = props;
  return { type, key: key === undefined ? null : String(key), props: { ...rest, children: children.length === 1 ? children[0] : children } };
}

const colours = { porcelain: '#fbfaf7', mint: '#d6ece8', sea: '#5fa8a0', teal: '#1f6f78', deep: '#0f3d46' };
const { width, height } = socialImageSize;

/** The composition, in pixels: the title's column on the left, the illustration in a panel on the right. */
export const layout = {
  panel: 500,
  padding: { top: 64, right: 56, bottom: 60, left: 72 },
  /** The lab's name above the title and the host name below it, with the space each keeps from the title. */
  brand: 56,
  footer: 28,
  gap: 36,
  /** The title's type: the largest size from `largest` down to `smallest` at which it takes at most `lines` lines (more only when it fits no other way). */
  title: { largest: 60, smallest: 36, lines: 4, lineHeight: 1.14, tracking: -0.015, weight: 600 },
} as const;

/** The width the title may take: the whole card less its padding, and less the panel when there is an illustration. */
export const columnWidth = (illustrated: boolean) => width - (illustrated ? layout.panel : 0) - layout.padding.left - layout.padding.right;
/** The height the title may take, between the lab's name and the host name. */
export const columnHeight = height - layout.padding.top - layout.padding.bottom - layout.brand - layout.footer - 2 * layout.gap;

let fontCache: (SatoriOptions['fonts'][number] & { data: Buffer })[] | undefined;
// satori reads woff but not woff2: the static cuts of @fontsource/figtree; Latin Extended covers what Latin lacks.
const fonts = () =>
  (fontCache ??= ([500, 600] as const).flatMap((weight) =>
    ['latin', 'latin-ext'].map((subset) => ({
      name: 'Figtree',
      data: readFileSync(fileURLToPath(new URL(`../node_modules/@fontsource/figtree/files/figtree-${subset}-${weight}-normal.woff`, import.meta.url))),
      weight,
      style: 'normal' as const,
    })),
  ));

/** A title as the card sets it: no soft hyphens, and non-breaking hyphens (which Figtree lacks) as plain ones, since lines break only at spaces. */
const words = (title: string) =>
  title
    .replace(/\u00ad/g, '')
    .replace(/\u2011/g, '-')
    .split(/[ \t\n]+/)
    .filter(Boolean);

// Loaded only to render: a build whose images all come from the cache does without it.
const layoutEngine = async () => (await import('satori')).default;

/** Widths in pixels at 100 px, as satori sets them in the title's face: each word measured once, all new words in one layout. */
const wordWidths = new Map<string, number>();
async function measure(list: string[]): Promise<{ widths: number[]; space: number }> {
  const unknown = [...new Set(list.filter((word) => !wordWidths.has(word)))];
  if (unknown.length || !wordWidths.has(' ')) {
    const probes = [...unknown, 'x x', 'xx'];
    const found = new Map<string, number>();
    const satori = await layoutEngine();
    await satori(
      h(
        'div',
        {
          style: {
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            fontFamily: 'Figtree',
            fontSize: 100,
            fontWeight: layout.title.weight,
            letterSpacing: `${layout.title.tracking}em`,
          },
        },
        ...probes.map((text, i) => h('div', { key: i, style: { display: 'flex', whiteSpace: 'pre' } }, text)),
      ),
      { width: 100_000, fonts: fonts(), onNodeDetected: (node) => node.key != null && found.set(String(node.key), node.width) },
    );
    const at = (i: number) => found.get(String(i)) ?? 0;
    unknown.forEach((word, i) => wordWidths.set(word, at(i)));
    wordWidths.set(' ', at(unknown.length) - at(unknown.length + 1));
  }
  return { widths: list.map((word) => wordWidths.get(word)!), space: wordWidths.get(' ')! };
}

/** Breaks words (widths in pixels) into lines no wider than `max`, each line as full as it can be. */
function greedy(widths: number[], space: number, max: number): number[][] | undefined {
  // A measure is the sum of the same widths in another order: allow for the rounding of the sums.
  max += 1e-6;
  const lines: number[][] = [];
  let line: number[] = [];
  let used = 0;
  for (const [i, w] of widths.entries()) {
    if (w > max) return undefined;
    if (line.length && used + space + w > max) {
      lines.push(line);
      line = [];
    }
    used = line.length ? used + space + w : w;
    line.push(i);
  }
  if (line.length) lines.push(line);
  return lines;
}

/** The title's lines and type size: the largest size at which it fits its column, its lines balanced as `text-wrap: balance` does. */
export async function titleLayout(title: string, column: number): Promise<{ size: number; lines: string[]; widths: number[] }> {
  const list = words(title);
  const measured = await measure(list);
  // A little room for what the sum of words leaves out (kerning across a space).
  const slack = 0.985;
  const sizes = Array.from({ length: (layout.title.largest - layout.title.smallest) / 2 + 1 }, (_, i) => layout.title.largest - 2 * i);
  // At most four lines at any size first; more only for a title that fits no other way.
  for (const [size, lines] of [...sizes.map((size) => [size, layout.title.lines] as const), ...sizes.map((size) => [size, Infinity] as const)]) {
    const scale = size / 100;
    const widths = measured.widths.map((w) => w * scale);
    const space = measured.space * scale;
    const natural = greedy(widths, space, column * slack);
    if (!natural || natural.length > lines || natural.length * Math.round(size * layout.title.lineHeight) > columnHeight) continue;
    /** The width of the words `from` to `to` set on one line. */
    const span = (from: number, to: number) => widths.slice(from, to + 1).reduce((sum, w) => sum + w, 0) + (to - from) * space;
    // The narrowest measure that keeps the same number of lines, so the lines come out even: it is the width of some run of words.
    const measures = widths.flatMap((_, from) => widths.slice(from).map((__, n) => span(from, from + n))).sort((x, y) => x - y);
    const balanced = measures.map((w) => greedy(widths, space, w)).find((lines) => lines && lines.length <= natural.length) ?? natural;
    return { size, lines: balanced.map((line) => line.map((i) => list[i]).join(' ')), widths: balanced.map((line) => span(line[0]!, line.at(-1)!)) };
  }
  // Only a title that fits at no size gets here (a word wider than the column at the smallest): satori wraps it, inside words too.
  return { size: layout.title.smallest, lines: [list.join(' ')], widths: [] };
}

/** The SVG's own picture cropped to the panel: hero illustrations keep their artwork at about 70% of their width (the hero's text sits on the left). */
function cropped(svg: string): string {
  return svg.replace(/<svg\b([^>]*)>/, (tag, attributes: string) => {
    const box = /\bviewBox="([^"]+)"/
      .exec(attributes)?.[1]
      ?.trim()
      .split(/[\s,]+/)
      .map(Number);
    const [x0, y0, w, hgt] = box?.length === 4 ? box : [0, 0, Number(/\bwidth="([\d.]+)"/.exec(attributes)?.[1]), Number(/\bheight="([\d.]+)"/.exec(attributes)?.[1])];
    if (!(w! > 0 && hgt! > 0)) return tag;
    const cropWidth = Math.min(w!, (hgt! * layout.panel) / height);
    const x = Math.min(Math.max(x0! + w! * 0.7 - cropWidth / 2, x0!), x0! + w! - cropWidth);
    const rest = attributes.replace(/\s(width|height|viewBox|preserveAspectRatio)="[^"]*"/g, '');
    return `<svg${rest} width="${layout.panel}" height="${height}" viewBox="${x} ${y0} ${cropWidth} ${hgt}" preserveAspectRatio="xMidYMid slice">`;
  });
}

// The lab's mark as the header draws it: a tooth in a mint circle.
const tooth = 'M7.5 3.5c-2.5 0-4 2-4 4.5 0 3 1.5 4.5 2 7 .5 3 1 5.5 2.5 5.5s1.5-3 2.5-5c.5-1 2.5-1 3 0 1 2 1 5 2.5 5s2-2.5 2.5-5.5c.5-2.5 2-4 2-7 0-2.5-1.5-4.5-4-4.5-2 0-3 1-4.5 1s-2.5-1-4.5-1z';

/** One card as SVG, laid out by satori (text as paths, so it needs no font to paint). */
export async function cardSvg(card: SocialCard, site: SocialSite): Promise<string> {
  const illustration = card.illustration ? cropped(readFileSync(card.illustration, 'utf8')) : undefined;
  const title = await titleLayout(card.title, columnWidth(Boolean(illustration)));
  const { padding: p, title: t } = layout;
  const element = h(
    'div',
    { style: { display: 'flex', width, height, backgroundColor: colours.porcelain, fontFamily: 'Figtree', color: colours.deep } },
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flexGrow: 1, padding: `${p.top}px ${p.right}px ${p.bottom}px ${p.left}px` } },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center', gap: 16, height: layout.brand } },
        h(
          'div',
          { style: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: layout.brand, height: layout.brand, borderRadius: layout.brand / 2, backgroundColor: colours.mint } },
          h('svg', { width: 32, height: 32, viewBox: '0 0 24 24', fill: 'none', stroke: colours.deep, strokeWidth: 1.8, strokeLinejoin: 'round' }, h('path', { d: tooth })),
        ),
        h('div', { style: { fontSize: 30, fontWeight: 600, letterSpacing: '-0.01em' } }, site.name),
      ),
      h(
        'div',
        {
          style: {
            display: 'flex',
            flexDirection: 'column',
            fontSize: title.size,
            fontWeight: t.weight,
            lineHeight: `${Math.round(title.size * t.lineHeight)}px`,
            letterSpacing: `${t.tracking}em`,
            overflowWrap: 'anywhere',
          },
        },
        ...title.lines.map((line, i) => h('div', { key: i, style: { display: 'flex', whiteSpace: title.widths.length ? 'pre' : 'normal' } }, line)),
      ),
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center', gap: 14, height: layout.footer, fontSize: 24, fontWeight: 500, color: colours.teal } },
        h('div', { style: { width: 40, height: 4, borderRadius: 2, backgroundColor: colours.sea } }),
        site.host,
      ),
    ),
    illustration ? h('img', { src: `data:image/svg+xml;base64,${Buffer.from(illustration).toString('base64')}`, width: layout.panel, height }) : null,
  );
  return (await layoutEngine())(element, { width, height, fonts: fonts() });
}

/** One card as PNG bytes. */
export async function socialImage(card: SocialCard, site: SocialSite): Promise<Buffer> {
  // resvg paints on a worker thread, so the next card's layout goes on meanwhile.
  return (await renderAsync(await cardSvg(card, site), { fitTo: { mode: 'original' } })).asPng();
}

const sha256 = (...parts: (string | Buffer)[]) => parts.reduce((hash, part) => hash.update(part).update('\0'), createHash('sha256')).digest('hex');
const packageVersion = (name: string) => (JSON.parse(readFileSync(fileURLToPath(new URL(`../node_modules/${name}/package.json`, import.meta.url)), 'utf8')) as { version: string }).version;

/** What shapes every image besides its own inputs: this file (the template), the fonts and the renderers' versions. */
const engine = () => sha256(readFileSync(fileURLToPath(import.meta.url)), ...fonts().map((f) => f.data), packageVersion('satori'), packageVersion('@resvg/resvg-js'));

/**
 * Writes every card's PNG under `outDir`, from the cache when its inputs are unchanged, rendering the
 * others a few at a time; cached images unused for 30 days are removed.
 */
export async function renderSocialImages(cards: SocialCard[], options: { site: SocialSite; outDir: string; cacheDir: string }): Promise<{ rendered: number; cached: number }> {
  mkdirSync(options.cacheDir, { recursive: true });
  const template = engine();
  const pictures = new Map<string, string>();
  const keyOf = (card: SocialCard) => {
    const picture = card.illustration ? (pictures.get(card.illustration) ?? pictures.set(card.illustration, sha256(readFileSync(card.illustration))).get(card.illustration)!) : '';
    return sha256(template, card.title, picture, options.site.name, options.site.host);
  };
  let rendered = 0;
  const queue = cards.map((card) => ({ card, cached: join(options.cacheDir, `${keyOf(card)}.png`) }));
  const missing = queue.filter((item) => !existsSync(item.cached)).flatMap((item) => words(item.card.title));
  if (missing.length) await measure(missing);
  const next = async (): Promise<void> => {
    const item = queue.shift();
    if (!item) return;
    const target = join(options.outDir, item.card.file);
    mkdirSync(dirname(target), { recursive: true });
    if (existsSync(item.cached)) {
      const now = new Date();
      utimesSync(item.cached, now, now);
    } else {
      // Written under a name of its own and then renamed, so a build running alongside never reads half a file.
      const partial = `${item.cached}.${process.pid}.partial`;
      writeFileSync(partial, await socialImage(item.card, options.site));
      renameSync(partial, item.cached);
      rendered++;
    }
    copyFileSync(item.cached, target);
    return next();
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, next));
  const month = Date.now() - 30 * 24 * 3600 * 1000;
  for (const name of readdirSync(options.cacheDir)) {
    const file = join(options.cacheDir, name);
    // A build running alongside may have just renamed its file.
    if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < month) rmSync(file, { force: true });
  }
  return { rendered, cached: cards.length - rendered };
}
