import { useState } from 'react';
import type { TranslateLike } from './components';

/**
 * Copy-link and share actions for a public URL: the system share sheet when the browser has
 * one (navigator.share), copying to the clipboard otherwise and always; the result is announced.
 */
export function ShareActions({ url, title, t }: { url: string; title: string; t: TranslateLike }) {
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="rec-share" part="share">
      <button type="button" className="rec-button rec-button-secondary" part="copy-link" onClick={copy}>
        {String(t('offerPage.copyLink'))}
      </button>
      {canShare ? (
        <button type="button" className="rec-button rec-button-secondary" part="share-button" onClick={() => navigator.share({ title, url }).catch(() => undefined)}>
          {String(t('share.shareVia'))}
        </button>
      ) : null}
      <span role="status" className="rec-share-status">
        {copied ? String(t('offerPage.linkCopied')) : ''}
      </span>
    </div>
  );
}
