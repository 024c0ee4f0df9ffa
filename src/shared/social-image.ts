import { englishPath, langOfPath } from './paths.ts';

/** The size of every page's social image: the 1.91:1 picture LinkedIn, Facebook, X and WhatsApp show. */
export const socialImageSize = { width: 1200, height: 630 } as const;

/** Where the build writes a page's social image: `/nl/about` -> `/social/nl/about.png`, `/` -> `/social/en/index.png`. */
export function socialImagePath(path: string): string {
  const english = englishPath(path);
  return `/social/${langOfPath(path)}${english === '/' ? '/index' : english}.png`;
}
