import type { ArticleSummary } from '../../shared/content-types.ts';
import { plainText } from '../../shared/inline-text.ts';

/** What the visitor chose on the blog list: a category key (none is All) and the search text. */
export interface BlogFilter {
  category?: string;
  query?: string;
}

/** The specification's category key: the English name in lower case, spaces turned into underscores. */
export function categoryKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

// Case and accents are ignored, so "PATIENTEN" finds "patiënten".
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether an article card is shown: it is in the category (if any) and every word searched is in its title, excerpt or tags. */
export function matches(article: ArticleSummary, filter: BlogFilter): boolean {
  if (filter.category && article.category.id !== filter.category) return false;
  const words = fold(filter.query ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return true;
  const haystack = fold(`${plainText(article.title)} ${plainText(article.excerpt)} ${article.tags.join(' ')}`);
  return words.every((word) => haystack.includes(word));
}

/** The cards that match, in their original order. */
export function filterArticles<T extends ArticleSummary>(articles: readonly T[], filter: BlogFilter): T[] {
  return articles.filter((article) => matches(article, filter));
}
