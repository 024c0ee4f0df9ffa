import type { Lang } from './types.ts';

/** What a generated content module announces when the dev server replaces it. */
export interface ContentUpdate {
  key: string;
  lang: Lang;
  content: unknown;
}

/**
 * Calls `listener` whenever the dev server swaps a content module after a change under content/.
 * In a production build no module announces anything, so this never fires.
 */
export function onContentUpdate(listener: (update: ContentUpdate) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ContentUpdate>).detail);
  window.addEventListener('content-update', handler);
  return () => window.removeEventListener('content-update', handler);
}
