import { lazy, Suspense, useEffect, useRef } from 'react';
import { useShell, useT } from '../../lib/i18n.tsx';
import { useOpenUntilNavigation } from '../../lib/use-open-until-navigation.ts';
import { localizePath } from '../../shared/paths.ts';
import { Icon } from '../../components/icons.tsx';

// The dialog's code, and the index after it, load when a visitor reaches for the button, never with a page.
const loadDialog = () => import('./search-dialog.tsx');
const SearchDialog = lazy(loadDialog);

/** The event another control (the phone menu's search button) sends to open the search dialog. */
export const openSearchEvent = 'site:open-search';

/**
 * The header's search button, which opens the search dialog; focus returns to what opened it when the dialog
 * closes, and the dialog closes on navigation. Without scripts it is a link to the search page, which lists
 * every page by kind.
 */
export function SearchControl() {
  const { lang } = useShell();
  const t = useT();
  const [open, setOpen] = useOpenUntilNavigation();
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onOpen = () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    };
    window.addEventListener(openSearchEvent, onOpen);
    return () => window.removeEventListener(openSearchEvent, onOpen);
  }, [setOpen]);

  const close = () => {
    setOpen(false);
    const target = opener.current;
    // The phone menu that asked for search has closed: its own button takes focus back.
    (target?.isConnected ? target : document.querySelector<HTMLElement>('[data-search-opener]'))?.focus();
  };

  // Below 23rem (368 px) the header has no room for it beside the logo: the phone menu's search is there.
  return (
    <div className="hidden min-[23rem]:contents">
      <button
        type="button"
        className="icon-button noscript:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-search-opener=""
        onPointerDown={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={(event) => {
          opener.current = event.currentTarget;
          setOpen(true);
        }}
      >
        <Icon name="search" className="size-6" />
        <span className="sr-only">{t('nav.search')}</span>
      </button>
      {/* Without scripts the dialog cannot open: the same control leads to the search page instead. */}
      <a href={localizePath('/search', lang)} className="icon-button hidden noscript:inline-grid">
        <Icon name="search" className="size-6" />
        <span className="sr-only">{t('nav.search')}</span>
      </a>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
