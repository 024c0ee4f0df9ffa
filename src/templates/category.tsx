import { useShell, useT } from '../app/i18n.tsx';
import { Hero } from '../components/hero.tsx';
import { usePageContent } from './use-page-content.ts';

/** A category listing of services. */
export default function CategoryPage() {
  const content = usePageContent<'category'>();
  const { lang } = useShell();
  const t = useT();
  const book = { label: t('common.bookAppointment'), href: lang === 'nl' ? '/nl/appointment' : '/appointment' };
  return <Hero title={content.hero.title} description={content.hero.description} image={content.hero.image} cta={book} />;
}
