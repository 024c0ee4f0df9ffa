import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The about page. */
export default function AboutPage() {
  const content = usePageContent<'about'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
