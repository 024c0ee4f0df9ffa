import { FeatureGrid } from '../components/feature-grid.tsx';
import { Hero } from '../components/hero.tsx';
import { FeedbackProvider } from '../features/forms/feedback.tsx';
import { FormCard } from '../features/forms/form-card.tsx';
import { OrderForm } from '../features/forms/order-form.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/**
 * The page for dentists: the services for practices, the lab's turnaround and guarantee in its own words
 * (once the lab has given them), then the order request with its file.
 */
export default function ForDoctorsPage({ content }: TemplateProps<'for-doctors'>) {
  return (
    <FeedbackProvider>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />
      <FeatureGrid section={content.services} id="services-title" />
      {content.terms ? <FeatureGrid section={content.terms} id="terms-title" columns={2} className="pt-0" /> : null}
      <section className="section bg-sand/60" aria-labelledby="form-title" id="order">
        <div className="container-page">
          <FormCard title={content.form.title} intro={content.form.intro} className="mx-auto max-w-4xl">
            <OrderForm />
          </FormCard>
        </div>
      </section>
    </FeedbackProvider>
  );
}
