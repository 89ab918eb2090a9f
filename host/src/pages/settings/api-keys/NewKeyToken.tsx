import type { CreatedApiKey } from '@rec/core';
import { showToast } from '@rec/stores';
import { Button } from '@rec/ui';
import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n';

/**
 * The token of a key just created: the only time anyone sees it (the server keeps its hash only).
 * Focus moves here so a keyboard or screen reader user lands on it; a copy button, then Done.
 */
export function NewKeyToken({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [created.token]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      showToast({ tone: 'success', title: 'apiKeys.copied' });
    } catch {
      showToast({ tone: 'error', title: 'apiKeys.copyFailed' });
    }
  };
  return (
    <section className="settings-section" aria-labelledby="api-key-token-title">
      <h2 id="api-key-token-title" ref={heading} tabIndex={-1}>
        {t('apiKeys.tokenTitle', { name: created.key.name })}
      </h2>
      <p role="note">{t('apiKeys.tokenOnce')}</p>
      <label>
        {t('apiKeys.token')}
        <input readOnly value={created.token} data-testid="api-key-token" onFocus={(event) => event.currentTarget.select()} />
      </label>
      <div className="settings-actions">
        <Button onClick={() => void copy()}>{t('apiKeys.copy')}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t('apiKeys.done')}
        </Button>
      </div>
    </section>
  );
}
