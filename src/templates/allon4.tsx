import { useT } from '../lib/i18n.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { Hero } from '../components/hero.tsx';
import { LineIcon, iconCheck } from '../components/icons.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { KeepWhole } from '../components/keep-whole.tsx';
import { useServiceCta } from '../features/services/use-service-cta.ts';
import { WhoToGoTo } from '../features/services/who-to-go-to.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { useServiceTrail } from '../features/services/use-service-trail.ts';

/** The All-on-4 / All-on-6 page: how the treatment works, its benefits and a call to action. */
export default function AllOn4Page({ content }: TemplateProps<'allon4'>) {
  const t = useT();
  const { primary: book } = useServiceCta(content.audience);
  const trail = useServiceTrail();
  return (
    <>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} photo={content.hero.photo} cta={book} eyebrow={<Breadcrumb trail={trail} />} />
      {content.audience === 'patient' ? <WhoToGoTo /> : null}

      <section className="section" aria-labelledby="details-title">
        <div className="container-page grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-16">
          <div>
            <h2 id="details-title" className="section-title">
              <KeepWhole text={content.details.title} />
            </h2>
            <p className="mt-6 text-ink/85 lg:text-lg">
              <InlineText text={content.details.text} />
            </p>
          </div>
          {/* The hero's picture again, whole this time; its alt text was read with the hero. */}
          <img
            src={content.card.image.src}
            width={content.card.image.width}
            height={content.card.image.height}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-3xl ring-1 ring-deep/10 lg:sticky lg:top-28"
          />
        </div>
      </section>

      <section className="section bg-mint/40" aria-labelledby="benefits-title">
        <div className="container-page">
          <h2 id="benefits-title" className="section-title max-w-3xl">
            <KeepWhole text={t('services.benefitsTitle', { name: content.name })} />
          </h2>
          <ul className="card-grid mt-10">
            {content.benefits.map((benefit) => (
              <li key={benefit.title} className="card flex flex-col gap-3">
                <span className="grid size-10 place-items-center rounded-full bg-teal text-white">
                  <LineIcon d={iconCheck} className="size-6" />
                </span>
                <h3 className="text-lg font-semibold text-deep">
                  <KeepWhole text={benefit.title} />
                </h3>
                <p className="text-ink/85">
                  <InlineText text={benefit.text} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBanner title={content.cta.title} text={content.cta.text} primary={content.cta.primary} secondary={content.cta.secondary} />
    </>
  );
}
