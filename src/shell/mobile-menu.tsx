import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../app/i18n.tsx';
import { Icon } from '../components/icons.tsx';

// The panel's code loads when a visitor first reaches for the button (or opens the menu), not with every page.
const loadPanel = () => import('./mobile-menu-panel.tsx');
const MobileMenuPanel = lazy(loadPanel);

/**
 * The phone menu button and its full-screen dialog; focus returns to the button when the dialog closes,
 * and the dialog closes on navigation.
 */
export function MobileMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => setOpen(false), [pathname]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <div className="lg:hidden">
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
