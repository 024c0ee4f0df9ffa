import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The All-on-4 / All-on-6 page. */
export default function AllOn4Page() {
  const content = usePageContent<'allon4'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.cta.primary} />;
}
