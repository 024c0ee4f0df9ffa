import { useEffect, useRef, useState } from 'react';
import { useT } from '../app/i18n.tsx';
import placeholder from '../assets/images/placeholder.svg';
import { Icon } from '../components/icons.tsx';
import { SiteLink } from '../components/site-link.tsx';
import type { ServiceCard } from '../content/types.ts';

/**
 * A featured service: picture, name, a sentence and "Read more", whose hidden rest ("about
 * Zirconia crowns") names the service to screen readers and search engines alike. A picture that
 * fails to load, even before the page is interactive, is replaced by the placeholder.
 */
export function ServiceTile({ service }: { service: ServiceCard }) {
  const t = useT();
  const image = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  // An error before hydration happened while React was not yet listening.
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth === 0) setBroken(true);
  }, []);
  const more = t('common.readMoreAbout', { name: service.name });
  const visible = t('common.readMore');
  return (
    <article className="card flex h-full flex-col overflow-hidden p-0">
      <img
        ref={image}
        src={broken ? placeholder : service.image.src}
        width={service.image.width}
        height={service.image.height}
        alt={broken ? t('common.imageUnavailable') : service.image.alt}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
        className="aspect-video w-full bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-xl leading-snug font-semibold text-deep">{service.name}</h3>
        <p className="flex-1 text-ink/85">{service.description}</p>
        <p>
          <SiteLink href={service.href} className="link inline-flex items-center gap-1.5">
            {more.startsWith(visible) ? (
              <span>
                {visible}
                <span className="sr-only">{more.slice(visible.length)}</span>
              </span>
            ) : (
              more
            )}
            <Icon name="arrowRight" className="size-4" />
          </SiteLink>
        </p>
      </div>
    </article>
  );
}
