import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { imageSize } from 'image-size';
import type { z } from 'zod';
import {
  Article, Navigation, Page, Redirects, Service, shellUiGroups, SiteSettings, Testimonial, UiDictionary,
  type Page as PageData, type Service as ServiceData,
} from '../../schemas/index.ts';
import type { Diagnostic } from './diagnostics.ts';
import { SourceFile, type PathSegment } from './source.ts';
import { closest, didYouMean, didYouMeanPath } from './suggest.ts';
import { validate, dotted } from './validate.ts';
import { inlineLink } from '../../src/shared/inline-text.ts';
import { englishPath, langOfPath, localizePath } from '../../src/shared/paths.ts';
import { isLocalizedText, slugify, walk } from './walk.ts';

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
  /**
   * Keep every validated file in the model (needed to write the manifest). Without it, services,
   * articles and testimonials are checked as they are read and only their facts are kept, so a large
   * site is checked without holding all of it in memory.
   */
  retain?: boolean;
}

/** A validated file together with its source, for pointing at nodes. */
export interface Entry<T> {
  source: SourceFile;
  /** The validated data; for services, articles and testimonials only while `retain` is set. */
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
    const source = new SourceFile(rel(abs), readFileSync(abs, 'utf8'), abs);
    if (source.syntaxErrors.length) {
      diagnostics.push(...source.syntaxErrors);
      return undefined;
    }
    return source;
  };

  const ctx: CrossContext = { imagesDir, videosDir, rel, at, diagnostics };
  const facts: Facts = { links: [], refs: [], anchors: new Map(), serviceKinds: new Map() };
  const visitImage = imageVisitor(model, ctx);
  const visitLanguages = languageVisitor(ctx);
  // Checks one file on its own and records what the cross-file checks need: links, references, anchors.
  const scan = (entry: Entry<unknown>, collection: CollectionName | 'singles') => {
    const owner = ownPath(entry.data, collection);
    walk(entry.data, (value, path) => {
      if (typeof value === 'string') {
        if (path[path.length - 1] === 'href') facts.links.push({ entry, path: [...path], href: value, owner });
        else if (value.includes('](')) {
          for (const match of value.matchAll(inlineLink)) {
            const target = match[2]!;
            const linkPath = [...path];
            // Points at the link target inside the text when the source spells it the same way.
            const offsetOf = () => {
              const range = entry.source.range(linkPath);
              const found = range ? entry.source.text.indexOf(`](${target})`, range[0]) : -1;
              return range && found >= 0 && found < range[1] ? found + 2 : undefined;
            };
            facts.links.push({ entry, path: linkPath, href: target, owner, offsetOf });
          }
        }
      } else if (value !== null && typeof value === 'object') {
        visitImage(entry, value, path);
        visitLanguages(entry, value, path);
      }
    });
    checkSeo(entry, ctx);
    collectFacts(entry, collection, owner, facts);
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
      const entry: Entry<unknown> = { source, data: result.data };
      (model[collection] as Map<string, Entry<unknown>>).set(stem, entry);
      if (collection !== 'pages') {
        scan(entry, collection);
        if (!options.retain) {
          entry.data = undefined;
          source.release();
        }
      }
    }
  }
  // Site-wide files and pages are few and needed whole by the cross-file checks; they are scanned last.
  for (const entry of [model.site, model.navigation, model.ui, ...model.redirects]) if (entry) scan(entry, 'singles');
  for (const entry of model.pages.values()) scan(entry, 'pages');
  for (const id of requiredPages) {
    if (!model.pages.has(id) && !brokenSlugs.pages.has(id)) {
      fileProblem(`${rel(contentDir)}/pages/${id}.yaml`, 'content/missing-page', `the page "${id}" has no file`, `create content/pages/${id}.yaml (see schemas/page.ts)`);
    }
  }

  crossCheck(model, brokenSlugs, facts, ctx);
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

/** A link found in a file, checked once every page is known. */
interface LinkFact {
  entry: Entry<unknown>;
  path: PathSegment[];
  href: string;
  /** English path of the page the link is on, for same-page anchors. */
  owner?: string;
  /** Offset of the link target inside a text, computed only when the link is reported. */
  offsetOf?: () => number | undefined;
}

