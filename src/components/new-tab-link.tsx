import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.tsx';

/** A link to another site that opens in a new tab and tells a screen reader so, once, in the page's language. */
export function NewTabLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  const t = useT();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      {/* The string carries its own brackets. */}
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </a>
  );
}
