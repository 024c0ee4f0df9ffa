import type { ReactNode } from 'react';
import type { SiteHref } from '../shared/content-types.ts';
import { inlineMarkup } from '../shared/inline-text.ts';
import { SiteLink } from './site-link.tsx';

/** Text with inline links and bold turned into elements; everything else stays text, so no HTML can get in. */
export function InlineText({ text, linkClassName = 'link' }: { text: string; linkClassName?: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlineMarkup)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [, label, href, bold] = match;
    // The content check has checked every inline link as it checks an `href:` field.
    const target = href as SiteHref;
    parts.push(
      bold !== undefined ? (
        <strong key={match.index} className="font-semibold">{bold}</strong>
      ) : (
        <SiteLink key={match.index} href={target} className={linkClassName}>
          {label}
        </SiteLink>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
