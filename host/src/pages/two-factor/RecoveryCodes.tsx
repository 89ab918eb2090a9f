import { Button } from '@rec/ui';
import { useState } from 'react';
import { useT } from '../../i18n';

/** The recovery codes, shown this once: copy or download them, then confirm they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  }

  function download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <section aria-labelledby="recovery-codes-title" className="account-form">
      <h2 id="recovery-codes-title">{t('twoFactor.recovery.title')}</h2>
      <p>{t('twoFactor.recovery.intro', { count: codes.length })}</p>
      <ul className="recovery-codes" aria-label={t('twoFactor.recovery.title')}>
        {codes.map((code) => (
          <li key={code}>
            <code data-testid="recovery-code">{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button type="button" variant="secondary" onClick={copy}>
          {copied ? t('twoFactor.recovery.copied') : t('twoFactor.recovery.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          {t('twoFactor.recovery.download')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('twoFactor.recovery.done')}
        </Button>
      </div>
    </section>
  );
}
