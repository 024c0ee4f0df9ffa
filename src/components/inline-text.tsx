import type { SiteHref } from '../shared/content-types.ts';
import { parseInline, type InlineRun } from '../shared/inline-text.ts';
import { KeepWhole } from './keep-whole.tsx';
import { SiteLink } from './site-link.tsx';

/** Text with inline links and bold turned into elements; everything else stays text, so no HTML can get in. */
export function InlineText({ text, linkClassName = 'link' }: { text: string; linkClassName?: string }) {
  const run = (part: InlineRun) =>
    part.type === 'text' ? (
      <KeepWhole key={part.at} text={part.text} />
    ) : (
      // The content check has checked every inline link as it checks an `href:` field.
      <SiteLink key={part.at} href={part.href as SiteHref} className={linkClassName}>
        {part.label}
      </SiteLink>
    );
  return (
    <>
      {parseInline(text).map((part) =>
        part.type === 'bold' ? (
          <strong key={part.at} className="font-semibold">
            {part.parts ? part.parts.map(run) : part.text}
          </strong>
        ) : (
          run(part)
        ),
      )}
    </>
  );
}
