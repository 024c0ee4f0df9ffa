// Where a photograph stands on a page decides its crops: each slot lists, widest screens last, the shape
// the photograph takes under a media query, the widths the build makes of that crop, and `sizes`, how
// wide the layout shows it. The build (scripts/pictures.ts) makes the files and the <picture>'s sources
// from these, so the files and the markup that names them cannot disagree.

/** A crop of a photograph for one range of screen widths. */
export interface SlotCrop {
  /** The media query this crop is for; the last crop has none (every other width). */
  media?: string;
  /** Width to height, e.g. [3, 2]. */
  aspect: readonly [number, number];
  /** The widths, in pixels, made of this crop. */
  widths: readonly number[];
  /** How wide the layout shows it, for the browser to pick a width (`sizes`). */
  sizes: string;
}

/** The slots a photograph can fill. */
export const photoSlots = {
  /** A page's hero: a wide band above the heading on a phone, a 5:4 frame beside the text from 48rem. */
  hero: [
    { media: '(width < 48rem)', aspect: [3, 2], widths: [400, 640, 960], sizes: 'calc(100vw - 2.5rem)' },
    { aspect: [5, 4], widths: [480, 720, 960, 1280], sizes: '(width >= 80rem) 36rem, (width >= 64rem) 45vw, 46vw' },
  ],
  /** A case study's photographs: square on a phone, 4:3 beside each other from 40rem. */
  case: [
    { media: '(width < 40rem)', aspect: [1, 1], widths: [400, 800], sizes: 'calc(100vw - 2.5rem)' },
    { aspect: [4, 3], widths: [480, 800, 1200], sizes: '(width >= 80rem) 37rem, 46vw' },
  ],
  /** A team member's portrait: 4:5 at every width. */
  portrait: [{ aspect: [4, 5], widths: [320, 480, 640], sizes: '(width >= 64rem) 18rem, (width >= 40rem) 30vw, 45vw' }],
} as const satisfies Record<string, readonly SlotCrop[]>;
export type PhotoSlot = keyof typeof photoSlots;

/** The formats made of every crop, best first: a browser takes the first it knows. */
export const photoFormats = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;

/** Where the build's photograph files are served from. */
export const photoBase = '/assets/photos/';

/** A <source> of a <picture>, as the build made it: one crop in one format at every width. */
export interface PictureSource {
  media?: string;
  type: string;
  srcSet: string;
  sizes: string;
  /** The crop's shape (its largest file's size), so the page reserves it before the file arrives. */
  width: number;
  height: number;
}

/** A photograph as the build made it: its sources, best first, and the <img> (the widest screens' JPEG). */
export interface BuiltPicture {
  sources: PictureSource[];
  img: { src: string; srcSet: string; sizes: string; width: number; height: number };
}
