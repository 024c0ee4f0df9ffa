/**
 * The lab's photographs as the pages use them: a Vite plugin that turns an import of a photograph with
 * its slot (`photos/bridge.jpg?photo=case&focus=40,60`, written by the generate step) into the crops of
 * that slot (src/shared/photo-slots.ts), each made by sharp in AVIF, WebP and JPEG at the slot's widths,
 * with no metadata (a camera's location and serial number stay home). Each file is cached in
 * node_modules/.cache/photos/ by a hash of everything that shapes it, so a warm build encodes nothing.
 * The build writes them to assets/photos/; the dev server serves them from the cache.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { photoBase, photoFormats, photoSlots, type BuiltPicture, type PhotoSlot } from '../src/shared/photo-slots.ts';

/** Raise it when the encoding below changes, so cached files are made again. */
const encoding = { version: 1, avif: { quality: 52, effort: 3 }, webp: { quality: 76, effort: 4 }, jpg: { quality: 80, mozjpeg: true } } as const;

const prefix = '\0photo:';
const query = /\?photo=([a-z]+)(?:&focus=(\d+(?:\.\d+)?),(\d+(?:\.\d+)?))?$/;

/** What one import asks for: the file, its slot and the point its crops keep in view. */
export interface PhotoRequest {
  file: string;
  slot: PhotoSlot;
  focus: { x: number; y: number };
}

/** Reads `?photo=slot&focus=x,y` from an import; undefined for any other import. */
export function parsePhotoImport(id: string): { path: string; slot: PhotoSlot; focus: { x: number; y: number } } | undefined {
  const match = query.exec(id);
  if (!match) return undefined;
  const slot = match[1] as PhotoSlot;
  if (!(slot in photoSlots)) throw new Error(`"${id}" names the photo slot "${slot}"; the slots are ${Object.keys(photoSlots).join(', ')}`);
  return { path: id.slice(0, match.index), slot, focus: { x: Number(match[2] ?? 50), y: Number(match[3] ?? 50) } };
}

/** The import the generate step writes for a photograph in a slot. */
export function photoImport(path: string, slot: PhotoSlot, focus?: { x: number; y: number }): string {
  return `${path}?photo=${slot}${focus ? `&focus=${focus.x},${focus.y}` : ''}`;
}

/** One file the build makes: its served name and where its bytes are cached. */
interface MadeFile {
  name: string;
  cached: string;
}

/** How many files the browser's build encoded and how many came from the cache. */
export const photoStats = { made: 0, cached: 0 };

// Loaded only when a photograph has to be encoded: a build without photographs, or a warm one, does without.
const loadSharp = async () => (await import('sharp')).default;

/** One crop as it was made: its files are `${path}-${width}.${ext}` for each width and format. */
interface MadeCrop {
  media?: string;
  width: number;
  height: number;
  widths: number[];
  sizes: string;
  path: string;
}

/**
 * Makes (or finds in the cache) every file of one photograph in one slot, and returns the picture as the
 * page names it (each crop's AVIF, WebP and JPEG sources, a phone's crop first), with the files to write.
 */
export async function makePhoto(request: PhotoRequest, cacheDir: string, stats = { made: 0, cached: 0 }): Promise<{ picture: BuiltPicture; files: MadeFile[] }> {
  const source = readFileSync(request.file);
  const sourceHash = createHash('sha256').update(source).digest('hex');
  const stem = basename(request.file, extname(request.file))
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
  let size: { width: number; height: number } | undefined;
  const crops: MadeCrop[] = [];
  const files: MadeFile[] = [];
  mkdirSync(cacheDir, { recursive: true });
  for (const crop of photoSlots[request.slot]) {
    const cropHash = createHash('sha256')
      .update(JSON.stringify([sourceHash, crop.aspect, request.focus, encoding]))
      .digest('hex')
      .slice(0, 10);
    const path = `${photoBase}${stem}-${cropHash}`;
    // The source's size is read only when a file is missing; the cache records each crop's widths and height.
    const recordFile = join(cacheDir, `${cropHash}.json`);
    let record = existsSync(recordFile) ? (JSON.parse(readFileSync(recordFile, 'utf8')) as { widths: number[]; heights: number[]; rect: Rect }) : undefined;
    if (!record) {
      const sharp = await loadSharp();
      // As it is seen: a portrait taken with the camera on its side has its width and height swapped.
      if (!size) {
        const { width, height, autoOrient } = await sharp(source).metadata();
        size = autoOrient ?? { width, height };
      }
      const rect = cropRect(size, crop.aspect, request.focus);
      // Never wider than the crop itself: a small original gives fewer, smaller files, not blurred ones.
      const widths = [...new Set(crop.widths.map((w) => Math.min(w, rect.width)))];
      record = { widths, heights: widths.map((w) => Math.round((w * crop.aspect[1]) / crop.aspect[0])), rect };
    }
    for (const [i, width] of record.widths.entries()) {
      for (const format of photoFormats) {
        const cached = join(cacheDir, `${cropHash}-${width}.${format.ext}`);
        if (existsSync(cached)) stats.cached++;
        else {
          const sharp = await loadSharp();
          const resized = sharp(source).autoOrient().extract(record.rect).resize(width, record.heights[i]);
          const encoded = format.ext === 'avif' ? resized.avif(encoding.avif) : format.ext === 'webp' ? resized.webp(encoding.webp) : resized.jpeg(encoding.jpg);
          const bytes = await encoded.toBuffer();
          // Written whole or not at all: a stopped build leaves no half file for the next to serve.
          writeFileSync(`${cached}.tmp`, bytes);
          renameSync(`${cached}.tmp`, cached);
          stats.made++;
        }
        files.push({ name: `${path}-${width}.${format.ext}`, cached });
      }
    }
    writeFileSync(recordFile, JSON.stringify(record));
    const largest = record.widths.length - 1;
    crops.push({ ...('media' in crop ? { media: crop.media } : {}), width: record.widths[largest]!, height: record.heights[largest]!, widths: record.widths, sizes: crop.sizes, path });
  }
  return { picture: pictureOf(crops), files };
}

