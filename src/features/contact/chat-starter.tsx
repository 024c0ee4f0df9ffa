import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { FeatureIcon } from '../../components/feature-icons.tsx';

type State = 'idle' | 'loading' | 'failed';

declare global {
  interface Window {
    /** The provider's API object: its script reads the callbacks set here before it loads. */
    Tawk_API?: { onLoad?: () => void; maximize?: () => void };
  }
}

/**
 * The chat (Tawk.to), loaded only when the visitor clicks "Start a chat": until then no request goes
 * to the provider and no cookie of theirs is set.
 */
export function ChatStarter({ widgetId }: { widgetId: string }) {
  const t = useT();
  const [state, setState] = useState<State>('idle');
  const start = () => {
    if (state === 'loading') return;
    setState('loading');
    const api = (window.Tawk_API ??= {});
    // Open the chat window as soon as the widget is ready: the visitor asked for a chat, not for a button.
    api.onLoad = () => {
      setState('idle');
      api.maximize?.();
    };
    const script = document.createElement('script');
    script.src = `https://embed.tawk.to/${widgetId}`;
    script.async = true;
    script.charset = 'UTF-8';
    script.onerror = () => setState('failed');
    document.body.append(script);
  };
  return (
    <section className="card" aria-labelledby="chat-title">
      <h2 id="chat-title" className="flex items-center gap-2 text-xl font-semibold text-deep">
        <FeatureIcon name="headset" className="size-5 text-teal" />
        {t('chat.start')}
      </h2>
      <p className="mt-2 text-sm text-ink/80">{t('chat.notice')}</p>
      <p className="mt-4">
        <button type="button" className="btn btn-secondary" onClick={start} disabled={state === 'loading'}>
          {state === 'loading' ? <span className="spinner" aria-hidden="true" /> : null}
          {state === 'loading' ? t('chat.loading') : t('chat.start')}
        </button>
      </p>
      <p role="status" className="mt-2 text-sm font-semibold text-[#b42318]">
        {state === 'failed' ? t('chat.failed') : ''}
      </p>
    </section>
  );
}
