/**
 * Composes each service's card picture from its hero artwork: the hero is a wide 1600x900 scene with
 * its subject on the right (where the old hero left room for text); a card is 4:3 and wants the subject
 * in its middle, whole, with the site's background shapes laid out for that frame. This takes the
 * subject (everything after the hero's six background shapes), measures it by rendering it, and sets
 * it centred in the 800x600 layout the before-and-after pictures use, with the same shapes.
 * Writes src/assets/images/services/cards/<name>.svg; run it again after changing a hero picture.
 * Usage: npx tsx scripts/card-art.ts [name ...]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const folder = join(process.cwd(), 'src', 'assets', 'images', 'services');
const out = join(folder, 'cards');

/** The hero's background: the sand, the corner disc, the halo, the ring, the gold dot and the dots. */
const heroGround = [
  '<rect width="1600" height="900" fill="#F3ECE2"/>',
  '<circle cx="1430" cy="770" r="170" fill="#FBFAF7"/>',
  '<circle cx="1120" cy="450" r="360" fill="url(#g)"/>',
  '<circle cx="1480" cy="160" r="24" fill="none" stroke="#5FA8A0" stroke-width="4"/>',
  '<circle cx="790" cy="190" r="10" fill="#E9C46A"/>',
  '<path d="M1290 820h0m32 0h0m32 0h0M1290 852h0m32 0h0m32 0h0" stroke="#5FA8A0" stroke-width="8" stroke-linecap="round"/>',
].join('');

/** The same shapes placed for a 4:3 frame, as in the before-and-after pictures. */
const cardGround = [
  '<rect width="800" height="600" fill="#F3ECE2"/>',
  '<circle cx="700" cy="530" r="110" fill="#FBFAF7"/>',
  '<circle cx="400" cy="300" r="265" fill="url(#g)"/>',
  '<circle cx="720" cy="80" r="16" fill="none" stroke="#5FA8A0" stroke-width="4"/>',
  '<circle cx="90" cy="100" r="7" fill="#E9C46A"/>',
  '<path d="M60 500h0m24 0h0m24 0h0M60 524h0m24 0h0m24 0h0" stroke="#5FA8A0" stroke-width="7" stroke-linecap="round"/>',
].join('');

/** The largest box the subject may take in the card, and the scale of the hero's halo to the card's. */
const room = { width: 540, height: 430 };
const haloScale = 265 / 360;

/** The subject's box in hero coordinates, found from the pixels it paints. */
function subjectBox(defs: string, subject: string): { x: number; y: number; width: number; height: number } {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">${defs}${subject}</svg>`;
  const image = new Resvg(svg, { fitTo: { mode: 'original' } }).render();
  const { width, height, pixels } = image;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (pixels[(y * width + x) * 4 + 3]! > 8) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < 0) throw new Error('the subject paints nothing');
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** The card picture for one hero picture, or null when the hero is not laid out on the shared ground. */
export function cardArt(hero: string): string | null {
  const defsEnd = hero.indexOf('</defs>') + '</defs>'.length;
  if (defsEnd < '</defs>'.length || hero.slice(defsEnd, defsEnd + heroGround.length) !== heroGround) return null;
  const defs = hero.slice(hero.indexOf('<defs>'), defsEnd);
  const subject = hero.slice(defsEnd + heroGround.length, hero.lastIndexOf('</svg>'));
  const box = subjectBox(defs, subject);
  const scale = Math.min(haloScale, room.width / box.width, room.height / box.height);
  const round = (n: number) => Math.round(n * 100) / 100;
  const dx = round(400 - (box.x + box.width / 2) * scale);
  const dy = round(300 - (box.y + box.height / 2) * scale);
  const open = hero
    .slice(0, hero.indexOf('>') + 1)
    .replace(/width="1600"/, 'width="800"')
    .replace(/height="900"/, 'height="600"')
    .replace(/viewBox="0 0 1600 900"/, 'viewBox="0 0 800 600"');
  return `${open}${defs}${cardGround}<g transform="translate(${dx} ${dy}) scale(${round(scale * 1000) / 1000})">${subject}</g></svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const only = process.argv.slice(2);
  mkdirSync(out, { recursive: true });
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.svg'))
    .sort()) {
    const name = file.slice(0, -'.svg'.length);
    if (only.length > 0 && !only.includes(name)) continue;
    const card = cardArt(readFileSync(join(folder, file), 'utf8'));
    if (card === null) continue;
    writeFileSync(join(out, file), card);
    console.log(`cards/${file}`);
  }
}
