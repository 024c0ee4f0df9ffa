import { Hero } from '../components/hero.tsx';
import { useBookingCta } from './use-booking-cta.ts';
import { usePageContent } from './use-page-content.ts';

/** A category listing of services. */
export default function CategoryPage() {
  const content = usePageContent<'category'>();
  const book = useBookingCta();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={book} />;
}
