import { SiteLink } from './site-link.tsx';
import type { ResolvedLink } from '../shared/content-types.ts';
import { KeepWhole } from './keep-whole.tsx';

/** A page's closing call to action (one per page): a dark panel with a heading, a sentence and one or two buttons. */
export function CtaBanner({ title, text, primary, secondary }: { title: string; text: string; primary: ResolvedLink; secondary?: ResolvedLink }) {
  const id = 'cta-title';
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container-page">
        <div className="cta-banner relative isolate overflow-hidden rounded-3xl bg-deep px-6 py-12 text-center text-white md:px-12 md:py-16">
          <h2 id={id} className="section-title mx-auto max-w-3xl text-white">
            <KeepWhole text={title} />
          </h2>
          <p className="measure mx-auto mt-4 text-lg text-white/90">
            <KeepWhole text={text} />
          </p>
          <p className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <SiteLink href={primary.href} className="btn btn-light">
              {primary.label}
            </SiteLink>
            {secondary ? (
              <SiteLink href={secondary.href} className="btn btn-outline-light">
                {secondary.label}
              </SiteLink>
            ) : null}
          </p>
        </div>
      </div>
    </section>
  );
}
