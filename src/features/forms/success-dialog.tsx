import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';

/**
 * The modal after a sent appointment request: focus moves to its OK button, Escape or OK closes it,
 * and focus goes back to where it was. The native dialog keeps the rest of the page inert meanwhile.
 */
export function SuccessDialog({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);
  const closed = () => {
    onClose();
    const target = returnTo.current;
    returnTo.current = null;
    // The submit button may still be disabled for a moment; the form itself is the next best place.
    if (target?.isConnected) target.focus();
  };
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="success-dialog-title" aria-describedby="success-dialog-text" onClose={closed}>
      <div className="mb-4 grid size-12 place-items-center rounded-full bg-mint text-teal">
        <Icon name="check" className="size-6" aria-hidden="true" />
      </div>
      <h2 id="success-dialog-title" className="text-xl font-semibold text-deep">
        {title}
      </h2>
      <p id="success-dialog-text" className="mt-2">
        {text}
      </p>
      <form method="dialog" className="mt-6 flex justify-end">
        <button type="submit" className="btn btn-primary" autoFocus>
          {t('feedback.ok')}
        </button>
      </form>
    </dialog>
  );
}
