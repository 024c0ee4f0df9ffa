import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { makePhoto } from '../../scripts/pictures.ts';
import { fixtureSite } from '../support/fixtures.ts';

// What needs a photograph made with sharp: the check of one in the content, and its files; what the content may
// say of a photograph, and its crops, are tested in tests/unit/photos.test.ts.

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

describe('a photograph in the content', () => {
  it('of a person without consent is reported by the check at its file and line', async () => {
    const site = fixtureSite();
    cleanups.push(site.cleanup);
    const file = join(site.root, 'content', 'services', 'zirconia.yaml');
    mkdirSync(join(site.root, 'src', 'assets', 'images', 'photos'), { recursive: true });
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#e7d2c4' } })
      .png()
      .toFile(join(site.root, 'src', 'assets', 'images', 'photos', 'patient.png'));
    const text = readFileSync(file, 'utf8').replace(
      /^hero:\n/m,
      'hero:\n  photo:\n    src: photos/patient.png\n    alt: { en: A smile with two new veneers, nl: Een glimlach met twee nieuwe facings }\n    credit: the lab\n    shows: patient\n',
    );
    writeFileSync(file, text);
    const found = checkContent({ root: site.root }).diagnostics.filter((d) => d.severity === 'error');
    expect(found.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual([`content/services/zirconia.yaml:${text.split('\n').indexOf('    src: photos/patient.png') + 1} photo/consent`]);
  });
});

describe('making the files of a photograph', () => {
  it('makes every width of every crop in AVIF, WebP and JPEG at its size, never wider than the original, and takes them from the cache the second time', async () => {
    const site = fixtureSite();
    cleanups.push(site.cleanup);
    const file = join(site.root, 'wide.jpg');
    // An original narrower than the hero's widest file (1280): that width is left out, not blown up.
    await sharp({ create: { width: 1100, height: 700, channels: 3, background: '#d8c9a8' } })
      .jpeg()
      .toFile(file);
    const cacheDir = join(site.root, 'cache');
    const stats = { made: 0, cached: 0 };
    const { picture, files } = await makePhoto({ file, slot: 'hero', focus: { x: 50, y: 50 } }, cacheDir, stats);
    // The phone's crop (3:2) in three formats, then the wider screens' (5:4) in AVIF and WebP; the <img> is its JPEG.
    expect(picture.sources.map((s) => `${s.media ?? 'all'} ${s.type} ${s.width}x${s.height}`)).toEqual([
      '(width < 48rem) image/avif 960x640',
      '(width < 48rem) image/webp 960x640',
      '(width < 48rem) image/jpeg 960x640',
      'all image/avif 875x700',
      'all image/webp 875x700',
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
