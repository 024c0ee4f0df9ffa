import { FeatureGrid } from '../components/feature-grid.tsx';
import { Hero } from '../components/hero.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { FeedbackProvider } from '../features/forms/feedback.tsx';
import { OrderForm } from '../features/forms/order-form.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/** The page for dentists: the services for practices, then the order request with its file. */
export default function ForDoctorsPage({ content }: TemplateProps<'for-doctors'>) {
  return (
    <FeedbackProvider>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />
      <FeatureGrid section={content.services} id="services-title" />
      <section className="section bg-sand/60" aria-labelledby="form-title" id="order">
        <div className="container-page">
          <div className="card mx-auto max-w-4xl">
            <h2 id="form-title" className="section-title">
              {content.form.title}
            </h2>
            <p className="mt-3 max-w-2xl text-ink/85">
              <InlineText text={content.form.intro} />
            </p>
            <div className="mt-8">
              <OrderForm />
            </div>
          </div>
        </div>
      </section>
    </FeedbackProvider>
  );
}
