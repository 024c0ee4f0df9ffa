import type { ResolvedPhoto } from '../shared/content-types.ts';

/**
 * A photograph as the build made it (scripts/pictures.ts): a <picture> whose sources hold each crop (a
 * phone's first) in AVIF, WebP and JPEG at every width, each with its shape, so the page reserves it
 * before a byte arrives. Below the fold it loads lazily; the page's largest picture (`priority`) is
 * fetched first. Its markup is all in the content, so a page without a photograph loads almost nothing of it.
 */
export function Photo({ photo, priority }: { photo: ResolvedPhoto; priority?: boolean }) {
  return (
    <picture>
      {photo.picture.sources.map((source) => (
        <source key={source.srcSet} {...source} />
      ))}
      <img {...photo.picture.img} alt={photo.alt} {...(priority ? { fetchPriority: 'high' } : { loading: 'lazy' })} decoding="async" />
    </picture>
  );
}
