import { FeatureGrid } from '../components/feature-grid.tsx';
import { Hero } from '../components/hero.tsx';
import { FeedbackProvider } from '../features/forms/feedback.tsx';
import { FormCard } from '../features/forms/form-card.tsx';
import { OrderForm } from '../features/forms/order-form.tsx';
import type { TemplateProps } from '../shared/content-types.ts';
import { useShell, useT } from '../lib/i18n.tsx';

/**
 * The page for dentists: the services for practices, the lab's turnaround and guarantee in its own words
 * (once the lab has given them), then the order request with its file.
 */
export default function ForDoctorsPage({ content }: TemplateProps<'for-doctors'>) {
  return (
    <FeedbackProvider>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />
      <FeatureGrid section={content.services} id="services-title" />
      <LabTerms />
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

/** The lab's turnaround and guarantee as site settings state them; nothing while neither is given. */
function LabTerms() {
  const { shell } = useShell();
  const t = useT();
  const { turnaround, guarantee } = shell.site;
  if (!turnaround && !guarantee) return null;
  return (
    <section className="section pt-0" aria-label={t('practice.termsTitle')}>
      <div className="container-page">
        <dl className="grid gap-6 md:grid-cols-2">
          {turnaround ? (
            <div className="card">
              <dt className="text-lg font-semibold text-deep">{t('practice.turnaroundTitle')}</dt>
              <dd className="mt-2 text-ink/85">{turnaround}</dd>
            </div>
          ) : null}
          {guarantee ? (
            <div className="card">
              <dt className="text-lg font-semibold text-deep">{t('practice.guaranteeTitle')}</dt>
              <dd className="mt-2 text-ink/85">{guarantee}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