/** The sources and <img> of a picture: every crop in every format, but the last crop's JPEG, which is the <img>. */
export function pictureOf(crops: MadeCrop[]): BuiltPicture {
  const srcSet = (crop: MadeCrop, ext: string) => crop.widths.map((w) => `${crop.path}-${w}.${ext} ${w}w`).join(', ');
  const fallback = crops[crops.length - 1]!;
  const jpeg = photoFormats[photoFormats.length - 1]!;
  const sources = crops.flatMap((crop) =>
    photoFormats
      .filter((format) => crop !== fallback || format !== jpeg)
      .map((format) => ({ ...(crop.media ? { media: crop.media } : {}), type: format.type, srcSet: srcSet(crop, format.ext), sizes: crop.sizes, width: crop.width, height: crop.height })),
  );
  // A browser that knows no srcset takes a middle width.
  const src = `${fallback.path}-${fallback.widths[Math.min(1, fallback.widths.length - 1)]}.${jpeg.ext}`;
  return { sources, img: { src, srcSet: srcSet(fallback, jpeg.ext), sizes: fallback.sizes, width: fallback.width, height: fallback.height } };
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The largest rectangle of the given shape inside the image, centred on the focus as far as the edges allow. */
export function cropRect(size: { width: number; height: number }, aspect: readonly [number, number], focus: { x: number; y: number }): Rect {
  const ratio = aspect[0] / aspect[1];
  const width = Math.min(size.width, Math.round(size.height * ratio));
  const height = Math.min(size.height, Math.round(width / ratio));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp((focus.x / 100) * size.width - width / 2, size.width - width),
    top: clamp((focus.y / 100) * size.height - height / 2, size.height - height),
    width,
    height,
  };
}

const types: Record<string, string> = Object.fromEntries(photoFormats.map((f) => [f.ext, f.type]));

/** The Vite plugin: photo imports become their crops; the build writes the files, the dev server serves them. */
/** The original photograph a module of the photo plugin is made from (its id begins `\0photo:`), for the build's cache of bundles. */
export function photoOriginal(id: string): string | undefined {
  return id.startsWith(prefix) ? parsePhotoImport(id.slice(prefix.length))?.path : undefined;
}

export function photoPlugin(options: { cacheDir: string }): Plugin {
  // Served name to cached file, for the dev server.
  const served = new Map<string, string>();
  let building = false;
  return {
    name: 'photos',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source, importer) {
      const parsed = parsePhotoImport(source);
      if (!parsed) return undefined;
      const base = isAbsolute(parsed.path) ? parsed.path : resolve(importer ? dirname(importer.replace(/^\0photo:/, '')) : process.cwd(), parsed.path);
      return `${prefix}${photoImport(base, parsed.slot, parsed.focus)}`;
    },
    async load(id, loadOptions) {
      if (!id.startsWith(prefix)) return undefined;
      const parsed = parsePhotoImport(id.slice(prefix.length))!;
      this.addWatchFile(parsed.path);
      const { picture, files } = await makePhoto({ file: parsed.path, slot: parsed.slot, focus: parsed.focus }, options.cacheDir, building && loadOptions?.ssr ? photoStats : undefined);
      for (const file of files) {
        served.set(file.name, file.cached);
        // The server bundle holds the content that names the photographs (the browser's has none): it writes
        // them, and the build serves them with the browser's files (scripts/build.ts).
        if (building && loadOptions?.ssr) this.emitFile({ type: 'asset', fileName: file.name.slice(1), source: readFileSync(file.cached) });
      }
      return `export default ${JSON.stringify(picture)};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = request.url ? served.get(request.url.split('?')[0]!) : undefined;
        if (!file) return next();
        response.setHeader('Content-Type', types[extname(file).slice(1)] ?? 'application/octet-stream');
        response.end(readFileSync(file));
      });
    },
  };
}
