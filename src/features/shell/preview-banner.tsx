import { useShell, useT } from '../../lib/i18n.tsx';

/**
 * A preview build says on every page, in the page's language, that the lab's details and the
 * testimonials are examples (decision 25). It is part of the page from its first paint, so nothing
 * moves when it appears; a release build has none. It is a landmark of its own (complementary, named),
 * so that all of the page's content sits in one and a screen reader's list of landmarks leads to it.
 */
export function PreviewBanner() {
  const { shell } = useShell();
  const t = useT();
  if (!shell.preview) return null;
  return (
    <aside aria-label={t('common.previewLabel')} className="bg-gold/35 px-4 py-1.5 text-center text-sm leading-snug text-ink" data-preview-banner="">
      {t('common.previewNotice')}
    </aside>
  );
}
