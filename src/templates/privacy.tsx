import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The privacy page. */
export default function PrivacyPage() {
  const content = usePageContent<'privacy'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
