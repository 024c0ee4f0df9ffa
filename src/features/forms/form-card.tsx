import type { ReactNode } from 'react';
import { InlineText } from '../../components/inline-text.tsx';

/**
 * A form in a card: its heading (`#form-title`), the intro and the form. `section` makes the card a
 * section of its own, named by its heading; otherwise it sits in a section that is.
 */
export function FormCard({ title, intro, section = false, className = '', children }: { title: string; intro: string; section?: boolean; className?: string; children: ReactNode }) {
  const Card = section ? 'section' : 'div';
  return (
    <Card className={`card ${className}`} aria-labelledby={section ? 'form-title' : undefined}>
      <h2 id="form-title" className="section-title">
        {title}
      </h2>
      <p className="mt-3 max-w-2xl text-ink/85">
        <InlineText text={intro} />
      </p>
      <div className="mt-8">{children}</div>
    </Card>
  );
}
