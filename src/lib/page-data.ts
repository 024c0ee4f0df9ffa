import { useMatches } from '@tanstack/react-router';
import type { TemplateContent } from '../shared/content-types.ts';

/** What the page's loader returned: the page is the deepest match. */
export function usePageData<T extends keyof TemplateContent>(): { content?: TemplateContent[T]; ui?: Record<string, string> } | undefined {
  const matches = useMatches();
  return matches[matches.length - 1]?.loaderData as { content?: TemplateContent[T]; ui?: Record<string, string> } | undefined;
}

/** The content of the page being shown, as its template expects it. */
export function usePageContent<T extends keyof TemplateContent>(): TemplateContent[T] {
  const content = usePageData<T>()?.content;
  if (!content) throw new Error('usePageContent is used outside a page route');
  return content;
}
