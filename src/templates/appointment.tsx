import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The appointment page. */
export default function AppointmentPage() {
  const content = usePageContent<'appointment'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
