import { useShell, useT } from '../lib/i18n.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { CaseStudies } from '../components/case-studies.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { Hero } from '../components/hero.tsx';
import { Icon } from '../components/icons.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { SectionHead } from '../components/section-head.tsx';
import { TestimonialCard } from '../components/testimonial-card.tsx';
import { useServiceCta } from '../features/services/use-service-cta.ts';
import { WhoToGoTo } from '../features/services/who-to-go-to.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { useServiceTrail } from '../features/services/use-service-trail.ts';

/**
 * A service detail page, in the shared order: hero, "Who do I go to?" on a page for patients, more information, benefits, process, then
 * testimonials and the lab's case studies (with their photographs) when the service has them, and the closing banner
 * unless the service turns it off.
 */
export default function DetailPage({ content }: TemplateProps<'detail'>) {
  const t = useT();
  const { primary: book, secondary, text } = useServiceCta(content.audience);
  const trail = useServiceTrail(content.category);
  const name = content.nameInText ?? content.name;
  return (
    <>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} photo={content.hero.photo} cta={book} eyebrow={<Breadcrumb trail={trail} />} />
      {content.audience === 'patient' ? <WhoToGoTo /> : null}

      <section className="section" aria-labelledby="more-info-title">
        <div className="container-page">
          <SectionHead id="more-info-title" title={t('services.moreInfoTitle', { name })} />
          <div className="mt-8 divide-y divide-deep/10 border-y border-deep/10">
            {content.moreInfo.map((block) => (
              <article key={block.title} className="grid gap-3 py-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-12 lg:py-10">
                <h3 className="text-xl leading-snug font-semibold text-deep lg:text-2xl">{block.title}</h3>
                <MoreInfoText text={block.text} />
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section bg-mint/40" aria-labelledby="benefits-title">
        <div className="container-page">
          <SectionHead id="benefits-title" title={t('services.benefitsTitle', { name })} />
          <ul className="card-grid mt-10">
            {content.benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-3 rounded-2xl bg-white p-5 ring-1 ring-deep/10">
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-teal text-white">
                  <Icon name="check" className="size-5" />
                </span>
                <span className="pt-1 font-medium text-ink">{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="process-title">
        <div className="container-page">
          <SectionHead id="process-title" title={t('services.processTitle', { name })} />
          <ol className="card-grid mt-10">
            {content.process.map((step, index) => (
              <li key={step.title} className="card flex flex-col gap-3">
                <div className="flex items-center gap-4">
                  <span className="grid size-11 shrink-0 place-items-center rounded-full bg-deep text-lg font-semibold text-white" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 className="text-lg leading-snug font-semibold text-deep">{step.title}</h3>
                </div>
                <p className="text-ink/85">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {content.testimonials.length > 0 ? (
        <section className="section bg-sand/60" aria-labelledby="testimonials-title">
          <div className="container-page grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-center lg:gap-12">
            <h2 id="testimonials-title" className="section-title">
              {t('services.testimonialsTitle')}
            </h2>
            <ul className={`grid gap-6 ${content.testimonials.length > 1 ? 'md:grid-cols-2' : ''}`}>
              {content.testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {content.cases.length > 0 ? <CaseStudies cases={content.cases} name={name} /> : null}

      {content.closingBanner ? (
        <CtaBanner
          title={t('services.interestedTitle', { name })}
          text={text}
          primary={book}
          secondary={secondary}
        />
      ) : null}
    </>
  );
}

/**
 * A block's text. One made of labelled parts ("**Indications:** … **Preparation:** …") reads as a
 * definition list, one term and its explanation at a time; any other text is a paragraph.
 */
function MoreInfoText({ text }: { text: string }) {
  const [intro = '', ...rest] = text.split(/\*\*([^*\n]+?):\*\*\s*/);
  if (rest.length < 4) {
    return (
      <p className="measure text-ink/85 lg:text-lg">
        <InlineText text={text} />
      </p>
    );
  }
  const terms = rest.flatMap((label, i) => (i % 2 ? [] : [{ label, text: rest[i + 1]!.trim() }]));
  return (
    <div className="measure text-ink/85 lg:text-lg">
      {intro.trim() ? (
        <p className="mb-4">
          <InlineText text={intro.trim()} />
        </p>
      ) : null}
      <dl className="term-list">
        {terms.map((term) => (
          <div key={term.label}>
            <dt>{term.label}</dt>
            <dd>
              <InlineText text={term.text} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
