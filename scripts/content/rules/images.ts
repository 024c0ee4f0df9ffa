/** Rules of the pictures and videos the content names. */
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { imageSize } from 'image-size';
import { listFiles } from '../check/locate.ts';
import { own, type Scanned } from '../check/model.ts';
import type { CheckRun } from '../check/run.ts';
import type { PathSegment } from '../source.ts';
import { didYouMean } from '../suggest.ts';
import { defineRules } from './spec.ts';

export const rules = defineRules({
  'image/missing': { severity: 'error', description: 'A picture or video is not in `src/assets/images/` (or `videos/`).' },
  'image/unreadable': { severity: 'error', description: 'The size of a picture cannot be read (save it as SVG with width and height, PNG, JPEG, WebP or AVIF).' },
});

/** The image rules of one run: every image and video a file names is there, and each image's size is recorded. */
export function imageRules(run: CheckRun) {
  let available: string[] | undefined;
  const videos = new Set<string>();
  return (entry: Scanned, value: object, path: PathSegment[]): void => {
    if (Array.isArray(value)) return;
    const v = value as Record<string, unknown>;
    if (v.type === 'video' && typeof v.video === 'string') {
      if (!videos.has(v.video) && !existsSync(join(run.videosDir, v.video))) {
        run.at(entry, [...path, 'video'], 'image/missing', `the video "${v.video}" does not exist in ${run.rel(run.videosDir)}/`, 'add the file or fix the path');
      } else videos.add(own(v.video));
    }
    if (typeof v.src !== 'string' || !('alt' in v)) return;
    const src = v.src;
    if (run.model.images.has(src)) return;
    const abs = join(run.imagesDir, src);
    // A path that climbs out of the folder ("shots/../../x.svg") is refused by the schema; nothing outside is read.
    if (!abs.startsWith(join(run.imagesDir, sep))) return;
    if (!existsSync(abs)) {
      available ??= listFiles(run.imagesDir);
      run.at(entry, [...path, 'src'], 'image/missing', `the image "${src}" does not exist in ${run.rel(run.imagesDir)}/`, didYouMean(src, available) || 'add the file or fix the path');
      return;
    }
    try {
      const size = imageSize(readFileSync(abs));
      if (!size.width || !size.height) throw new Error('no size');
      // A copy of the path: the model outlives the file's text, of which `src` is a slice.
      run.model.images.set(own(src), { width: size.width, height: size.height });
    } catch {
      run.at(entry, [...path, 'src'], 'image/unreadable', `the size of "${src}" cannot be read`, 'save it as SVG (with width and height), PNG, JPEG, WebP or AVIF');
    }
  };
}
