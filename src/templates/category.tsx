import { Breadcrumb } from '../components/breadcrumb.tsx';
import { ComparisonTable } from '../components/comparison-table.tsx';
import { Hero } from '../components/hero.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { RevealGrid } from '../components/reveal-grid.tsx';
import { ServiceCard } from '../components/service-card.tsx';
import { useServiceCta } from '../features/services/use-service-cta.ts';
import { WhoToGoTo } from '../features/services/who-to-go-to.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { useServiceTrail } from '../features/services/use-service-trail.ts';

/** A category listing: an introduction and a card for each of its services, in content order, then its materials table when it has one. */
export default function CategoryPage({ content }: TemplateProps<'category'>) {
  const { primary: book } = useServiceCta(content.audience);
  const trail = useServiceTrail();
  return (
    <>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} photo={content.hero.photo} cta={book} eyebrow={<Breadcrumb trail={trail} />} />
      <section className="section">
        <div className="container-page">
          <p className="measure text-lg text-ink/85">
            <InlineText text={content.intro} />
          </p>
          <RevealGrid className="card-grid mt-10" label={content.name}>
            {content.items.map((service) => (
              <li key={service.slug}>
                <ServiceCard service={service} heading="h2" />
              </li>
            ))}
          </RevealGrid>
        </div>
      </section>
      {content.comparison ? <ComparisonTable comparison={content.comparison} /> : null}
      {content.audience === 'patient' ? <WhoToGoTo /> : null}
    </>
  );
}
