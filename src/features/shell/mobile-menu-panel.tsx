import { useRouterState } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShell, useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import { FrontDoorLinks } from './front-door-links.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { keepTabInside } from './keep-tab-inside.ts';
import { openSearchEvent } from './search-control.tsx';

// The link to the page shown is marked (the router sets aria-current) in colour and with an underline.
const current = 'aria-[current=page]:text-teal aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4';

/**
 * The open phone menu: a full-screen dialog whose own header (logo, EN/NL and the close button) stays at
 * the top; the services item opens an accordion, open from the start on a service's page. The two front
 * doors (send a case, book an appointment) and the lab's phone stay at the bottom.
 * Focus moves into the dialog and stays there until it closes (Escape or the close button).
 */
export default function MobileMenuPanel({ onClose }: { onClose: () => void }) {
  const { shell } = useShell();
  const t = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [servicesOpen, setServicesOpen] = useState(() => shell.navigation.megaMenu.some((group) => group.href === pathname || group.links.some((link) => link.href === pathname)));
  const dialog = useRef<HTMLDivElement>(null);
  const accordionId = useId();
  const close = useEffectEvent(onClose);

  useEffect(() => {
    document.documentElement.classList.add('menu-open');
    dialog.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (dialog.current) keepTabInside(event, dialog.current, 'a[href], button:not([disabled])');
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('menu-open');
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // In <body>: the header's backdrop filter would otherwise make it the box a fixed element fills.
  // Three rows: the menu's own header (logo, EN/NL, close) and the two front doors with the phone stay put;
  // only the links between them scroll, however long the open accordion.
  return createPortal(
    <div ref={dialog} role="dialog" aria-modal="true" aria-label={t('nav.mainMenu')} className="fixed inset-0 z-50 flex flex-col bg-porcelain">
      <div className="flex flex-none items-center gap-2 border-b border-deep/10 px-5 py-3">
        <Logo />
        <LanguageSwitch className="ml-auto" />
        <button type="button" className="icon-button" onClick={onClose}>
          <Icon name="close" className="size-6" />
          <span className="sr-only">{t('nav.closeMenu')}</span>
        </button>
      </div>
      <nav aria-label={t('nav.mainMenu')} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-2" data-menu-scroll="">
        {/* The header's search dialog, in place of the menu. */}
        <button
          type="button"
          className="field-input mt-2 mb-1 flex items-center gap-3 text-left text-ink/75"
          aria-haspopup="dialog"
          onClick={() => {
            onClose();
            window.dispatchEvent(new Event(openSearchEvent));
          }}
        >
          <Icon name="search" className="size-5 flex-none" />
          {t('nav.search')}
        </button>
        <ul className="divide-y divide-deep/10">
          {shell.navigation.header.map((item) =>
            item.megaMenu ? (
              <li key={item.href} className="py-1">
                <div className="flex items-center justify-between">
                  <SiteLink href={item.href} className={`mobile-link ${current}`}>
                    {item.label}
                  </SiteLink>
                  <button type="button" className="icon-button" aria-expanded={servicesOpen} aria-controls={accordionId} onClick={() => setServicesOpen(!servicesOpen)}>
                    <Icon name="chevronDown" className={`size-5 transition-transform motion-reduce:transition-none ${servicesOpen ? 'rotate-180' : ''}`} />
                    <span className="sr-only">{t('nav.servicesMenu')}</span>
                  </button>
                </div>
                <div id={accordionId} hidden={!servicesOpen} className="pb-3 pl-3">
                  {shell.navigation.megaMenu.map((group) => (
                    <div key={group.title} className="mt-3">
                      <p className="text-sm font-semibold text-deep">
                        {group.href ? (
                          <SiteLink href={group.href} className={current}>
                            {group.title}
                          </SiteLink>
                        ) : (
                          group.title
                        )}
                      </p>
                      <ul className="mt-1 space-y-1">
                        {group.links.map((link, i) => (
                          <li key={`${i}:${link.href}`}>
                            <SiteLink href={link.href} className={`block py-1.5 text-ink/80 hover:text-teal aria-[current=page]:font-semibold ${current}`}>
                              {link.label}
                            </SiteLink>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              </li>
            ) : (
              <li key={item.href} className="py-1">
                <SiteLink href={item.href} className={`mobile-link ${current}`}>
                  {item.label}
                </SiteLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <div className="grid flex-none gap-3 border-t border-deep/10 px-5 py-4">
        <FrontDoorLinks />
        <a href={`tel:${shell.site.phone.e164}`} className="btn btn-secondary">
          <Icon name="phone" className="size-5" />
          {shell.site.phone.display}
        </a>
      </div>
    </div>,
    document.body,
  );
}
