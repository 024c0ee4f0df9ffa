import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.tsx';

/** One notification: a success closes itself after 5 s, an error stays until dismissed. */
export interface Toast {
  id: number;
  kind: 'success' | 'error';
  title: string;
  text: string;
}

interface FeedbackValue {
  notify: (toast: Omit<Toast, 'id'>) => void;
}

const FeedbackContext = createContext<FeedbackValue | null>(null);
const successMs = 5_000;

/**
 * Gives the forms below a way to show toasts. The two live regions are in the page from the first
 * paint (server-rendered and empty), so screen readers already watch them when a message arrives:
 * successes are polite, errors are announced at once.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const notify = useCallback((toast: Omit<Toast, 'id'>) => {
    const id = next.current++;
    // A new message replaces an older one of the same kind, so repeated failures do not pile up.
    setToasts((list) => [...list.filter((item) => item.kind !== toast.kind), { ...toast, id }]);
  }, []);
  const value = useMemo(() => ({ notify }), [notify]);
  const render = (kind: Toast['kind']) =>
    toasts.filter((toast) => toast.kind === kind).map((toast) => <ToastNotice key={toast.id} toast={toast} onDismiss={dismiss} label={t('feedback.dismiss')} />);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-3 sm:left-auto sm:w-96">
        <div role="status" aria-live="polite" aria-label={t('feedback.notifications')} className="flex flex-col gap-3">
          {render('success')}
        </div>
        <div role="alert" aria-live="assertive" aria-label={t('feedback.errorTitle')} className="flex flex-col gap-3">
          {render('error')}
        </div>
      </div>
    </FeedbackContext.Provider>
  );
}

function ToastNotice({ toast, onDismiss, label }: { toast: Toast; onDismiss: (id: number) => void; label: string }) {
  useEffect(() => {
    if (toast.kind !== 'success') return;
    const timer = setTimeout(() => onDismiss(toast.id), successMs);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div className={`toast ${toast.kind === 'success' ? 'toast-success' : 'toast-error'}`} data-toast={toast.kind}>
      <Icon name={toast.kind === 'success' ? 'check' : 'alert'} className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        <p className="mt-1 text-sm">{toast.text}</p>
      </div>
      <button type="button" className="icon-button -my-1 -mr-1 shrink-0 text-current hover:text-deep" aria-label={label} onClick={() => onDismiss(toast.id)}>
        <Icon name="close" className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Shows toasts; only inside a FeedbackProvider. */
export function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return value;
}
