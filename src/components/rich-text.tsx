import type { ReactNode } from 'react';
import type { Localize } from '../shared/content-types.ts';
import type { RichBlock } from '../../schemas/common.ts';
import { SiteLink } from './site-link.tsx';

// `[label](href)` and `**bold**`, the only markup content may use; the check has already vetted every href.
const inlineMarkup = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/** Text with inline links and bold turned into elements; everything else stays text, so no HTML can get in. */
export function InlineText({ text, linkClassName = 'link' }: { text: string; linkClassName?: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlineMarkup)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [, label, href, bold] = match;
    parts.push(
      bold !== undefined ? (
        <strong key={match.index} className="font-semibold">{bold}</strong>
      ) : (
        <SiteLink key={match.index} href={href!} className={linkClassName}>
          {label}
        </SiteLink>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** A body of rich text from content: headings with their anchor ids, paragraphs and lists. */
export function RichText({ blocks, fill }: { blocks: Localize<RichBlock>[]; fill?: (text: string) => string }) {
  const text = fill ?? ((value: string) => value);
  return (
    <div className="prose-site">
      {blocks.map((block, index) => {
        if (block.type === 'heading') {
          const Heading = block.level === 3 ? 'h3' : 'h2';
          return (
            <Heading key={index} id={block.id}>
              {text(block.text)}
            </Heading>
          );
        }
        if (block.type === 'paragraph') {
          return (
            <p key={index}>
              <InlineText text={text(block.text)} />
            </p>
          );
        }
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index}>
            {block.items.map((item, i) => (
              <li key={i}>
                <InlineText text={text(item)} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
