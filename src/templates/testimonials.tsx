import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The testimonials page. */
export default function TestimonialsPage() {
  const content = usePageContent<'testimonials'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
