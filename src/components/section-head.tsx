import { SiteLink } from './site-link.tsx';
import type { ResolvedLink } from '../shared/content-types.ts';
import { KeepWhole } from './keep-whole.tsx';

/** A section's h2 and optional introduction, with an optional link to the full list beside them. */
export function SectionHead({ id, title, intro, link }: { id: string; title: string; intro?: string; link?: ResolvedLink }) {
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
      <div className="max-w-3xl">
        <h2 id={id} className="section-title">
          <KeepWhole text={title} />
        </h2>
        {intro ? (
          <p className="measure mt-4 text-lg text-ink/80">
            <KeepWhole text={intro} />
          </p>
        ) : null}
      </div>
      {link ? (
        <p className="shrink-0">
          <SiteLink href={link.href} className="btn btn-secondary">
            {link.label}
          </SiteLink>
        </p>
      ) : null}
    </div>
  );
}
