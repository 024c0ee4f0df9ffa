import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The services page. */
export default function ServicesPage() {
  const content = usePageContent<'services'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
