import { useT } from '../lib/i18n.tsx';
import type { DetailContent } from '../shared/content-types.ts';
import { Photo } from './photo.tsx';

/**
 * The lab's own work on this service: each case with its photographs (the first largest), the material,
 * what the dentist asked and what the lab made. Rendered only when the service has a case, and every
 * case has at least one photograph, so an illustration never stands in for the lab's work here.
 */
export function CaseStudies({ cases, name }: { cases: DetailContent['cases']; name: string }) {
  const t = useT();
  return (
    <section className="section" aria-labelledby="cases-title">
      <div className="container-page">
        <h2 id="cases-title" className="section-title">
          {t('services.casesTitle', { name })}
        </h2>
        <div className="mt-10 grid gap-14">
          {cases.map((study, index) => (
            <article key={study.title} className="case-study" aria-labelledby={`case-${index + 1}`}>
              <div className={`case-photos ${study.photos.length > 1 ? 'is-several' : ''}`}>
                {study.photos.map((photo) => (
                  <figure key={photo.picture.img.src}>
                    <Photo photo={photo} />
                    <figcaption className="photo-credit">{photo.credit}</figcaption>
                  </figure>
                ))}
              </div>
              <div className="case-text">
                <h3 id={`case-${index + 1}`} className="text-xl leading-snug font-semibold text-deep lg:text-2xl">
                  {study.title}
                </h3>
                <dl className="term-list mt-4">
                  <div>
                    <dt>{t('services.caseMaterial')}</dt>
                    <dd>{study.material}</dd>
                  </div>
                  <div>
                    <dt>{t('services.caseAsked')}</dt>
                    <dd>{study.asked}</dd>
                  </div>
                  <div>
                    <dt>{t('services.caseDone')}</dt>
                    <dd>{study.done}</dd>
                  </div>
                </dl>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
