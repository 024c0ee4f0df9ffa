import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { cropRect, makePhoto } from '../../scripts/pictures.ts';
import { Photo, photoPageIds } from '../../schemas/index.ts';
import { photoSlots } from '../../src/shared/photo-slots.ts';
import { fixtureSite, projectRoot } from '../support/fixtures.ts';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

const seed = Number(process.env.SEED ?? 20261127);
const alt = { en: 'A zirconia crown on the model', nl: 'Een zirkoniakroon op het model' };
const consent = { by: 'A. de Wit', date: '2026-10-01', for: ['website'], record: 'consent form 2026-014, lab office' };
const rules = (value: unknown) => {
  const result = Photo.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} ${((issue as { params?: { rule?: string } }).params)?.rule ?? issue.code}`);
};

describe('a photograph in the content', () => {
  it('of work on a model needs no consent', () => {
    expect(rules({ src: 'photos/crown.jpg', alt, credit: 'the lab', shows: 'work' })).toEqual([]);
  });

  it('of a person or a patient is refused without consent, with consent that leaves out the website, or dated in the future', () => {
    for (const shows of ['person', 'patient']) {
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows })).toEqual(['consent photo/consent']);
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows, consent })).toEqual([]);
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows, consent: { ...consent, for: ['print'] } })).toEqual(['consent.for photo/consent']);
      expect(rules({ src: 'photos/anna.jpg', alt, credit: 'the lab', shows, consent: { ...consent, date: '2999-01-01' } })).toEqual(['consent.date photo/consent']);
    }
  });

  it('is a raster photograph with alt text in both languages and a credit', () => {
    expect(rules({ src: 'photos/crown.svg', alt, credit: 'the lab', shows: 'work' })).toEqual(['src invalid_format']);
    expect(rules({ src: 'photos/crown.jpg', alt: { en: 'A crown' }, credit: 'the lab', shows: 'work' })).toEqual(['alt.nl invalid_type']);
    expect(rules({ src: 'photos/crown.jpg', alt, shows: 'work' })).toEqual(['credit invalid_type']);
  });

  it('of a person without consent is reported by the check at its file and line', async () => {
    const site = fixtureSite();
    cleanups.push(site.cleanup);
    const file = join(site.root, 'content', 'services', 'zirconia.yaml');
    mkdirSync(join(site.root, 'src', 'assets', 'images', 'photos'), { recursive: true });
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#e7d2c4' } }).png().toFile(join(site.root, 'src', 'assets', 'images', 'photos', 'patient.png'));
    const text = readFileSync(file, 'utf8').replace(/^hero:\n/m, 'hero:\n  photo:\n    src: photos/patient.png\n    alt: { en: A smile with two new veneers, nl: Een glimlach met twee nieuwe facings }\n    credit: the lab\n    shows: patient\n');
    writeFileSync(file, text);
    const found = checkContent({ root: site.root }).diagnostics.filter((d) => d.severity === 'error');
    expect(found.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual([`content/services/zirconia.yaml:${text.split('\n').indexOf('    src: photos/patient.png') + 1} photo/consent`]);
  });
});

describe("a release of today's content", () => {
  it('warns, and only warns, for every page still without the lab\'s photograph', () => {
    const found = checkContent({ root: projectRoot, release: true }).diagnostics.filter((d) => d.rule === 'release/no-photo');
    expect(found.every((d) => d.severity === 'warning')).toBe(true);
    const files = new Set(found.map((d) => d.file));
    // Every service and every page whose hero takes a photograph, and the about page's missing team.
    for (const id of photoPageIds) expect(files).toContain(`content/pages/${id}.yaml`);
    expect(files).toContain('content/services/zirconia.yaml');
    expect(files).not.toContain('content/pages/privacy.yaml');
    expect(found.filter((d) => d.file === 'content/pages/about.yaml').map((d) => d.path)).toEqual(['hero', 'highlights']);
  });

  it('says nothing of photographs in a preview', () => {
    expect(checkContent({ root: projectRoot }).diagnostics.filter((d) => d.rule === 'release/no-photo')).toEqual([]);
  });
});

describe('a crop', () => {
  it('has the shape asked for, lies inside the photograph, and keeps the focus in view (seeded)', () => {
    const shapes = Object.values(photoSlots).flatMap((slot) => slot.map((crop) => crop.aspect));
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 6000 }), fc.integer({ min: 40, max: 6000 }), fc.constantFrom(...shapes),
        fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }),
        (width, height, aspect, x, y) => {
          const rect = cropRect({ width, height }, aspect, { x, y });
          expect(rect.left).toBeGreaterThanOrEqual(0);
          expect(rect.top).toBeGreaterThanOrEqual(0);
          expect(rect.left + rect.width).toBeLessThanOrEqual(width);
          expect(rect.top + rect.height).toBeLessThanOrEqual(height);
          // As large as the shape allows: it touches both edges of one side.
          expect(rect.width === width || rect.height === height || Math.abs(rect.width - width) <= 1 || Math.abs(rect.height - height) <= 1).toBe(true);
          expect(Math.abs(rect.width / rect.height - aspect[0] / aspect[1])).toBeLessThan(2 / Math.min(rect.width, rect.height) + 0.02);
          // The focus is inside the crop (the crop moves with it as far as the edges allow).
          expect(rect.left).toBeLessThanOrEqual(Math.ceil((x / 100) * width));
          expect(rect.left + rect.width).toBeGreaterThanOrEqual(Math.floor((x / 100) * width));
          expect(rect.top).toBeLessThanOrEqual(Math.ceil((y / 100) * height));
          expect(rect.top + rect.height).toBeGreaterThanOrEqual(Math.floor((y / 100) * height));
        },
      ),
      { seed, numRuns: 500 },
    );
  });
});

describe('making the files of a photograph', () => {
  it('makes every width of every crop in AVIF, WebP and JPEG at its size, never wider than the original, and takes them from the cache the second time', async () => {
    const site = fixtureSite();
    cleanups.push(site.cleanup);
    const file = join(site.root, 'wide.jpg');
    // An original narrower than the hero's widest file (1280): that width is left out, not blown up.
    await sharp({ create: { width: 1100, height: 700, channels: 3, background: '#d8c9a8' } }).jpeg().toFile(file);
    const cacheDir = join(site.root, 'cache');
    const stats = { made: 0, cached: 0 };
    const { picture, files } = await makePhoto({ file, slot: 'hero', focus: { x: 50, y: 50 } }, cacheDir, stats);
    // The phone's crop (3:2) in three formats, then the wider screens' (5:4) in AVIF and WebP; the <img> is its JPEG.
    expect(picture.sources.map((s) => `${s.media ?? 'all'} ${s.type} ${s.width}x${s.height}`)).toEqual([
      '(width < 48rem) image/avif 960x640', '(width < 48rem) image/webp 960x640', '(width < 48rem) image/jpeg 960x640',
      'all image/avif 875x700', 'all image/webp 875x700',
    ]);
    expect(picture.img.srcSet).toMatch(/-480\.jpg 480w, .*-720\.jpg 720w, .*-875\.jpg 875w$/);
    expect(stats).toEqual({ made: files.length, cached: 0 });
    for (const made of files) {
      const meta = await sharp(made.cached).metadata();
      const [, width] = /-(\d+)\.\w+$/.exec(made.name)!;
      expect(meta.width).toBe(Number(width));
      expect(meta.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[made.name.split('.').pop()!]);
    }
    const again = { made: 0, cached: 0 };
    await makePhoto({ file, slot: 'hero', focus: { x: 50, y: 50 } }, cacheDir, again);
    expect(again).toEqual({ made: 0, cached: files.length });
  }, 120_000);
});
