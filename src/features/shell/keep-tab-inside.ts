/**
 * A modal dialog's Tab key (APG's dialog pattern): from the last control Tab goes to the first, and from the
 * first Shift+Tab to the last, so the focus stays inside while the dialog is open. Controls not shown
 * (inside a closed part, or hidden at this width) are passed over. Call it from the dialog's keydown handler.
 */
export function keepTabInside(event: KeyboardEvent, dialog: HTMLElement, controls: string): void {
  if (event.key !== 'Tab') return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(controls)].filter((el) => el.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
