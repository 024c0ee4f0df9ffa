import { Hero } from '../components/hero.tsx';
import { useBookingCta } from './use-booking-cta.ts';
import { usePageContent } from './use-page-content.ts';

/** A service detail page in the shared layout. */
export default function DetailPage() {
  const content = usePageContent<'detail'>();
  const book = useBookingCta();
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={book} />;
}
