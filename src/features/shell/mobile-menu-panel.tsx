import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShell, useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';
import { LinkList } from '../../components/link-list.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';

/**
 * The open phone menu: a full-screen dialog with a close button; the services item opens an accordion.
 * Focus moves into the dialog and stays there until it closes (Escape or the close button).
 */
export default function MobileMenuPanel({ onClose }: { onClose: () => void }) {
  const { shell } = useShell();
  const t = useT();
  const [servicesOpen, setServicesOpen] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const accordionId = useId();
  const close = useEffectEvent(onClose);

  useEffect(() => {
    document.documentElement.classList.add('menu-open');
    dialog.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab' || !dialog.current) return;
      // Keep Tab inside the dialog while it is open.
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('menu-open');
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // In <body>: the header's backdrop filter would otherwise make it the box a fixed element fills.
  return createPortal(
    <div ref={dialog} role="dialog" aria-modal="true" aria-label={t('nav.mainMenu')} className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-porcelain">
      <div className="flex items-center justify-between border-b border-deep/10 px-5 py-3">
        <Logo />
        <button type="button" className="icon-button" onClick={onClose}>
          <Icon name="close" className="size-6" />
          <span className="sr-only">{t('nav.closeMenu')}</span>
        </button>
      </div>
      <nav aria-label={t('nav.mainMenu')} className="flex-1 px-5 py-4">
        <ul className="divide-y divide-deep/10">
          {shell.navigation.header.map((item) =>
            item.megaMenu ? (
              <li key={item.href} className="py-1">
                <div className="flex items-center justify-between">
                  <SiteLink href={item.href} className="mobile-link">
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
                        {group.href ? <SiteLink href={group.href}>{group.title}</SiteLink> : group.title}
                      </p>
                      <LinkList links={group.links} className="mt-1 space-y-1" linkClassName="block py-1.5 text-ink/80 hover:text-teal" />
                    </div>
                  ))}
                </div>
              </li>
            ) : (
              <li key={item.href} className="py-1">
                <SiteLink href={item.href} className="mobile-link">
                  {item.label}
                </SiteLink>
              </li>
            ),
          )}
        </ul>
        <div className="mt-6">
          <LanguageSwitch />
        </div>
      </nav>
    </div>,
    document.body,
  );
}
