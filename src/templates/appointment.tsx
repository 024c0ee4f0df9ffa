import { useShell } from '../lib/i18n.tsx';
import { Hero } from '../components/hero.tsx';
import { Icon, LineIcon, iconClock, iconCheck } from '../components/icons.tsx';

import { InlineText } from '../components/inline-text.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { AppointmentForm } from '../features/forms/appointment-form.tsx';
import { FeedbackProvider } from '../features/forms/feedback.tsx';
import { FormCard } from '../features/forms/form-card.tsx';
import { OpeningHours } from '../components/opening-hours.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/** The appointment page: the booking form beside what to expect, the hours and a lab-visit card. */
export default function AppointmentPage({ content }: TemplateProps<'appointment'>) {
  const { shell } = useShell();
  const { info, labVisit, clinicalFacts } = content;
  return (
    <FeedbackProvider>
      <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} photo={content.hero.photo} cta={content.hero.cta} />
      <div className="section">
        <div className="container-page grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <FormCard title={content.form.title} intro={content.form.intro} section>
            <AppointmentForm />
          </FormCard>
          <div className="grid gap-6">
            <section className="card bg-mint/40" aria-labelledby="info-title">
              <h2 id="info-title" className="text-xl font-semibold text-deep">
                {info.title}
              </h2>
              <h3 className="mt-5 font-semibold text-deep">{info.booking.title}</h3>
              <p className="mt-1 text-ink/85">
                <InlineText text={info.booking.text} />
              </p>
              {clinicalFacts ? (
                <>
                  <h3 className="mt-5 flex flex-wrap items-center gap-2 font-semibold text-deep">
                    {info.clinical.title}
                    {clinicalFacts.example ? (
                      <span className="example-mark" title={info.clinical.exampleText}>
                        {info.clinical.example}
                      </span>
                    ) : null}
                  </h3>
                  <p className="mt-1 text-ink/85">
                    <InlineText text={clinicalFacts.kpt} />
                  </p>
                  <h4 className="mt-3 font-semibold text-deep">{info.clinical.complaintsTitle}</h4>
                  <p className="mt-1 text-ink/85">
                    <InlineText text={clinicalFacts.complaints} /> {info.clinical.disputes}{' '}
                    <a href={clinicalFacts.disputesBody.url} className="link">
                      {clinicalFacts.disputesBody.name}
                    </a>
                  </p>
                </>
              ) : null}
              <h3 className="mt-5 font-semibold text-deep">{info.expect.title}</h3>
              <ul className="mt-2 grid gap-2">
                {info.expect.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <LineIcon d={iconCheck} className="mt-1 size-4 shrink-0 text-teal" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
              <h3 className="mt-5 flex items-center gap-2 font-semibold text-deep">
                <LineIcon d={iconClock} className="size-5 text-teal" />
                {info.hoursTitle}
              </h3>
              <OpeningHours className="mt-2" />
              <h3 className="mt-5 font-semibold text-deep">{info.emergencyTitle}</h3>
              <p className="mt-1 text-ink/85">{shell.site.emergency}</p>
            </section>
            <section className="card" aria-labelledby="visit-title">
              <h2 id="visit-title" className="flex items-center gap-2 text-xl font-semibold text-deep">
                <Icon name="pin" className="size-5 text-teal" />
                {labVisit.title}
              </h2>
              <p className="mt-2 text-ink/85">{labVisit.text}</p>
              <p className="mt-5">
                <SiteLink href={labVisit.cta.href} className="btn btn-secondary">
                  {labVisit.cta.label}
                </SiteLink>
              </p>
            </section>
          </div>
        </div>
      </div>
    </FeedbackProvider>
  );
}
