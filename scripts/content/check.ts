import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { imageSize } from 'image-size';
import type { z } from 'zod';
import {
  Article, Navigation, Page, Redirects, Service, SiteSettings, Testimonial, UiDictionary,
  type Page as PageData, type Service as ServiceData,
} from '../../schemas';
import type { Diagnostic } from './diagnostics';
import { SourceFile, type PathSegment } from './source';
import { closest, didYouMean, didYouMeanPath } from './suggest';
import { validate, dotted } from './validate';
import { inlineLink, isLocalizedText, localizePath, slugify, walk } from './walk';

/** Where the check reads from; every path is absolute. */
export interface CheckOptions {
  /** The project root; file names in messages are relative to it. */
  root: string;
  /** Defaults to `<root>/content`. */
  contentDir?: string;
  /** Defaults to `<root>/src/assets/images`. */
  imagesDir?: string;
  /** Defaults to `<root>/src/assets/videos`. */
  videosDir?: string;
}

/** A validated file together with its source, for pointing at nodes. */
export interface Entry<T> {
  source: SourceFile;
  data: T;
}

/** Everything the check read and accepted; invalid files are left out. */
export interface ContentModel {
  site?: Entry<SiteSettings>;
  navigation?: Entry<Navigation>;
  ui?: Entry<UiDictionary>;
  redirects: Entry<Redirects>[];
  pages: Map<string, Entry<PageData>>;
  services: Map<string, Entry<ServiceData>>;
  articles: Map<string, Entry<Article>>;
  testimonials: Map<string, Entry<Testimonial>>;
  /** Width and height of every image the content uses, by its path in the images folder. */
  images: Map<string, { width: number; height: number }>;
}


/** The result of one check run. */
export interface CheckResult {
  diagnostics: Diagnostic[];
  model: ContentModel;
  /** How many content files were read. */
  files: number;
}

/** Page ids that must each have a file in content/pages/. */
export const requiredPages = Page.options.map((o) => o.shape.id.value);

const collections = {
  pages: { schema: Page, key: 'id' },
  services: { schema: Service, key: 'slug' },
  articles: { schema: Article, key: 'slug' },
  testimonials: { schema: Testimonial, key: 'id' },
} as const;
type CollectionName = keyof typeof collections;

const singles = {
  'site.yaml': { schema: SiteSettings, required: true },
  'navigation.yaml': { schema: Navigation, required: true },
  'ui.yaml': { schema: UiDictionary, required: true },
  'redirects.yaml': { schema: Redirects, required: false },
} as const;

