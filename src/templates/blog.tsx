import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The blog list. */
export default function BlogPage() {
  const content = usePageContent<'blog'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
