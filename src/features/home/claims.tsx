import type { z } from 'zod';
import type { FeatureSection } from '../../../schemas/sections.ts';
import { FeatureIcon } from '../../components/feature-icons.tsx';
import { InlineText } from '../../components/inline-text.tsx';
import type { Localize } from '../../shared/content-types.ts';
import { SectionHead } from '../../components/section-head.tsx';

/** The lab's claims (experience, guarantee, speed, rush service): side by side on wide screens, four to a row. */
export function Claims({ section, className = '' }: { section: Localize<z.output<typeof FeatureSection>>; className?: string }) {
  return (
    <section className={`section ${className}`} aria-labelledby="claims-title">
      <div className="container-page">
        <SectionHead id="claims-title" title={section.title} intro={section.intro} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {section.items.map((item) => (
            <li key={item.title} className="card flex flex-col gap-3">
              {item.icon ? (
                <span className="grid size-12 place-items-center rounded-2xl bg-mint text-teal">
                  <FeatureIcon name={item.icon} className="size-6" />
                </span>
              ) : null}
              <h3 className="text-lg font-semibold text-deep">{item.title}</h3>
              <p className="text-ink/85">
                <InlineText text={item.text} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