/** Reads, validates and cross-checks all of `content/`, reporting every problem found. */
export function checkContent(options: CheckOptions): CheckResult {
  const root = options.root;
  const contentDir = options.contentDir ?? join(root, 'content');
  const imagesDir = options.imagesDir ?? join(root, 'src', 'assets', 'images');
  const videosDir = options.videosDir ?? join(root, 'src', 'assets', 'videos');
  const rel = (abs: string) => relative(root, abs).split(sep).join('/');
  const diagnostics: Diagnostic[] = [];
  const model: ContentModel = {
    redirects: [], pages: new Map(), services: new Map(), articles: new Map(), testimonials: new Map(), images: new Map(),
  };
  // Slugs of files that exist but failed validation: links to them are not reported again.
  const brokenSlugs: Record<CollectionName, Set<string>> = { pages: new Set(), services: new Set(), articles: new Set(), testimonials: new Set() };
  let files = 0;

  const fileProblem = (file: string, rule: string, message: string, hint?: string, severity: Diagnostic['severity'] = 'error') =>
    diagnostics.push({ file, line: 1, column: 1, severity, rule, message, hint });
  const at = (entry: { source: SourceFile }, path: readonly PathSegment[], rule: string, message: string, hint?: string, severity: Diagnostic['severity'] = 'error') => {
    const { line, column } = entry.source.locate(path);
    diagnostics.push({ file: entry.source.file, line, column, severity, rule, message, hint: hint || undefined, path: dotted(path) });
  };

  const read = (abs: string): SourceFile | undefined => {
    files++;
    const source = new SourceFile(rel(abs), readFileSync(abs, 'utf8'));
    if (source.syntaxErrors.length) {
      diagnostics.push(...source.syntaxErrors);
      return undefined;
    }
    return source;
  };

  if (!existsSync(contentDir)) {
    fileProblem(rel(contentDir), 'content/missing-file', 'the content folder does not exist', 'run the command from the project root');
    return { diagnostics, model, files };
  }

  // Single files at the top of content/.
  for (const name of readdirSync(contentDir).sort()) {
    const abs = join(contentDir, name);
    if (statSync(abs).isDirectory()) {
      if (!(name in collections)) fileProblem(rel(abs), 'content/unknown-file', `the folder "${name}" is not read by the site`, didYouMean(name, Object.keys(collections)) || `content folders are: ${Object.keys(collections).join(', ')}`, 'warning');
      continue;
    }
    if (name.endsWith('.yml')) {
      fileProblem(rel(abs), 'content/file-name', 'content files end in ".yaml"', `rename it to ${name.replace(/\.yml$/, '.yaml')}`);
      continue;
    }
    if (!(name in singles)) {
      fileProblem(rel(abs), 'content/unknown-file', `"${name}" is not read by the site`, didYouMean(name, Object.keys(singles)) || `top-level files are: ${Object.keys(singles).join(', ')}`, 'warning');
      continue;
    }
    const source = read(abs);
    if (!source) continue;
    const key = name as keyof typeof singles;
    const result = validate(source, singles[key].schema as z.ZodType);
    source.data = undefined;
    diagnostics.push(...result.diagnostics);
    if (result.data === undefined) continue;
    const entry = { source, data: result.data };
    if (key === 'site.yaml') model.site = entry as Entry<SiteSettings>;
    else if (key === 'navigation.yaml') model.navigation = entry as Entry<Navigation>;
    else if (key === 'ui.yaml') model.ui = entry as Entry<UiDictionary>;
    else model.redirects.push(entry as Entry<Redirects>);
  }
  for (const [name, { required }] of Object.entries(singles)) {
    if (required && !existsSync(join(contentDir, name))) {
      fileProblem(rel(join(contentDir, name)), 'content/missing-file', `content/${name} is missing`, 'every site needs this file; see the README');
    }
  }

  // One file per entry in each collection folder; the file name is the slug or id.
  for (const [collection, { schema, key }] of Object.entries(collections) as [CollectionName, (typeof collections)[CollectionName]][]) {
    const dir = join(contentDir, collection);
    const names = existsSync(dir) ? readdirSync(dir).sort() : [];
    for (const name of names) {
      const abs = join(dir, name);
      if (!name.endsWith('.yaml')) {
        fileProblem(rel(abs), 'content/file-name', `"${name}" is not read: content files end in ".yaml"`, name.endsWith('.yml') ? `rename it to ${name.replace(/\.yml$/, '.yaml')}` : undefined, name.endsWith('.yml') ? 'error' : 'warning');
        continue;
      }
      const stem = name.slice(0, -'.yaml'.length);
      const source = read(abs);
      if (!source) {
        brokenSlugs[collection].add(stem);
        continue;
      }
      const result = validate(source, schema as z.ZodType);
      diagnostics.push(...result.diagnostics);
      const declared = (source.data as Record<string, unknown> | null)?.[key];
      // The validated copy replaces the parsed data; holding both would double the memory of a large site.
      source.data = undefined;
      if (typeof declared === 'string' && declared !== stem) {
        const { line, column } = source.locate([key]);
        diagnostics.push({
          file: source.file, line, column, severity: 'error', rule: 'file/name-mismatch',
          message: `the file is named "${stem}" but declares ${key} "${declared}"`,
          hint: `the ${key} and the file name must be the same: rename the file to ${declared}.yaml or change the ${key}`,
          path: key,
        });
      }
      if (result.data === undefined || declared !== stem) {
        brokenSlugs[collection].add(stem);
        if (typeof declared === 'string') brokenSlugs[collection].add(declared);
        continue;
      }
      (model[collection] as Map<string, Entry<unknown>>).set(stem, { source, data: result.data });
    }
  }
  for (const id of requiredPages) {
    if (!model.pages.has(id) && !brokenSlugs.pages.has(id)) {
      fileProblem(`${rel(contentDir)}/pages/${id}.yaml`, 'content/missing-page', `the page "${id}" has no file`, `create content/pages/${id}.yaml (see schemas/page.ts)`);
    }
  }

  crossCheck(model, brokenSlugs, { imagesDir, videosDir, rel, at, diagnostics });
  return { diagnostics, model, files };
}

