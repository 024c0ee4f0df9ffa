import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The contact page. */
export default function ContactPage() {
  const content = usePageContent<'contact'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
