import type { ReactNode } from 'react';
import type { ResolvedLink } from '../shared/content-types.ts';
import { KeepWhole } from './keep-whole.tsx';
import { SiteLink } from './site-link.tsx';

/**
 * The top of a page that is read rather than browsed (a service's details, an article, the privacy
 * statement, the blog): its only h1 and the lead, with an optional eyebrow (a breadcrumb or category),
 * button and lines below, in a band a few lines high, so the text itself starts in the first screen.
 * The artwork-sized hero stays for pages that introduce a subject.
 */
export function PageHeader({ title, lead, eyebrow, cta, children }: { title: string; lead?: string; eyebrow?: ReactNode; cta?: ResolvedLink; children?: ReactNode }) {
  return (
    <section className="page-header" aria-labelledby="page-title">
      <div className="container-page">
        {eyebrow ? <div className="mb-3 text-sm font-semibold text-teal">{eyebrow}</div> : null}
        <h1 id="page-title" className="page-header-title">
          <KeepWhole text={title} />
        </h1>
        {lead ? (
          <p className="page-header-lead">
            <KeepWhole text={lead} />
          </p>
        ) : null}
        {cta ? (
          <p className="mt-5">
            <SiteLink href={cta.href} className="btn btn-primary">
              {cta.label}
            </SiteLink>
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}
