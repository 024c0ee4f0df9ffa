import { SiteLink } from '../components/site-link.tsx';
import type { Cta } from '../components/types.ts';

/** A page's closing call to action: a dark panel with a heading, a sentence and one or two buttons. */
export function CallToAction({ title, text, primary, secondary }: { title: string; text: string; primary: Cta; secondary?: Cta }) {
  return (
    <section className="section" aria-labelledby="cta-title">
      <div className="container-page">
        <div className="rounded-3xl bg-deep bg-[radial-gradient(circle_at_85%_15%,rgb(95_168_160/0.35),transparent_55%)] px-6 py-12 text-center text-white md:px-12 md:py-16">
          <h2 id="cta-title" className="section-title mx-auto max-w-3xl text-white">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{text}</p>
          <p className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <SiteLink href={primary.href} className="btn btn-light">
              {primary.label}
            </SiteLink>
            {secondary ? (
              <SiteLink href={secondary.href} className="btn border-2 border-white/80 text-white hover:bg-white/10">
                {secondary.label}
              </SiteLink>
            ) : null}
          </p>
        </div>
      </div>
    </section>
  );
}
