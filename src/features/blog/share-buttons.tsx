import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Icon, LineIcon } from '../../components/icons.tsx';
import { NewTabLink } from '../../components/new-tab-link.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

const icons = {
  link: 'M10 14a4 4 0 005.66 0l3-3a4 4 0 00-5.66-5.66l-1 1M14 10a4 4 0 00-5.66 0l-3 3a4 4 0 005.66 5.66l1-1',
  linkedIn: 'M4 4h16v16H4zM8 11v5M8 8v.01M12 16v-5M12 13.5a2.5 2.5 0 015 0V16',
  share: 'M12 15V3M7 8l5-5 5 5M5 13v7h14v-7',
};

/**
 * Copy link, LinkedIn and e-mail (or, where the device has one, its share sheet) for an article.
 * No script of another site is loaded: LinkedIn gets a plain link, and only when it is followed.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [status, setStatus] = useState('');
  const copy = async () => {
    setStatus('');
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('blog.linkCopied'));
    } catch {
      // No clipboard access (an older browser, a page not served over HTTPS, or permission refused).
      setStatus(t('blog.copyFailed'));
    }
  };
  const canShare = hydrated && typeof navigator.share === 'function';
  const mail = `mailto:?subject=${encodeURIComponent(t('blog.emailSubject', { title }))}&body=${encodeURIComponent(`${title}\n\n${url}`)}`;
  return (
    <section aria-labelledby="share-title" className="mt-12 border-t border-deep/10 pt-8">
      <h2 id="share-title" className="text-lg font-semibold text-deep">
        {t('blog.share')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li className="noscript:hidden">
          <button type="button" className="share-button" onClick={() => void copy()}>
            <LineIcon d={icons.link} />
            {t('blog.copyLink')}
          </button>
        </li>
        <li>
          <NewTabLink href={`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`} className="share-button">
            <LineIcon d={icons.linkedIn} />
            {t('blog.shareLinkedIn')}
          </NewTabLink>
        </li>
        <li>
          {canShare ? (
            // The visitor closing the sheet rejects the promise; that is not an error.
            <button type="button" className="share-button" onClick={() => void navigator.share({ title, url }).catch(() => undefined)}>
              <LineIcon d={icons.share} />
              {t('blog.shareDevice')}
            </button>
          ) : (
            <a href={mail} className="share-button">
              <Icon name="mail" />
              {t('blog.shareEmail')}
            </a>
          )}
        </li>
      </ul>
      <p role="status" className="mt-3 min-h-6 text-sm font-medium text-teal">
        {status}
      </p>
    </section>
  );
}
