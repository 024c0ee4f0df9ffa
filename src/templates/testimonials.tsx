import { useT } from '../lib/i18n.tsx';
import { Hero } from '../components/hero.tsx';
import { LineIcon, iconCheck } from '../components/icons.tsx';
import { TestimonialCard } from '../components/testimonial-card.tsx';
import { FeedbackProvider } from '../features/forms/feedback.tsx';
import { FormCard } from '../features/forms/form-card.tsx';
import { TestimonialForm } from '../features/forms/testimonial-form.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/** Every published testimonial, then the form to send one in for review. */
export default function TestimonialsPage({ content }: TemplateProps<'testimonials'>) {
  const t = useT();
  return (
    <FeedbackProvider>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} photo={content.hero.photo} cta={content.hero.cta} />
      <section className="section" aria-labelledby="list-title">
        <div className="container-page">
          <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
            <div className="max-w-3xl">
              <h2 id="list-title" className="section-title">
                {content.list.title}
              </h2>
              {content.list.intro ? <p className="mt-4 text-lg text-ink/80">{content.list.intro}</p> : null}
            </div>
            {/* The form is far below a long list on a phone: this takes the visitor straight to it. */}
            <p className="shrink-0">
              <a href="#submit" className="btn btn-primary">
                {t('testimonials.submit')}
              </a>
            </p>
          </div>
          {content.testimonials.length > 0 ? (
            <ul className="card-grid mt-10">
              {content.testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8">{t('testimonials.empty')}</p>
          )}
          <div className="card mt-10 max-w-3xl" aria-labelledby="policy-title" role="group">
            <h3 id="policy-title" className="text-xl font-semibold text-deep">
              {content.policy.title}
            </h3>
            <ul className="mt-3 grid gap-2 text-ink/85">
              {content.policy.items.map((item) => (
                <li key={item} className="flex gap-2.5">
                  <LineIcon d={iconCheck} className="mt-1 size-4 shrink-0 text-teal" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section className="section bg-sand/60" aria-labelledby="form-title" id="submit">
        <div className="container-page">
          <FormCard title={content.form.title} intro={content.form.intro} className="mx-auto max-w-3xl">
            <TestimonialForm />
          </FormCard>
        </div>
      </section>
    </FeedbackProvider>
  );
}
