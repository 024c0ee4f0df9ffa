import type { Localize } from '../shared/content-types.ts';
import type { RichBlock } from '../../schemas/common.ts';
import { InlineText } from './inline-text.tsx';
import { KeepWhole } from './keep-whole.tsx';

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
              <KeepWhole text={text(block.text)} />
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
