import { CtaBanner } from '../components/cta-banner.tsx';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { Hero } from '../components/hero.tsx';
import { RevealGrid } from '../components/reveal-grid.tsx';
import { SectionHead } from '../components/section-head.tsx';
import { ServiceCard } from '../components/service-card.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/** The services overview: the fields of work as cards, why choose the lab, and a call to action. */
export default function ServicesPage({ content }: TemplateProps<'services'>) {
  const { categories } = content;
  return (
    <>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} photo={content.hero.photo} cta={content.hero.cta} />
      <section className="section" aria-labelledby="categories-title">
        <div className="container-page">
          <SectionHead id="categories-title" title={categories.title} intro={categories.intro} />
          <RevealGrid className="card-grid mt-10">
            {categories.services.map((service) => (
              <li key={service.slug}>
                <ServiceCard service={service} />
              </li>
            ))}
          </RevealGrid>
        </div>
      </section>
      <FeatureGrid section={content.whyChooseUs} id="why-title" className="bg-sand/60" />
      <CtaBanner title={content.cta.title} text={content.cta.text} primary={content.cta.primary} secondary={content.cta.secondary} />
    </>
  );
}