/** A reference from one file to another entry, checked once every file is read. */
interface RefFact {
  entry: Entry<unknown>;
  path: PathSegment[];
  value: string;
  target: CollectionName | 'blog-categories';
  label: string;
  kinds?: ServiceData['kind'][];
}

/** What the cross-file checks need from each file. */
interface Facts {
  links: LinkFact[];
  refs: RefFact[];
  /** Heading anchors of each page with rich text, by English path. */
  anchors: Map<string, Set<string>>;
  serviceKinds: Map<string, ServiceData['kind']>;
}

/** English paths of every page the content defines, mapped to what defines them. */
export function routePaths(model: ContentModel): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [id, { data }] of model.pages) if ('path' in data) paths.set(data.path, `page ${id}`);
  for (const slug of model.services.keys()) paths.set(`/services/${slug}`, `service ${slug}`);
  for (const slug of model.articles.keys()) paths.set(`/blog/${slug}`, `article ${slug}`);
  return paths;
}

/** The English path of the page a file defines, if it is a page. */
function ownPath(data: unknown, collection: CollectionName | 'singles'): string | undefined {
  const d = data as { path?: string; slug?: string };
  if (collection === 'pages') return d.path;
  if (collection === 'services') return `/services/${d.slug}`;
  if (collection === 'articles') return `/blog/${d.slug}`;
  return undefined;
}

/** Records a file's references to other entries and its heading anchors. */
function collectFacts(entry: Entry<unknown>, collection: CollectionName | 'singles', owner: string | undefined, facts: Facts): void {
  const ref = (path: PathSegment[], value: string, target: RefFact['target'], label: string, kinds?: ServiceData['kind'][]) =>
    facts.refs.push({ entry, path, value, target, label, kinds });
  const anchorsOf = (body: { type: string; id?: string; text?: { en: string } }[]) => {
    const ids = new Set<string>();
    for (const block of body) if (block.type === 'heading' && block.text) ids.add(block.id ?? slugify(block.text.en));
    if (owner) facts.anchors.set(owner, ids);
  };
  if (collection === 'pages') {
    const page = entry.data as PageData;
    if (page.id === 'home') {
      page.featured.services.forEach((s, i) => ref(['featured', 'services', i], s, 'services', 'service'));
      page.testimonials.items.forEach((t, i) => ref(['testimonials', 'items', i], t, 'testimonials', 'testimonial'));
      page.news.articles?.forEach((a, i) => ref(['news', 'articles', i], a, 'articles', 'article'));
    } else if (page.id === 'services') {
      page.categories.services.forEach((s, i) => ref(['categories', 'services', i], s, 'services', 'service', ['category', 'allon4']));
    } else if (page.id === 'privacy') anchorsOf(page.body);
  } else if (collection === 'services') {
    const s = entry.data as ServiceData;
    facts.serviceKinds.set(s.slug, s.kind);
    if (s.kind === 'category') s.items.forEach((item, i) => ref(['items', i], item, 'services', 'service', ['detail', 'allon4']));
    if (s.kind === 'detail') {
      if (s.category) ref(['category'], s.category, 'services', 'service', ['category']);
      s.testimonials.forEach((t, i) => ref(['testimonials', i], t, 'testimonials', 'testimonial'));
    }
  } else if (collection === 'articles') {
    const a = entry.data as Article;
    anchorsOf(a.body);
    a.related.forEach((r, i) => {
      if (r === a.slug) facts.refs.push({ entry, path: ['related', i], value: r, target: 'articles', label: 'self' });
      else ref(['related', i], r, 'articles', 'article');
    });
    ref(['category'], a.category, 'blog-categories', 'blog category');
  }
}

