import type { Localize } from '../shared/content-types.ts';
import type { z } from 'zod';
import type { FeatureSection } from '../../schemas/sections.ts';
import { FeatureIcon } from './feature-icons.tsx';
import { InlineText } from './inline-text.tsx';
import { KeepWhole } from './keep-whole.tsx';

/** A titled section of features: one column on phones, two or three side by side on wider screens. */
export function FeatureGrid({ section, id, columns = 3, className = '' }: { section: Localize<z.output<typeof FeatureSection>>; id: string; columns?: 2 | 3; className?: string }) {
  return (
    <section className={`section ${className}`} aria-labelledby={id}>
      <div className="container-page">
        <div className="max-w-3xl">
          <h2 id={id} className="section-title">
            <KeepWhole text={section.title} />
          </h2>
          {section.intro ? (
            <p className="measure mt-4 text-lg text-ink/80">
              <KeepWhole text={section.intro} />
            </p>
          ) : null}
        </div>
        <ul className={`card-grid mt-10 ${columns === 2 ? 'two-up' : ''}`}>
          {section.items.map((item) => (
            <li key={item.title} className="card flex flex-col gap-3">
              {item.icon ? (
                <span className="grid size-12 place-items-center rounded-2xl bg-mint text-teal">
                  <FeatureIcon name={item.icon} className="size-6" />
                </span>
              ) : null}
              <h3 className="text-lg font-semibold text-deep">
                <KeepWhole text={item.title} />
              </h3>
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
