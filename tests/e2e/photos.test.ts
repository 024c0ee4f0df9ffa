import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhotoSite } from '../fixtures/photos/make-photo-site.ts';
import { projectRoot } from '../support/fixtures.ts';

// Today's site with the photographs of tests/fixtures/photos, built as `npm run build` builds it: the
// pictures' markup, the files behind every srcset, and what loads first or last.

const scratch = join(projectRoot, 'tests', '.tmp');

/** Every <picture> of a page with its <source> and <img> attributes, as the built HTML has them. */
function pictures(html: string) {
  const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>')]));
  return [...html.matchAll(/<picture([^>]*)>([\s\S]*?)<\/picture>/g)].map((m) => ({
    className: attrs(m[1]!).class ?? '',
    sources: [...m[2]!.matchAll(/<source[^>]*>/g)].map((s) => attrs(s[0])),
    img: attrs(/<img[^>]*>/.exec(m[2]!)![0]),
  }));
}

describe('a site with photographs', () => {
  let root: string;
  let dist: string;
  const page = (file: string) => readFileSync(join(dist, 'client', file), 'utf8');

  beforeAll(async () => {
    mkdirSync(scratch, { recursive: true });
    root = mkdtempSync(join(scratch, 'photos-'));
    await makePhotoSite(root);
    dist = join(root, 'dist');
    const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
    const args = ['scripts/build.ts', `--content-root=${root}`, `--manifest-dir=${join(root, 'generated')}`, `--dist=${dist}`];
    const result = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args], { cwd: projectRoot, env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\d+ photograph files of which \d+ made, \d+ from the cache/);
  }, 600_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("shows the hero's photograph at every width, cropped for a phone, fetched first and never lazily", () => {
    const [hero] = pictures(page('services/zirconia/index.html')).filter((p) => p.className === 'hero-photo');
    expect(hero).toBeDefined();
    expect(hero!.sources.map((s) => `${s.media ?? 'all'} ${s.type}`)).toEqual([
      '(width < 48rem) image/avif',
      '(width < 48rem) image/webp',
      '(width < 48rem) image/jpeg',
      'all image/avif',
      'all image/webp',
    ]);
    // Each source and the <img> carry the shape of their crop: 3:2 on a phone, 5:4 beside the text.
    for (const source of hero!.sources) expect(Number(source.width) / Number(source.height)).toBeCloseTo(source.media ? 3 / 2 : 5 / 4, 2);
    expect(Number(hero!.img.width) / Number(hero!.img.height)).toBeCloseTo(5 / 4, 2);
    expect(hero!.img.fetchpriority).toBe('high');
    expect(hero!.img.loading).toBeUndefined();
    expect(hero!.img.alt).toMatch(/^A three-unit monolithic zirconia bridge/);
    const dutch = pictures(page('nl/services/zirconia/index.html')).find((p) => p.className === 'hero-photo');
    expect(dutch!.img.alt).toMatch(/^Een driedelige monolithische zirkoniabrug/);
  });

  it('has a file of the right format and size behind every width of every source', () => {
    const html = ['services/zirconia/index.html', 'about/index.html'].map(page).join('');
    const all = pictures(html).filter((p) => p.className !== 'hero-art');
    expect(all.length).toBeGreaterThanOrEqual(6);
    const magic: Record<string, (b: Buffer) => boolean> = {
      'image/avif': (b) => b.subarray(4, 12).toString('latin1') === 'ftypavif',
      'image/webp': (b) => b.subarray(8, 12).toString('latin1') === 'WEBP',
      'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
    };
    for (const picture of all) {
      for (const set of [...picture.sources, { ...picture.img, type: 'image/jpeg' }]) {
        const entries = set.srcset!.split(', ').map((entry) => entry.split(' ') as [string, string]);
        expect(entries.length).toBeGreaterThanOrEqual(2);
        for (const [url, width] of entries) {
          const bytes = readFileSync(join(dist, 'client', url));
          expect(magic[set.type!]!(bytes), url).toBe(true);
          if (set.type !== 'image/avif') {
            const size = imageSize(bytes);
            expect(`${size.width}w`).toBe(width);
            // The file has the shape the markup reserves for it.
            expect(size.width / size.height).toBeCloseTo(Number(set.width) / Number(set.height), 2);
          }
        }
      }
    }
    expect(existsSync(join(dist, 'client', pictures(html)[0]!.img.src!))).toBe(true);
  });

  it('loads the photographs of a case study and of the team lazily, each with its credit and alt text in the page language', () => {
    const zirconia = page('services/zirconia/index.html');
    expect(zirconia).toContain('Cases from our lab: zirconia crowns and bridges');
    const cases = pictures(zirconia).filter((p) => p.className === '');
    expect(cases.map((p) => p.img.alt)).toEqual(['The finished bridge on the model, seen from the cheek side', 'A single zirconia crown after the glaze firing, on a black glass plate']);
    for (const p of cases) {
      expect(p.img.loading).toBe('lazy');
      expect(p.img.fetchpriority).toBeUndefined();
      expect(Number(p.img.width)).toBeGreaterThan(0);
      expect(Number(p.img.height)).toBeGreaterThan(0);
    }
    expect(zirconia).toContain('Photo: test fixture, made in code');
    const about = page('nl/about/index.html');
    const team = pictures(about).filter((p) => p.className === '');
    expect(team.map((p) => p.img.alt)).toEqual(['Anna de Wit in haar labjas', 'Daan Vos in zijn labjas']);
    expect(team.every((p) => p.img.loading === 'lazy' && p.sources.every((s) => Number(s.width) * 5 === Number(s.height) * 4))).toBe(true);
    expect(about).toContain('Foto: test fixture, made in code');
    // The member without a portrait keeps her initial; nothing is invented.
    expect(about).toContain('Sanne Bakker');
  });

  it('keeps the illustration where no photograph is given, fetched by no phone', () => {
    // A category page keeps its hero with artwork (a detail page without a photograph has a short header).
    const [art] = pictures(page('services/dentures/index.html'));
    expect(art!.className).toBe('hero-art');
    expect(art!.sources).toEqual([expect.objectContaining({ media: '(width >= 48rem)' })]);
    expect(art!.img.src).toBeUndefined();
    expect(page('services/dentures/index.html')).not.toContain('/assets/photos/');
    // A detail page without a photograph shows neither an illustration nor a photograph at its top.
    expect(pictures(page('services/veneers/index.html')).filter((p) => /hero/.test(p.className))).toEqual([]);
  });
});
