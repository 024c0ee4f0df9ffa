import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { LineIcon, iconChevronRight } from './icons.tsx';
import { KeepWhole } from './keep-whole.tsx';

/** From this width a collapsible section is open: the text has room beside its heading. */
const wide = '(width >= 48rem)';

/**
 * A long section of a page that a phone shows closed, as its heading alone, and a wider screen open. It is
 * a native <details>: the heading is the summary, opened by a tap, Enter or Space, and the browser opens it
 * itself for find-in-page and for a link to an anchor inside. The server sends it closed; from 48rem the
 * stylesheet shows the text before the scripts run and the scripts then open it, so nothing moves.
 */
export function Collapsible({ title, heading: Heading = 'h3', className = '', children }: { title: string; heading?: 'h2' | 'h3'; className?: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  // Before the first paint, so a page reached by a link within the site opens without a frame of it closed.
  useLayoutEffect(() => {
    const element = details.current;
    if (!element) return;
    const media = matchMedia(wide);
    const open = () => {
      if (media.matches) element.open = true;
    };
    open();
    media.addEventListener('change', open);
    return () => media.removeEventListener('change', open);
  }, []);
  return (
    <details ref={details} className={`collapsible ${className}`}>
      <summary className="collapsible-summary">
        <Heading className="collapsible-title">
          <KeepWhole text={title} />
        </Heading>
        <LineIcon d={iconChevronRight} className="collapsible-marker" />
      </summary>
      <div className="collapsible-body">{children}</div>
    </details>
  );
}
