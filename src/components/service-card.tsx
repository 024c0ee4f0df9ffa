import { useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n.tsx';
import placeholder from '../assets/images/placeholder.svg';
import type { ServiceSummary } from '../shared/content-types.ts';
import { LineIcon, iconArrowRight } from './icons.tsx';
import { SiteLink } from './site-link.tsx';
import { KeepWhole } from './keep-whole.tsx';

/**
 * A service as a card: its card picture (4:3, composed for the card: scripts/card-art.ts), name, a
 * sentence and "Read more", whose visually hidden rest ("about Zirconia crowns") names the service to
 * screen readers and search engines alike; the whole card is that link's target. A picture that fails
 * to load, even before the page is interactive, is replaced by the placeholder.
 */
export function ServiceCard({ service, heading: Heading = 'h3' }: { service: ServiceSummary; heading?: 'h2' | 'h3' }) {
  const t = useT();
  const image = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  // An image can fail before the page is hydrated, when React is not yet listening for the error.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  const more = t('common.readMoreAbout', { name: service.name });
  const visible = t('common.readMore');
  // A card repeats its page's own text: search finds that page, not each listing that shows the card.
  return (
    <article className="service-card card relative flex h-full flex-col overflow-hidden p-0" data-pagefind-ignore="">
      <img
        ref={image}
        src={broken ? placeholder : service.image.src}
        width={service.image.width}
        height={service.image.height}
        alt={broken ? t('common.imageUnavailable') : service.image.alt}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className="aspect-[4/3] w-full bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <Heading className="text-xl leading-snug font-semibold text-deep">
          <KeepWhole text={service.name} />
        </Heading>
        <p className="flex-1 text-ink/85">
          <KeepWhole text={service.description} />
        </p>
        <p>
          <SiteLink href={service.href} className="link card-link inline-flex items-center gap-1.5">
            {more.startsWith(visible) ? (
              <span>
                {visible}
                <span className="sr-only">{more.slice(visible.length)}</span>
              </span>
            ) : (
              more
            )}
            <LineIcon d={iconArrowRight} className="size-4" />
          </SiteLink>
        </p>
      </div>
    </article>
  );
}
