import { useMatches } from '@tanstack/react-router';
import type { TemplateContent } from '../content/types.ts';

/** The content of the page being shown, as its template expects it. */
export function usePageContent<T extends keyof TemplateContent>(): TemplateContent[T] {
  const matches = useMatches();
  // The page is the deepest match; its loader returned the content.
  const data = matches[matches.length - 1]?.loaderData as { content?: TemplateContent[T] } | undefined;
  if (!data?.content) throw new Error('usePageContent is used outside a page route');
  return data.content;
}
