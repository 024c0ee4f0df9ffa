import { TestimonialCard } from '../components/testimonial-card.tsx';
import { Claims } from '../features/home/claims.tsx';
import { FrontDoors } from '../features/home/front-doors.tsx';
import { NewsCard } from '../features/home/news-card.tsx';
import { ReadingProgress } from '../features/home/reading-progress.tsx';
import { WhoToGoTo } from '../features/services/who-to-go-to.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { SectionHead } from '../components/section-head.tsx';
import { ServiceCard } from '../components/service-card.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

// Rows of three on wide screens (a six-column grid, two each); a short last row is centred.

/**
 * The home page: the reading-progress bar, the two front doors under the page's h1 (the hero title),
 * featured services, "Who do I go to?", the lab's claims, testimonials and the newest articles.
 */
export default function HomePage({ content: { hero, doors, featured, highlights, testimonials, news } }: TemplateProps<'home'>) {
  return (
    <>
      <ReadingProgress />
      <FrontDoors title={hero.title} description={hero.description} image={hero.image} doors={doors} />
      <section className="section bg-sand/60" aria-labelledby="featured-title">
        <div className="container-page">
          <SectionHead id="featured-title" title={featured.title} intro={featured.intro} link={featured.link} />
          <ul className="card-grid mt-10">
            {featured.services.map((service) => (
              <li key={service.slug}>
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <WhoToGoTo />
      <Claims section={highlights} />
      <section className="section bg-sand/60" aria-labelledby="testimonials-title">
        <div className="container-page">
          <SectionHead id="testimonials-title" title={testimonials.title} link={testimonials.link} />
          {testimonials.items.length > 0 ? (
            <ul className="card-grid mt-10">
              {testimonials.items.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          ) : (
            // None published yet (a release leaves the samples out): an invitation instead.
            <p className="measure mt-8 text-lg text-ink/85">
              <InlineText text={testimonials.empty} />
            </p>
          )}
        </div>
      </section>
      <section className="section" aria-labelledby="news-title">
        <div className="container-page">
          <SectionHead id="news-title" title={news.title} link={news.link} />
          <ul className="card-grid mt-10">
            {news.articles.map((article) => (
              <li key={article.slug}>
                <NewsCard article={article} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
