import { lazy, Suspense, useRef } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { useOpenUntilNavigation } from '../../lib/use-open-until-navigation.ts';
import { Icon } from '../../components/icons.tsx';

// The panel's code loads when a visitor first reaches for the button (or opens the menu), not with every page.
const loadPanel = () => import('./mobile-menu-panel.tsx');
const MobileMenuPanel = lazy(loadPanel);

/**
 * The phone menu button and its full-screen dialog; focus returns to the button when the dialog closes,
 * and the dialog closes on navigation.
 */
export function MobileMenu() {
  const t = useT();
  const [open, setOpen] = useOpenUntilNavigation();
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <div className="xl:hidden">
      <button
        ref={opener}
        type="button"
        className="icon-button noscript:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" className="size-6" />
        <span className="sr-only">{t('nav.openMenu')}</span>
      </button>
      {/* Without scripts the dialog cannot open: the same button leads to the footer's links instead. */}
      <a href="#footer" className="icon-button hidden noscript:inline-grid">
        <Icon name="menu" className="size-6" />
        <span className="sr-only">{t('nav.openMenu')}</span>
      </a>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuPanel onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
