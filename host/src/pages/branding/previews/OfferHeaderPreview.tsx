import { useMemo } from 'react';
import { OfferHeader } from '../../../../../widgets/offer/src/Offer';
import { PreviewGroup } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { sampleOffer } from './sample-offer';
import { ShadowPreview } from './ShadowPreview';

/** OFFER_HEADER: the header of the full offer page (/offer/c/…): the company's logo, the title, the meta line. */
export function OfferHeaderPreview({ t, locale }: PreviewProps) {
  const offer = useMemo(() => sampleOffer(t, locale), [t, locale]);
  return (
    <PreviewGroup title={t('brandingPreview.groups.offerHeader')} note={t('brandingPreview.notes.offerHeader')}>
      <ShadowPreview label="offer-header">
        <div className="offer offer-page" lang={locale}>
          {/* The full page's own h1, as the offer page shows it (a second h1 here: the preview is about its look). */}
          <OfferHeader offer={offer} locale={locale} t={t} mode="page" />
        </div>
      </ShadowPreview>
    </PreviewGroup>
  );
}
