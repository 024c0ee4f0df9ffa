import type { ReactNode } from 'react';
import type { ResolvedImage, ResolvedLink, ResolvedPhoto } from '../shared/content-types.ts';
import { SiteLink } from './site-link.tsx';
import { KeepWhole } from './keep-whole.tsx';

/**
 * The top of an inner page: its only h1, a short description and an optional button, with the page's
 * artwork in its own frame beside the text from 48rem on. On phones the artwork is left out (and not
 * fetched), so the title is the first thing a visitor reads; nothing is ever laid over the picture.
 * The lab's photograph, once given, takes the artwork's place at every width (a band under the text on a
 * phone), credited under it; it is the page's largest picture, so it is fetched first.
 */
export function Hero({
  title,
  description,
  image,
  photo,
  cta,
  eyebrow,
  children,
}: {
  title: string;
  description: string;
  image?: ResolvedImage;
  photo?: ResolvedPhoto;
  cta?: ResolvedLink;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="hero" aria-labelledby="page-title">
      <div className={`container-page hero-grid ${photo || image ? 'has-art' : ''}`}>
        <div className="hero-text">
          {eyebrow ? <div className="mb-4 text-sm font-semibold text-teal">{eyebrow}</div> : null}
          <h1 id="page-title" className="hero-title">
            <KeepWhole text={title} />
          </h1>
          <p className="hero-lead">
            <KeepWhole text={description} />
          </p>
          {cta ? (
            <p className="mt-7">
              <SiteLink href={cta.href} className="btn btn-primary">
                {cta.label}
              </SiteLink>
            </p>
          ) : null}
          {children}
        </div>
        {photo ? (
          <picture className="hero-photo">
            {photo.picture.sources.map((source) => (
              <source key={source.srcSet} {...source} />
            ))}
            <img {...photo.picture.img} alt={photo.alt} fetchPriority="high" decoding="async" />
          </picture>
        ) : image ? (
          <picture className="hero-art">
            {/* Only a screen wide enough to show the artwork fetches it: a phone's <img> has no source. */}
            <source media="(width >= 48rem)" srcSet={image.src} />
            <img width={image.width} height={image.height} alt={image.alt} fetchPriority="high" decoding="async" />
          </picture>
        ) : null}
      </div>
    </section>
  );
}
