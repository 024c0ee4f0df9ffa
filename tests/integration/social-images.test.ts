import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../scripts/content/check.ts';
import { listRoutes } from '../../scripts/content/emit.ts';
import { cardSvg, columnHeight, columnWidth, layout, renderSocialImages, titleLayout, type SocialCard } from '../../scripts/social-images.ts';
import { socialImagePath } from '../../src/shared/social-image.ts';
import { projectRoot } from '../support/fixtures.ts';

const site = { name: 'Tandlab Studio', host: 'www.example.nl' };
const images = join(projectRoot, 'src', 'assets', 'images');
const routes = listRoutes(checkContent({ root: projectRoot, retain: true }).model);
const cardOf = (route: (typeof routes)[number]): SocialCard => ({
  file: socialImagePath(route.path).slice(1),
  title: route.title,
  illustration: route.illustration && join(images, route.illustration.src),
});

/** Width and height from a PNG's IHDR chunk, after checking its signature. */
function pngSize(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 16)).toEqual(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

describe('the social image of a page', () => {
  it("sets every page's title in both languages within its column, at a size read at a glance", { timeout: 60_000 }, async () => {
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      expect(route.title, route.path).not.toBe('');
      expect(route.illustration, route.path).toBeDefined();
      const title = await titleLayout(route.title, columnWidth(true));
      expect(title.size, route.path).toBeGreaterThanOrEqual(48);
      expect(title.lines.length, route.path).toBeLessThanOrEqual(layout.title.lines);
      expect(title.lines.join(' '), route.path).toBe(route.title);
      for (const width of title.widths) expect(width, route.path).toBeLessThanOrEqual(columnWidth(true));
      expect(title.lines.length * Math.round(title.size * layout.title.lineHeight), route.path).toBeLessThanOrEqual(columnHeight);
    }
  });

  it('leaves the space between the title and the illustration empty for the longest titles (nothing runs over or under the picture)', { timeout: 60_000 }, async () => {
    const longest = [...routes].sort((a, b) => b.title.length - a.title.length).slice(0, 3);
    expect(longest.some((route) => route.lang === 'nl')).toBe(true);
    const gutter = { from: layout.padding.left + columnWidth(true), to: 1200 - layout.panel };
    for (const route of longest) {
      const { pixels, width, height } = new Resvg(await cardSvg(cardOf(route), site)).render();
      expect([width, height]).toEqual([1200, 630]);
      const marks: string[] = [];
      for (let y = 0; y < height; y++) {
        for (let x = gutter.from; x < gutter.to; x++) {
          const i = (y * width + x) * 4;
          // The porcelain background, #fbfaf7.
          if (Math.abs(pixels[i]! - 0xfb) + Math.abs(pixels[i + 1]! - 0xfa) + Math.abs(pixels[i + 2]! - 0xf7) > 6) marks.push(`${x},${y}`);
        }
      }
      expect(marks.slice(0, 5), `${route.path}: ${route.title}`).toEqual([]);
    }
  });

  it('gives the title the whole width when the page has no illustration', async () => {
    const svg = await cardSvg({ file: 'social/en/x.png', title: 'Contact Our Dental Laboratory' }, site);
    // The lab's mark is an image too; the illustration is the only one given as base64.
    expect(svg.includes('data:image/svg+xml;base64,')).toBe(false);
    expect(columnWidth(false)).toBe(columnWidth(true) + layout.panel);
  });
});

describe('rendering the social images of a build', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const temporary = () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-images-'));
    dirs.push(dir);
    return dir;
  };

  it('writes a 1200x630 PNG for each page, and renders again only the image whose title or illustration changed', { timeout: 60_000 }, async () => {
    const cacheDir = temporary();
    const picture = join(temporary(), 'picture.svg');
    writeFileSync(picture, readFileSync(join(images, 'pages', 'contact.svg')));
    const cards: SocialCard[] = [
      { file: 'social/en/contact.png', title: 'Contact Our Dental Laboratory', illustration: picture },
      { file: 'social/nl/contact.png', title: 'Neem contact op met ons laboratorium', illustration: join(images, 'pages', 'about.svg') },
    ];
    const first = temporary();
    expect(await renderSocialImages(cards, { site, outDir: first, cacheDir })).toEqual({ rendered: 2, cached: 0 });
    for (const card of cards) expect(pngSize(readFileSync(join(first, card.file)))).toEqual({ width: 1200, height: 630 });

    const again = temporary();
    expect(await renderSocialImages(cards, { site, outDir: again, cacheDir })).toEqual({ rendered: 0, cached: 2 });
    for (const card of cards) expect(readFileSync(join(again, card.file))).toEqual(readFileSync(join(first, card.file)));

    const retitled = temporary();
    expect(await renderSocialImages([{ ...cards[0]!, title: 'Contact the lab' }, cards[1]!], { site, outDir: retitled, cacheDir })).toEqual({ rendered: 1, cached: 1 });
    expect(readFileSync(join(retitled, cards[0]!.file))).not.toEqual(readFileSync(join(first, cards[0]!.file)));

    writeFileSync(picture, readFileSync(join(images, 'pages', 'blog.svg')));
    expect(await renderSocialImages(cards, { site, outDir: temporary(), cacheDir })).toEqual({ rendered: 1, cached: 1 });
    expect(await renderSocialImages(cards, { site: { ...site, name: 'Another Lab' }, outDir: temporary(), cacheDir })).toEqual({ rendered: 2, cached: 0 });
    expect(statSync(cacheDir).isDirectory()).toBe(true);
  });
});
