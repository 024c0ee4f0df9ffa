import { useCallback, useEffect, useId, useRef } from 'react';
import { useShell, useT } from '../../lib/i18n.tsx';
import { useOpenUntilNavigation } from '../../lib/use-open-until-navigation.ts';
import { Icon } from '../../components/icons.tsx';
import { LinkList } from '../../components/link-list.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import type { ResolvedLink } from '../../shared/content-types.ts';

/** How long the panel stays open after the pointer leaves, so it can travel into the panel. */
export const closeDelayMs = 200;

/**
 * A safe triangle: whether the pointer, which left the item at (x0, y0), is inside the triangle between that
 * point and the panel's top corners, on its way to the panel (across the header's other items, maybe).
 */
function towardsPanel(x: number, y: number, [x0, y0]: readonly [number, number], { left, right, top }: DOMRect): boolean {
  const across = (x - x0) * (top - y0);
  const down = y - y0;
  return down > 0 && y <= top && across >= down * (left - x0) && across <= down * (right - x0);
}

/**
 * The services item of the desktop header: a link to the overview plus a disclosure button for
 * the mega-menu. The panel opens on hover and on the button; it closes 200 ms after the pointer
 * leaves the item and its panel (or stops on its way from the item to the panel), on Escape (focus
 * returns to the button) and on navigation.
 */
export function MegaMenu({ item }: { item: ResolvedLink }) {
  const { shell } = useShell();
  const t = useT();
  const [open, setOpen] = useOpenUntilNavigation();
  // A click on a panel the pointer just opened keeps it open; only a click on a clicked-open panel closes it.
  const openedByHover = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Where the pointer left the item, while the panel waits to close.
  const leftAt = useRef<[x: number, y: number] | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLLIElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const cancelClose = () => {
    clearTimeout(timer.current);
    leftAt.current = null;
  };
  const openNow = (byHover = false) => {
    cancelClose();
    if (!open) openedByHover.current = byHover;
    setOpen(true);
  };
  const closeLater = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), closeDelayMs);
  }, [setOpen]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    // Focus or a click outside the item closes the panel.
    const onPointer = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    // Each move on the way to the panel gives the pointer the delay again.
    const onMove = ({ clientX: x, clientY: y }: PointerEvent) => {
      if (leftAt.current && towardsPanel(x, y, leftAt.current, panel.current!.getBoundingClientRect())) closeLater();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onPointer);
    document.addEventListener('pointermove', onMove);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onPointer);
      document.removeEventListener('pointermove', onMove);
    };
  }, [open, setOpen, closeLater]);

  return (
    <li
      ref={wrapper}
      className="flex items-center"
      onPointerEnter={(e) => e.pointerType === 'mouse' && openNow(true)}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        leftAt.current = [e.clientX, e.clientY];
        closeLater();
      }}
    >
      <SiteLink href={item.href} className="nav-link pr-1">
        {item.label}
      </SiteLink>
      <button
        ref={button}
        type="button"
        className="nav-toggle noscript:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('nav.servicesMenu')}
        onClick={() => {
          if (open && openedByHover.current) openedByHover.current = false;
          else if (open) setOpen(false);
          else openNow();
        }}
      >
        <Icon name="chevronDown" className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
      </button>
      <div ref={panel} id={panelId} hidden={!open} className="mega-panel">
        <div className="grid grid-cols-5 gap-6">
          {shell.navigation.megaMenu.map((group) => (
            <div key={group.title}>
              <p className="mb-3 text-sm font-semibold text-deep">
                {group.href ? (
                  <SiteLink href={group.href} className="hover:text-teal hover:underline">
                    {group.title}
                  </SiteLink>
                ) : (
                  group.title
                )}
              </p>
              <LinkList links={group.links} className="space-y-1.5" linkClassName="mega-link" />
            </div>
          ))}
        </div>
      </div>
    </li>
  );
}