type At = (entry: { source: SourceFile }, path: readonly PathSegment[], rule: string, message: string, hint?: string, severity?: Diagnostic['severity']) => void;

interface CrossContext {
  imagesDir: string;
  videosDir: string;
  rel: (abs: string) => string;
  at: At;
  diagnostics: Diagnostic[];
}

/** English paths of every page the content defines, mapped to what defines them. */
export function routePaths(model: ContentModel): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [id, { data }] of model.pages) if ('path' in data) paths.set(data.path, `page ${id}`);
  for (const slug of model.services.keys()) paths.set(`/services/${slug}`, `service ${slug}`);
  for (const slug of model.articles.keys()) paths.set(`/blog/${slug}`, `article ${slug}`);
  return paths;
}

function crossCheck(model: ContentModel, broken: Record<CollectionName, Set<string>>, ctx: CrossContext): void {
  const { at } = ctx;
  const entries: Entry<unknown>[] = [
    ...[model.site, model.navigation, model.ui].filter((e): e is Entry<never> => e !== undefined),
    ...model.redirects,
    ...model.pages.values(), ...model.services.values(), ...model.articles.values(), ...model.testimonials.values(),
  ];

  // Routes: the English paths, and paths that exist but failed validation (so they are not reported twice).
  const routes = routePaths(model);
  const seenPaths = new Map<string, Entry<PageData>>();
  for (const [, entry] of model.pages) {
    if (!('path' in entry.data)) continue;
    const other = seenPaths.get(entry.data.path);
    if (other) at(entry, ['path'], 'slug/duplicate', `the path "${entry.data.path}" is also used by ${other.source.file}`, 'give every page its own path');
    else if (/^\/(services|blog)\//.test(entry.data.path)) at(entry, ['path'], 'slug/duplicate', `the path "${entry.data.path}" is reserved for services and articles`, 'choose another path');
    seenPaths.set(entry.data.path, entry);
  }
  const known = new Set(routes.keys());
  for (const slug of broken.services) known.add(`/services/${slug}`);
  for (const slug of broken.articles) known.add(`/blog/${slug}`);
  const brokenPages = broken.pages.size > 0;

  // Redirects: sources are extra link targets; they must not shadow a page, nor chain.
  const redirectTo = new Map<string, string>();
  for (const entry of model.redirects) {
    entry.data.redirects.forEach((r, i) => {
      if (redirectTo.has(r.from)) at(entry, ['redirects', i, 'from'], 'redirect/duplicate', `"${r.from}" is redirected twice`, 'keep one of the two entries');
      else if (routes.has(r.from)) at(entry, ['redirects', i, 'from'], 'redirect/source-is-page', `"${r.from}" is a page (${routes.get(r.from)}), so it cannot redirect`, 'remove the redirect or the page');
      redirectTo.set(r.from, r.to);
    });
  }
  for (const entry of model.redirects) {
    entry.data.redirects.forEach((r, i) => {
      if (redirectTo.has(r.to)) {
        const seen = new Set([r.from]);
        let next: string | undefined = r.to;
        while (next !== undefined && !seen.has(next)) {
          seen.add(next);
          next = redirectTo.get(next);
        }
        if (next !== undefined) at(entry, ['redirects', i, 'to'], 'redirect/loop', `redirecting "${r.from}" to "${r.to}" leads back to "${next}"`, 'point the redirect at a page');
        else at(entry, ['redirects', i, 'to'], 'redirect/chain', `"${r.to}" redirects again (to "${redirectTo.get(r.to)}")`, `point "${r.from}" straight at "${redirectTo.get(r.to)}"`);
      } else if (!known.has(r.to)) {
        at(entry, ['redirects', i, 'to'], 'redirect/target-missing', `"${r.to}" is not a page`, didYouMeanPath(r.to, routes.keys()) || 'point the redirect at an existing page');
      }
    });
  }

  // Internal links must reach a page (either language) or a redirect source.
  const targets = new Set<string>();
  for (const p of [...known, ...redirectTo.keys()]) {
    targets.add(p);
    targets.add(localizePath(p, 'nl'));
  }
  const anchors = anchorIndex(model);
  const checkLink = (entry: Entry<unknown>, path: PathSegment[], href: string, offsetOf?: () => number | undefined) => {
    if (!href.startsWith('/') && !href.startsWith('#')) return;
    const [beforeHash, hash] = href.split('#', 2) as [string, string | undefined];
    const target = beforeHash.split('?')[0]!;
    const report = (rule: string, message: string, hint: string, severity: Diagnostic['severity'] = 'error') => {
      const offset = offsetOf?.();
      if (offset === undefined) return at(entry, path, rule, message, hint, severity);
      const { line, column } = entry.source.position(offset);
      ctx.diagnostics.push({ file: entry.source.file, line, column, severity, rule, message, hint: hint || undefined, path: dotted(path) });
    };
    if (target === '') {
      const own = ownAnchors(model, entry, anchors);
      if (hash && own && !own.has(hash)) report('link/broken', `no heading on this page has the anchor "#${hash}"`, didYouMean(hash, own) || 'link to a heading id of this page');
      return;
    }
    const clean = target.length > 1 ? target.replace(/\/$/, '') : target;
    if (!targets.has(clean)) {
      if (brokenPages && !/^\/(nl\/)?(services|blog)\//.test(clean)) return;
      const english = clean.replace(/^\/nl(?=\/|$)/, '') || '/';
      report('link/broken', `the link "${href}" points at no page`, didYouMeanPath(english, [...known, ...redirectTo.keys()]) || 'link to an existing page (npm run routes lists them)');
      return;
    }
    if (clean === '/nl' || clean.startsWith('/nl/')) {
      report('link/language-prefix', `the link "${href}" names the Dutch page`, `write the English path "${clean.replace(/^\/nl/, '') || '/'}"; Dutch pages add /nl themselves`, 'warning');
    }
    if (hash) {
      const list = anchors.get(clean.replace(/^\/nl(?=\/|$)/, '') || '/');
      if (list && !list.has(hash)) report('link/broken', `"${clean}" has no heading with the anchor "#${hash}"`, didYouMean(hash, list) || `anchors there: ${[...list].join(', ')}`);
    }
  };

  // One walk per file runs every per-node check: links, images and both languages.
  const visitImage = imageVisitor(model, ctx);
  const visitLanguages = languageVisitor(ctx);
  for (const entry of entries) {
    walk(entry.data, (value, path) => {
      if (typeof value !== 'string') {
        if (value !== null && typeof value === 'object') {
          visitImage(entry, value, path);
          visitLanguages(entry, value, path);
        }
        return;
      }
      const key = path[path.length - 1];
      if (key === 'href') {
        checkLink(entry, path, value);
        return;
      }
      if (!value.includes('](')) return;
      for (const match of value.matchAll(inlineLink)) {
        const target = match[2]!;
        // Point at the link target inside the text when the source spells it the same way.
        const offsetOf = () => {
          const range = entry.source.range(path);
          const found = range ? entry.source.text.indexOf(`](${target})`, range[0]) : -1;
          return range && found >= 0 && found < range[1] ? found + 2 : undefined;
        };
        checkLink(entry, path, target, offsetOf);
      }
    });
  }

  checkReferences(model, broken, ctx);
  checkSeo(entries, ctx);
  checkNavigation(model, routes, ctx);
  checkSite(model, ctx);
}

/** Heading anchors of pages with rich text, by English path. */
function anchorIndex(model: ContentModel): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  const add = (path: string, body: { type: string; id?: string; text?: { en: string } }[]) => {
    const ids = new Set<string>();
    for (const block of body) if (block.type === 'heading' && block.text) ids.add(block.id ?? slugify(block.text.en));
    index.set(path, ids);
  };
  for (const [slug, { data }] of model.articles) add(`/blog/${slug}`, data.body);
  for (const [, { data }] of model.pages) if ('body' in data && 'path' in data) add(data.path, data.body);
  return index;
}

function ownAnchors(model: ContentModel, entry: Entry<unknown>, index: Map<string, Set<string>>): Set<string> | undefined {
  for (const [slug, e] of model.articles) if (e === entry) return index.get(`/blog/${slug}`);
  for (const [, e] of model.pages) if (e === entry && 'path' in e.data) return index.get(e.data.path);
  return undefined;
}

function checkReferences(model: ContentModel, broken: Record<CollectionName, Set<string>>, { at }: CrossContext): void {
  const ref = (entry: Entry<unknown>, path: PathSegment[], value: string, collection: CollectionName, label: string, allowedKinds?: ServiceData['kind'][]) => {
    if (broken[collection].has(value)) return;
    const map = model[collection] as Map<string, Entry<unknown>>;
    const target = map.get(value);
    if (!target) {
      at(entry, path, 'ref/unknown', `there is no ${label} "${value}"`, didYouMean(value, map.keys()) || `create content/${collection}/${value}.yaml or use an existing ${label}`);
      return;
    }
    if (allowedKinds) {
      const kind = (target.data as ServiceData).kind;
      if (!allowedKinds.includes(kind)) at(entry, path, 'ref/wrong-kind', `"${value}" is a ${kind} page; a ${allowedKinds.join(' or ')} page is needed here`);
    }
  };
  const blogCategories = (model.pages.get('blog')?.data as Extract<PageData, { id: 'blog' }> | undefined)?.categories.map((c) => c.id);
  for (const [, entry] of model.pages) {
    const page = entry.data;
    if (page.id === 'home') {
      page.featured.services.forEach((s, i) => ref(entry, ['featured', 'services', i], s, 'services', 'service'));
      page.testimonials.items.forEach((t, i) => ref(entry, ['testimonials', 'items', i], t, 'testimonials', 'testimonial'));
    } else if (page.id === 'services') {
      page.categories.services.forEach((s, i) => ref(entry, ['categories', 'services', i], s, 'services', 'service', ['category', 'allon4']));
    }
  }
  for (const [slug, entry] of model.services) {
    const s = entry.data;
    if (s.kind === 'category') s.items.forEach((item, i) => ref(entry, ['items', i], item, 'services', 'service', ['detail', 'allon4']));
    if (s.kind === 'detail') {
      if (s.category) ref(entry, ['category'], s.category, 'services', 'service', ['category']);
      s.testimonials.forEach((t, i) => ref(entry, ['testimonials', i], t, 'testimonials', 'testimonial'));
    }
    void slug;
  }
  for (const [slug, entry] of model.articles) {
    const a = entry.data;
    a.related.forEach((r, i) => {
      if (r === slug) at(entry, ['related', i], 'ref/self', 'an article cannot be related to itself', 'pick another article');
      else ref(entry, ['related', i], r, 'articles', 'article');
    });
    if (blogCategories && !blogCategories.includes(a.category)) {
      at(entry, ['category'], 'ref/unknown', `there is no blog category "${a.category}"`, didYouMean(a.category, blogCategories) || `categories in content/pages/blog.yaml: ${blogCategories.join(', ')}`);
    }
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`],
  );
}

type Visitor = (entry: Entry<unknown>, value: object, path: PathSegment[]) => void;

/** Checks every image and video a file refers to, and records image sizes. */
function imageVisitor(model: ContentModel, ctx: CrossContext): Visitor {
  let available: string[] | undefined;
  const videos = new Set<string>();
  return (entry, value, path) => {
      if (Array.isArray(value)) return;
      const v = value as Record<string, unknown>;
      if (v.type === 'video' && typeof v.video === 'string') {
        if (!videos.has(v.video) && !existsSync(join(ctx.videosDir, v.video))) {
          ctx.at(entry, [...path, 'video'], 'image/missing', `the video "${v.video}" does not exist in ${ctx.rel(ctx.videosDir)}/`, 'add the file or fix the path');
        } else videos.add(v.video);
      }
      if (typeof v.src !== 'string' || !isLocalizedText(v.alt)) return;
      const src = v.src;
      if (model.images.has(src)) return;
      const abs = join(ctx.imagesDir, src);
      if (!existsSync(abs)) {
        available ??= listFiles(ctx.imagesDir);
        ctx.at(entry, [...path, 'src'], 'image/missing', `the image "${src}" does not exist in ${ctx.rel(ctx.imagesDir)}/`, didYouMean(src, available) || 'add the file or fix the path');
        return;
      }
      try {
        const size = imageSize(readFileSync(abs));
        if (!size.width || !size.height) throw new Error('no size');
        model.images.set(src, { width: size.width, height: size.height });
      } catch {
        ctx.at(entry, [...path, 'src'], 'image/unreadable', `the size of "${src}" cannot be read`, 'save it as SVG (with width and height), PNG, JPEG, WebP or AVIF');
      }
  };
}

const placeholderPattern = /\{(\w+)\}/g;

/** Checks that both languages of a text differ where they should and share their placeholders. */
function languageVisitor({ at }: CrossContext): Visitor {
  return (entry, value, path) => {
      if (isLocalizedText(value)) {
        if (value.en === value.nl && value.en.length >= 40) {
          at(entry, [...path, 'nl'], 'i18n/identical', 'the Dutch text is the same as the English text', 'translate it, or confirm that the text is meant to be the same', 'warning');
        }
        if (!value.en.includes('{') && !value.nl.includes('{')) return;
        const en = [...value.en.matchAll(placeholderPattern)].map((m) => m[1]).sort().join(',');
        const nl = [...value.nl.matchAll(placeholderPattern)].map((m) => m[1]).sort().join(',');
        if (en !== nl) {
          at(entry, [...path, 'nl'], 'i18n/placeholder-mismatch', `the placeholders differ: English has {${en.split(',').filter(Boolean).join('}, {')}} and Dutch {${nl.split(',').filter(Boolean).join('}, {')}}`, 'use the same {placeholders} in both languages');
        }
      } else if (!Array.isArray(value)) {
        const v = value as Record<string, unknown>;
        const nlItems = v.nl;
        if (Array.isArray(v.en) && Array.isArray(nlItems)) {
          v.en.forEach((item, i) => {
            if (typeof item === 'string' && item === nlItems[i] && item.length >= 40) {
              at(entry, [...path, 'nl', i], 'i18n/identical', 'the Dutch item is the same as the English item', 'translate it', 'warning');
            }
          });
        }
      }
  };
}

/** Search engines cut titles after about 60 characters and descriptions after about 160. */
export const seoLimits = { title: 60, descriptionMin: 70, descriptionMax: 160 };

function checkSeo(entries: Entry<unknown>[], { at }: CrossContext): void {
  for (const entry of entries) {
    const seo = (entry.data as { seo?: { title: { en: string; nl: string }; description: { en: string; nl: string } } }).seo;
    if (!seo) continue;
    for (const lang of ['en', 'nl'] as const) {
      const title = seo.title[lang];
      if (title.length > seoLimits.title) {
        at(entry, ['seo', 'title', lang], 'length/title', `the title has ${title.length} characters; search results show about ${seoLimits.title}`, 'shorten it', 'warning');
      }
      const d = seo.description[lang];
      if (d.length > seoLimits.descriptionMax || d.length < seoLimits.descriptionMin) {
        at(entry, ['seo', 'description', lang], 'length/description', `the description has ${d.length} characters`, `aim for ${seoLimits.descriptionMin} to ${seoLimits.descriptionMax}`, 'warning');
      }
    }
  }
}

function checkNavigation(model: ContentModel, routes: Map<string, string>, { at }: CrossContext): void {
  const nav = model.navigation;
  if (!nav) return;
  const megaItems = nav.data.header.filter((h) => h.megaMenu).length;
  if (megaItems > 1) at(nav, ['header'], 'nav/mega-menu', `${megaItems} header items open the mega-menu`, 'set "megaMenu: true" on one item only');
  walk(nav.data, (value, path) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const v = value as { href?: unknown; label?: unknown; title?: unknown };
    if (typeof v.href === 'string' && v.label === undefined && v.title === undefined && !routes.has(v.href) && !v.href.startsWith('/')) {
      at(nav, path, 'nav/missing-label', `the link to "${v.href}" needs a label`, 'only links to pages of this site can leave out "label"');
    }
  });
}

function checkSite(model: ContentModel, { at, diagnostics }: CrossContext): void {
  const site = model.site;
  if (!site) return;
  const fields: string[] = [];
  walk(site.data, (_v, path) => {
    if (path.length && path.every((p) => typeof p === 'string') && path[0] !== 'placeholders') fields.push(path.join('.'));
  });
  const unconfirmed: string[] = [];
  site.data.placeholders.forEach((p, i) => {
    if (!fields.includes(p) && p !== 'testimonials') {
      at(site, ['placeholders', i], 'site/placeholder', `"${p}" is not a field of the site settings`, closest(p, fields) ? `did you mean "${closest(p, fields)}"?` : 'name a field such as "phone" or "address.street"');
    } else unconfirmed.push(p);
  });
  if (unconfirmed.length) {
    const { line, column } = site.source.locate(['placeholders']);
    diagnostics.push({
      file: site.source.file, line, column, severity: 'note', rule: 'site/placeholder',
      message: `not yet confirmed by the lab: ${unconfirmed.join(', ')}`,
      hint: 'replace each value and remove it from "placeholders" once the lab confirms it', path: 'placeholders',
    });
  }
}
