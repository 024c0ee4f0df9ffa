import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The marketing-services page. */
export default function MarketingServicesPage() {
  const content = usePageContent<'marketing-services'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
