import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.tsx';

interface FeedbackValue {
  /** Says that the form could not be sent: with the server's words, or the general message. */
  notify: (text?: string) => void;
}

const FeedbackContext = createContext<FeedbackValue | null>(null);

/**
 * Gives the forms below a way to say that a form could not be sent. The live region is in the page from
 * the first paint (server-rendered and empty), so screen readers already watch it when a message arrives,
 * and announce it at once. A new message replaces the one before, so repeated failures do not pile up.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const t = useT();
  // A notice stays until it is dismissed (a sent form gives way to its panel instead); each new one is announced.
  const [toast, setToast] = useState<{ id: number; text?: string } | null>(null);
  const next = useRef(1);
  const value = useMemo(() => ({ notify: (text?: string) => setToast({ id: next.current++, text }) }), []);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <div role="alert" aria-live="assertive" aria-label={t('feedback.errorTitle')} className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-3 sm:left-auto sm:w-96">
        {toast ? (
          <div key={toast.id} className="toast toast-error" data-toast="error">
            <Icon name="alert" className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{t('feedback.errorTitle')}</p>
              <p className="mt-1 text-sm">{toast.text ?? t('feedback.errorDefault')}</p>
            </div>
            <button type="button" className="icon-button -my-1 -mr-1 shrink-0 text-current hover:text-deep" aria-label={t('feedback.dismiss')} onClick={() => setToast(null)}>
              <Icon name="close" className="size-5" aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
    </FeedbackContext.Provider>
  );
}

/** Says that a form could not be sent; only inside a FeedbackProvider. */
export function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return value;
}
