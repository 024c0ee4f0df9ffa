import type { Lang } from '../../../schemas/common.ts';
import type { ArticleContent, ShellContent } from '../../shared/content-types.ts';
import { localizePath } from '../../shared/paths.ts';

/**
 * Structured data (schema.org BlogPosting) for one article in one language: headline, cover,
 * ISO dates, author, the lab from site settings as publisher, language and the page it belongs to.
 * It is built here rather than in the route's head so that only article pages download the code.
 */
export function blogPostingJsonLd(site: ShellContent['site'], lang: Lang, article: ArticleContent): Record<string, unknown> {
  const url = `${site.url}${localizePath(`/blog/${article.slug}`, lang)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.excerpt,
    image: { '@type': 'ImageObject', url: site.url + article.image.src, width: article.image.width, height: article.image.height },
    datePublished: article.date,
    dateModified: article.updated ?? article.date,
    author: { '@type': 'Organization', name: article.author, url: `${site.url}${localizePath('/about', lang)}` },
    // The same @id as the lab's own structured data on every page.
    publisher: { '@type': 'Organization', '@id': `${site.url}/#lab`, name: site.name, url: `${site.url}/` },
    inLanguage: lang,
    articleSection: article.category.label,
    keywords: article.tags.join(', '),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  };
}
