import { useT } from '../lib/i18n.tsx';
import type { DetailContent, ResolvedImage } from '../shared/content-types.ts';

/** Two labelled pictures side by side (stacked on a phone), with what they show as the caption. */
export function BeforeAfter({ comparison }: { comparison: NonNullable<DetailContent['beforeAfter']> }) {
  const t = useT();
  return (
    <section className="section" aria-labelledby="before-after-title">
      <div className="container-page">
        <h2 id="before-after-title" className="section-title">
          {t('services.beforeAfterTitle')}
        </h2>
        <figure className="mt-10">
          <div className="grid gap-6 sm:grid-cols-2">
            <Picture image={comparison.before} label={t('services.before')} />
            <Picture image={comparison.after} label={t('services.after')} />
          </div>
          <figcaption className="measure mt-6 text-ink/85 lg:text-lg">{comparison.description}</figcaption>
        </figure>
      </div>
    </section>
  );
}

function Picture({ image, label }: { image: ResolvedImage; label: string }) {
  return (
    <figure className="relative overflow-hidden rounded-2xl bg-white ring-1 ring-deep/10">
      <img src={image.src} width={image.width} height={image.height} alt={image.alt} loading="lazy" decoding="async" className="h-auto w-full" />
      <figcaption className="absolute top-4 left-4 rounded-full bg-deep px-4 py-1.5 text-sm font-semibold text-white shadow">{label}</figcaption>
    </figure>
  );
}
