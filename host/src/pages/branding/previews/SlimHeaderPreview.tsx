import { useMemo } from 'react';
import { OfferHeader } from '../../../../../widgets/offer/src/Offer';
import { PreviewGroup } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { sampleOffer } from './sample-offer';
import { ShadowPreview } from './ShadowPreview';

/** SLIM_HEADER: the compact header of an embedded offer (embedded="applyWithOptions" or "applyManualOnly"): logo, title (an h2) and meta. */
export function SlimHeaderPreview({ t, locale }: PreviewProps) {
  const offer = useMemo(() => sampleOffer(t, locale), [t, locale]);
  return (
    <PreviewGroup title={t('brandingPreview.groups.slimHeader')} note={t('brandingPreview.notes.slimHeader')}>
      <ShadowPreview label="slim-header">
        <div className="offer offer-applyWithOptions" lang={locale}>
          <OfferHeader offer={offer} locale={locale} t={t} mode="applyWithOptions" />
        </div>
      </ShadowPreview>
    </PreviewGroup>
  );
}
