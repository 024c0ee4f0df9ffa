import type { ReactNode } from 'react';
import type { ResolvedImage, ResolvedLink } from '../shared/content-types.ts';
import { SiteLink } from './site-link.tsx';

/**
 * The top of a page: its only h1, a short description and an optional button, over the page's
 * artwork. Height grows with the viewport width (420, 500 and 600 px).
 */
export function Hero({ title, description, image, cta, eyebrow, children }: {
  title: ReactNode;
  description: string;
  image?: ResolvedImage;
  cta?: ResolvedLink;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="hero relative isolate flex min-h-[420px] items-center overflow-hidden bg-deep text-white md:min-h-[500px] lg:min-h-[600px]" aria-labelledby="page-title">
      {image ? (
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt={image.alt}
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-20 size-full object-cover object-right"
        />
      ) : null}
      <div className="hero-shade absolute inset-0 -z-10" aria-hidden="true" />
      <div className="container-page py-16">
        <div className="max-w-2xl">
          {eyebrow ? <div className="mb-4 text-sm font-semibold uppercase tracking-wide text-mint">{eyebrow}</div> : null}
          <h1 id="page-title" className="font-display text-4xl leading-tight font-semibold text-balance md:text-5xl">
            {title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-white/90 md:text-xl">{description}</p>
          {cta ? (
            <p className="mt-8">
              <SiteLink href={cta.href} className="btn btn-light">
                {cta.label}
              </SiteLink>
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </section>
  );
}
