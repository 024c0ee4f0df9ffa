import { FeatureGrid } from '../components/feature-grid.tsx';
import { Hero } from '../components/hero.tsx';
import { LineIcon, iconCheck } from '../components/icons.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { SectionHead } from '../components/section-head.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/** Marketing services for practices: hero, introduction, the offers, the numbered packages (no prices), extras and a call to action. */
export default function MarketingServicesPage({ content: { hero, intro, offers, packages, additional, terms, cta } }: TemplateProps<'marketing-services'>) {
  return (
    <>
      <Hero title={hero.title} description={hero.description} image={hero.image} photo={hero.photo} cta={hero.cta} />
      <section className="section" aria-labelledby="intro-title">
        <div className="container-page grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
          <h2 id="intro-title" className="section-title">
            {intro.title}
          </h2>
          <p className="text-lg text-ink/85">
            <InlineText text={intro.text} />
          </p>
        </div>
      </section>
      <FeatureGrid section={offers} id="offers-title" className="bg-sand/60" />
      <section className="section" aria-labelledby="packages-title">
        <div className="container-page">
          <SectionHead id="packages-title" title={packages.title} intro={packages.intro} />
          <ol className="mt-10 grid gap-6 lg:grid-cols-3">
            {packages.items.map((item, i) => (
              // Rows shared across the cards (subgrid), so names, descriptions and feature lists line up.
              <li key={item.name} className="card grid content-start gap-4 lg:row-span-4 lg:grid-rows-subgrid">
                <span className="grid size-12 place-items-center rounded-full bg-deep text-xl font-semibold text-white" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="text-xl font-semibold text-deep">{item.name}</h3>
                <p className="text-ink/85">{item.description}</p>
                <ul className="flex flex-col gap-2.5 border-t border-deep/10 pt-5">
                  {item.features.map((feature) => (
                    <li key={feature} className="flex gap-2.5">
                      <LineIcon d={iconCheck} className="mt-0.5 size-5 shrink-0 text-teal" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <div className="card mt-8 max-w-3xl">
            <h3 className="text-xl font-semibold text-deep">{terms.title}</h3>
            <p className="mt-2 text-ink/85">
              <InlineText text={terms.text} />
            </p>
          </div>
        </div>
      </section>
      <FeatureGrid section={additional} id="additional-title" className="bg-sand/60" />
      <CtaBanner title={cta.title} text={cta.text} primary={cta.primary} secondary={cta.secondary} />
    </>
  );
}
