import { useT } from '../lib/i18n.tsx';
import type { TestimonialContent } from '../shared/content-types.ts';
import { Icon } from './icons.tsx';

/** Stars out of five, read out as "4 out of 5 stars"; `rating` 5 unless content says otherwise. */
export function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <p className="flex gap-0.5 text-[#b7791f]" role="img" aria-label={t('common.stars', { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" className={`size-5 ${n <= rating ? 'fill-current' : 'text-ink/25'}`} />
      ))}
    </p>
  );
}

/**
 * A testimonial as a quote card: the text and who said it, with a patient's rating in stars. A dental
 * professional's never shows stars: dentists do not rate a lab by stars. A sample (shown in a preview
 * only) carries the example mark.
 */
export function TestimonialCard({ testimonial }: { testimonial: TestimonialContent }) {
  const t = useT();
  return (
    <figure className="card flex h-full flex-col gap-4">
      {testimonial.author === 'patient' ? <Stars rating={testimonial.rating} /> : null}
      <blockquote className="flex-1 text-ink/90">
        <p>{testimonial.text}</p>
      </blockquote>
      <figcaption className="flex items-center gap-3">
        {testimonial.image ? (
          <img
            src={testimonial.image.src}
            width={testimonial.image.width}
            height={testimonial.image.height}
            alt={testimonial.image.alt}
            loading="lazy"
            decoding="async"
            className="size-12 rounded-full bg-mint object-cover"
          />
        ) : (
          <span className="grid size-12 place-items-center rounded-full bg-mint font-semibold text-teal" aria-hidden="true">
            {testimonial.name.slice(0, 1)}
          </span>
        )}
        <span>
          <span className="block font-semibold text-deep">{testimonial.name}</span>
          <span className="block text-sm text-ink/75">{testimonial.role}</span>
          {/* An example the lab has not confirmed says so on its own card, so no screenshot of it reads as a real review. */}
          {testimonial.sample ? <span className="example-mark mt-1">{t('common.sampleTestimonial')}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}
