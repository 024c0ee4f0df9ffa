import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The home page. */
export default function HomePage() {
  const content = usePageContent<'home'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image ?? content.slides[0]?.image} cta={content.hero.cta} />;
}
