import type { ReactNode } from 'react';
import { Hero } from '../components/hero.tsx';

import { InlineText } from '../components/inline-text.tsx';
import { FeedbackProvider } from '../features/forms/feedback.tsx';
import { FormCard } from '../features/forms/form-card.tsx';
import { OrderForm } from '../features/forms/order-form.tsx';
import { useShell } from '../lib/i18n.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/**
 * The page for dentists: the way to send a case first (the order form, `#order`), then the lab's facts
 * dentists choose it by, from site settings and marked as examples while the lab has not confirmed them
 * (turnaround per kind of work, pickup and courier, the scanners' links, the werkbon and price list, the
 * guarantee), then the MDR statement. The generate step writes the facts ready to show.
 */
export default function ForDoctorsPage({ content }: TemplateProps<'for-doctors'>) {
  const { shell } = useShell();
  const { facts: f } = content;
  const c = content;
  const mark = (example: boolean) =>
    example ? (
      <span className="example-mark" title={c.example.text}>
        {c.example.label}
      </span>
    ) : null;
  return (
    <FeedbackProvider>
      <Hero title={c.hero.title} description={c.hero.description} image={c.hero.image} cta={c.hero.cta}>
        <nav aria-label={c.onThisPage}>
          <ul className="mt-8 flex flex-wrap gap-2">
            {f.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="jump-link">
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Hero>
      <section className="section bg-sand/60" aria-labelledby="form-title" id="order">
        <div className="container-page">
          <FormCard title={c.form.title} intro={c.form.intro} className="mx-auto max-w-4xl">
            <OrderForm />
          </FormCard>
        </div>
      </section>
      {f.turnaround ? (
        <Fact id="turnaround" title={c.turnaround.title} mark={mark(f.turnaround.example)} intro={c.turnaround.intro}>
          <div className="fact-table-frame">
            <table className="fact-table">
              <thead>
                <tr>
                  <th scope="col">{c.turnaround.work}</th>
                  <th scope="col">{c.turnaround.days}</th>
                </tr>
              </thead>
              <tbody>
                {f.turnaround.rows.map((row) => (
                  <tr key={row.work}>
                    <th scope="row">{row.work}</th>
                    <td>{row.days}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="fact-note">{f.turnaround.basis}</p>
        </Fact>
      ) : null}
      {f.pickup ? (
        <Fact id="pickup" title={c.pickup.title} mark={mark(f.pickup.example)} intro={c.pickup.intro} tint>
          <div className="fact-split">
            <dl className="card fact-list">
              {f.pickup.rows.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
            <div className="card flex flex-col items-start gap-4">
              <p>{c.pickup.request}</p>
              <a href={`tel:${shell.site.phone.e164}`} className="btn btn-primary">
                {c.pickup.call}
              </a>
            </div>
          </div>
        </Fact>
      ) : null}
      {f.scanners ? (
        <Fact id="scanners" title={c.scanners.title} mark={mark(f.scanners.example)} intro={c.scanners.intro}>
          <ul className="card-grid mt-10">
            {f.scanners.items.map((item) => (
              <li key={item.name} className="card fact-card">
                <h3 className="fact-card-title">{item.name}</h3>
                <p>{item.how}</p>
                <p className="fact-id">
                  {item.label} {item.id ? <strong>{item.id}</strong> : null}
                </p>
              </li>
            ))}
          </ul>
        </Fact>
      ) : null}
      {f.downloads ? (
        <Fact id="downloads" title={c.downloads.title} intro={c.downloads.intro} tint>
          <ul className="card-grid two-up mt-10">
            {f.downloads.map((file) => (
              <li key={file.href} className="card fact-card">
                <h3 className="fact-card-title">
                  {file.title} {mark(file.example)}
                </h3>
                <p>{file.text}</p>
                <a href={file.href} download className="btn btn-secondary mt-auto self-start" aria-label={file.label}>
                  {c.downloads.button}
                </a>
              </li>
            ))}
          </ul>
        </Fact>
      ) : null}
      {f.clinical ? (
        <Fact id="clinical" title={c.clinical.title} mark={mark(f.clinical.example)} intro={f.clinical.kpt}>
          <h3 className="fact-card-title mt-8">{c.clinical.complaintsTitle}</h3>
          <p className="fact-intro">
            <InlineText text={f.clinical.complaints} /> {c.clinical.disputes}{' '}
            <a href={f.clinical.disputesBody.url} className="link">
              {f.clinical.disputesBody.name}
            </a>
          </p>
        </Fact>
      ) : null}
      {f.guarantee ? <Fact id="guarantee" title={c.guarantee.title} mark={mark(f.guarantee.example)} intro={f.guarantee.text} /> : null}
      <Fact id="mdr" title={c.mdr.title} tint>
        <div className="prose-site mt-6 max-w-3xl">
          <p>{c.mdr.intro}</p>
          <ul>
            {c.mdr.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>{c.mdr.outro}</p>
        </div>
      </Fact>
    </FeedbackProvider>
  );
}

/** A section of the page: its heading (the anchor a link lands on), the example mark, an introduction. */
function Fact({ id, title, mark, intro, tint, children }: { id: string; title: string; mark?: ReactNode; intro?: string; tint?: boolean; children?: ReactNode }) {
  return (
    <section className={tint ? 'section bg-sand/40' : 'section'} aria-labelledby={id}>
      <div className="container-page">
        <div className="fact-head">
          <h2 id={id} className="section-title">
            {title}
          </h2>
          {mark}
        </div>
        {intro ? (
          <p className="fact-intro">
            <InlineText text={intro} />
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}
