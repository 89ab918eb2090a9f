import { type EmbedTargets, fetchEmbedTargets } from '@rec/api-client';
import { Loading, MessageBlock } from '@rec/ui';
import { type CSSProperties, useEffect, useState } from 'react';
import { $locale, api } from '../../../api';
import { useT } from '../../../i18n';
import { useStore } from '../../../use-store';

/**
 * The company's real widgets wearing the draft brand: its first board and its newest open offer
 * with the application form open, exactly the elements a career site embeds (the host page has
 * already loaded the widget bundle). The draft comes as inline custom properties on the wrapper,
 * and page values win over the saved theme, so the preview shows the draft before it is saved.
 *
 * The widgets are `inert`: a look, not a place to work. Clicking an offer would leave the editor
 * and lose the draft, sending the form would file a real application, and a keyboard user would
 * otherwise tab through a whole application form to reach the save button.
 */
export function BrandPreview({ properties }: { properties: Record<string, string> }) {
  const t = useT();
  const locale = useStore($locale);
  const [targets, setTargets] = useState<EmbedTargets | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchEmbedTargets(api, controller.signal).then(setTargets, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);

  const board = targets?.boards[0];
  const offer = targets?.offers[0];
  const style = { ...properties, background: 'var(--rec-color-background)' } as CSSProperties;
  return (
    <section className="brand-preview" aria-labelledby="brand-preview-title">
      <h3 id="brand-preview-title">{t('brandEditor.preview.title')}</h3>
      <p className="settings-hint">{t('brandEditor.preview.hint')}</p>
      {failed ? <MessageBlock tone="error" title={t('brandEditor.preview.failed')} /> : null}
      {!targets && !failed ? <Loading label={t('brandEditor.preview.loading')} /> : null}
      {targets ? (
        <>
          <p className="brand-preview-caption">{t('brandEditor.preview.board')}</p>
          {board ? (
            <div className="embed-preview brand-preview-frame" style={style} inert data-testid="brand-preview-board">
              <rec-board board-id={board.id} language={locale} heading-level="4" />
            </div>
          ) : (
            <p>{t('brandEditor.preview.noBoard')}</p>
          )}
          <p className="brand-preview-caption">{t('brandEditor.preview.offer')}</p>
          {offer ? (
            <div className="embed-preview brand-preview-frame" style={style} inert data-testid="brand-preview-offer">
              <rec-offer channel-id={offer.channelId} embedded="applyManualOnly" language={locale} heading-level="3" />
            </div>
          ) : (
            <p>{t('brandEditor.preview.noOffer')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