function crossCheck(model: ContentModel, broken: Record<CollectionName, Set<string>>, facts: Facts, ctx: CrossContext): void {
  const { at } = ctx;

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

  // Internal links must reach a page (either language), a redirect source, or a heading anchor.
  const targets = new Set<string>();
  for (const p of [...known, ...redirectTo.keys()]) {
    targets.add(p);
    targets.add(localizePath(p, 'nl'));
  }
  for (const { entry, path, href, owner, offsetOf } of facts.links) {
    if (!href.startsWith('/') && !href.startsWith('#')) continue;
    const [beforeHash, hash] = href.split('#', 2) as [string, string | undefined];
    const target = beforeHash.split('?')[0]!;
    const report = (rule: string, message: string, hint: string, severity: Diagnostic['severity'] = 'error') => {
      const offset = offsetOf?.();
      if (offset === undefined) return at(entry, path, rule, message, hint, severity);
      const { line, column } = entry.source.position(offset);
      ctx.diagnostics.push({ file: entry.source.file, line, column, severity, rule, message, hint: hint || undefined, path: dotted(path) });
    };
    if (target === '') {
      const own = owner ? facts.anchors.get(owner) : undefined;
      if (hash && own && !own.has(hash)) report('link/broken', `no heading on this page has the anchor "#${hash}"`, didYouMean(hash, own) || 'link to a heading id of this page');
      continue;
    }
    const clean = target.length > 1 ? target.replace(/\/$/, '') : target;
    if (!targets.has(clean)) {
      if (brokenPages && !/^\/(nl\/)?(services|blog)\//.test(clean)) continue;
      const english = englishPath(clean);
      report('link/broken', `the link "${href}" points at no page`, didYouMeanPath(english, [...known, ...redirectTo.keys()]) || 'link to an existing page (npm run routes lists them)');
      continue;
    }
    if (langOfPath(clean) === 'nl') {
      report('link/language-prefix', `the link "${href}" names the Dutch page`, `write the English path "${englishPath(clean)}"; Dutch pages add /nl themselves`, 'warning');
    }
    if (hash) {
      const list = facts.anchors.get(englishPath(clean));
      if (list && !list.has(hash)) report('link/broken', `"${clean}" has no heading with the anchor "#${hash}"`, didYouMean(hash, list) || `anchors there: ${[...list].join(', ')}`);
    }
  }

  // References to other entries must exist and be of the right kind.
  const blogCategories = (model.pages.get('blog')?.data as Extract<PageData, { id: 'blog' }> | undefined)?.categories.map((c) => c.id);
  for (const { entry, path, value, target, label, kinds } of facts.refs) {
    if (label === 'self') {
      at(entry, path, 'ref/self', 'an article cannot be related to itself', 'pick another article');
      continue;
    }
    if (target === 'blog-categories') {
      if (blogCategories && !blogCategories.includes(value)) {
        at(entry, path, 'ref/unknown', `there is no blog category "${value}"`, didYouMean(value, blogCategories) || `categories in content/pages/blog.yaml: ${blogCategories.join(', ')}`);
      }
      continue;
    }
    if (broken[target].has(value)) continue;
    const map = model[target] as Map<string, Entry<unknown>>;
    if (!map.has(value)) {
      at(entry, path, 'ref/unknown', `there is no ${label} "${value}"`, didYouMean(value, map.keys()) || `create content/${target}/${value}.yaml or use an existing ${label}`);
      continue;
    }
    const kind = facts.serviceKinds.get(value);
    if (kinds && kind && !kinds.includes(kind)) at(entry, path, 'ref/wrong-kind', `"${value}" is a ${kind} page; a ${kinds.join(' or ')} page is needed here`);
  }

  checkNavigation(model, routes, ctx);
  checkSite(model, ctx);
  checkUiGroups(model, ctx);
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

function checkSeo(entry: Entry<unknown>, { at }: CrossContext): void {
  const seo = (entry.data as { seo?: { title: { en: string; nl: string }; description: { en: string; nl: string } } }).seo;
  if (!seo) return;
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

function checkUiGroups(model: ContentModel, { at }: CrossContext): void {
  const ui = model.ui;
  if (!ui) return;
  for (const group of shellUiGroups) {
    if (!(group in ui.data)) at(ui, [], 'schema/missing-key', `the group "${group}" is missing`, 'every page needs it (header, footer, hours, errors); add it back');
  }
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
