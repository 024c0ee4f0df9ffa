import { useId, type ReactNode } from 'react';
import type { RichBlock } from '../../schemas/common.ts';
import type { Localize } from '../shared/content-types.ts';

/**
 * A long text with its contents beside it on wide screens: the text's section headings (level 2)
 * as links to their anchors, in a panel that stays in view while the text scrolls.
 */
export function ContentsLayout({ blocks, label, children }: { blocks: Localize<RichBlock>[]; label: string; children: ReactNode }) {
  const id = useId();
  const sections = blocks.flatMap((block) => (block.type === 'heading' && block.level === 2 ? [block] : []));
  return (
    <div className="container-page grid gap-10 lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-16">
      {children}
      <aside className="hidden lg:block">
        <nav aria-labelledby={id} className="sticky top-28 rounded-[1.25rem] bg-sand/70 p-6">
          <h2 id={id} className="text-sm font-bold tracking-wide text-deep uppercase">
            {label}
          </h2>
          <ol className="mt-4 space-y-2 text-[0.9375rem]">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-ink/85 hover:text-teal hover:underline">
                  {section.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </aside>
    </div>
  );
}
