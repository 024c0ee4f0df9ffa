import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { cardArt } from '../../scripts/card-art.ts';

const images = join('src', 'assets', 'images');
const services = readdirSync(join('content', 'services'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => load(readFileSync(join('content', 'services', f), 'utf8')) as { slug: string; hero: { image: { src: string } }; card: { image: { src: string } } });

describe('card pictures', () => {
  it.each(services.map((s) => [s.slug, s] as const))('%s has a picture composed for its 4:3 card, made from its hero', (_, service) => {
    const card = readFileSync(join(images, service.card.image.src), 'utf8');
    expect(service.card.image.src).not.toBe(service.hero.image.src);
    expect(card).toMatch(/^<svg [^>]*width="800" height="600" viewBox="0 0 800 600"/);
    // The card shows the hero's subject: the file is what the script makes of the hero today.
    expect(card).toBe(cardArt(readFileSync(join(images, service.hero.image.src), 'utf8')));
  });

  it('takes the whole subject and centres it in the card', () => {
    const card = readFileSync(join(images, 'services', 'cards', 'zirconia.svg'), 'utf8');
    const [, x, y, scale] = /<g transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)">/.exec(card)!.map(Number);
    // The hero's subject sits right of the middle of its 1600 px: the card moves it left and scales it down.
    expect(x).toBeLessThan(0);
    expect(scale).toBeGreaterThan(0.5);
    expect(scale).toBeLessThanOrEqual(265 / 360);
    expect(y).toBeGreaterThan(-300);
  });

  it("leaves a picture alone that is not laid out on the heroes' shared ground", () => {
    expect(cardArt('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')).toBeNull();
  });
});
