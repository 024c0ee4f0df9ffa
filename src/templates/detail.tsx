import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** A service detail page in the shared layout. */
export default function DetailPage() {
  const content = usePageContent<'detail'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} />;
}
