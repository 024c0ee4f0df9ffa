import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** The for-doctors page. */
export default function ForDoctorsPage() {
  const content = usePageContent<'for-doctors'>();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={content.hero.cta} />;
}
