import { useT } from '../lib/i18n.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { CaseStudies } from '../components/case-studies.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { Collapsible } from '../components/collapsible.tsx';
import { Hero } from '../components/hero.tsx';
import { LineIcon, iconCheck } from '../components/icons.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { KeepWhole } from '../components/keep-whole.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SectionHead } from '../components/section-head.tsx';
import { TestimonialCard } from '../components/testimonial-card.tsx';
import { useServiceCta } from '../features/services/use-service-cta.ts';
import { WhoToGoTo } from '../features/services/who-to-go-to.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { useServiceTrail } from '../features/services/use-service-trail.ts';

/**
 * A service detail page, in the shared order: its title and lead in a short header (the lab's photograph,
 * once given, earns a hero beside them), "Who do I go to?" on a page for patients, more information in
 * sections a phone shows closed, benefits as a checklist, the process as numbered steps on a line, then
 * testimonials and the lab's case studies (with their photographs) when the service has them, and the
 * closing banner unless the service turns it off.
 */
export default function DetailPage({ content }: TemplateProps<'detail'>) {
  const t = useT();
  const { primary: book, secondary, text } = useServiceCta(content.audience);
  const trail = useServiceTrail(content.category);
  const name = content.nameInText ?? content.name;
  return (
    <>
      {content.hero.photo ? (
        <Hero title={content.hero.title} description={content.hero.description} photo={content.hero.photo} cta={book} eyebrow={<Breadcrumb trail={trail} />} />
      ) : (
        <PageHeader title={content.hero.title} lead={content.hero.description} cta={book} eyebrow={<Breadcrumb trail={trail} />} />
      )}
      {content.audience === 'patient' ? <WhoToGoTo /> : null}

      <section className="section" aria-labelledby="more-info-title">
        <div className="container-page">
          <SectionHead id="more-info-title" title={t('services.moreInfoTitle', { name })} />
          <div className="mt-6 border-y border-deep/10 md:mt-8">
            {content.moreInfo.map((block) => (
              <Collapsible key={block.title} title={block.title} className="more-info">
                <MoreInfoText text={block.text} />
              </Collapsible>
            ))}
          </div>
        </div>
      </section>

      <section className="section bg-mint/40" aria-labelledby="benefits-title">
        <div className="container-page">
          <SectionHead id="benefits-title" title={t('services.benefitsTitle', { name })} />
          <ul className="check-list mt-6 md:mt-8">
            {content.benefits.map((benefit) => (
              <li key={benefit}>
                <span className="check-list-mark">
                  <LineIcon d={iconCheck} className="size-4" />
                </span>
                <span>
                  <KeepWhole text={benefit} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="process-title">
        <div className="container-page">
          <SectionHead id="process-title" title={t('services.processTitle', { name })} />
          {/* A sequence, read in order: numbered steps on one line, not cards to compare. */}
          <ol className="timeline mt-8">
            {content.process.map((step) => (
              <li key={step.title} className="timeline-step">
                <h3 className="text-lg leading-snug font-semibold text-deep">
                  <KeepWhole text={step.title} />
                </h3>
                <p className="mt-1.5 text-ink/85">
                  <KeepWhole text={step.description} />
                </p>
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

      {content.closingBanner ? <CtaBanner title={t('services.interestedTitle', { name })} text={text} primary={book} secondary={secondary} /> : null}
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
