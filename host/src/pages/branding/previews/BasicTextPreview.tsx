import { PoweredBy } from '@rec/ui';
import { useMemo } from 'react';
import { OfferDescription, OfferMeta } from '../../../../../widgets/offer/src/Offer';
import { sanitizeHtml } from '../../../../../widgets/offer/src/sanitize-html';
import { PreviewGroup } from './PreviewFrame';
import type { PreviewProps } from './preview-props';
import { sampleDescriptionHtml, sampleOffer } from './sample-offer';
import { ShadowPreview } from './ShadowPreview';

/**
 * BASIC_TEXT: text as the offer renders it: the description a recruiter writes (headings,
 * body, bold, lists, a link), put through the offer's own sanitiser; the meta line (muted
 * labels, strong values, the date); the powered-by line.
 */
export function BasicTextPreview({ t, locale }: PreviewProps) {
  const offer = useMemo(() => sampleOffer(t, locale), [t, locale]);
  const html = useMemo(() => sanitizeHtml(sampleDescriptionHtml(t)), [t]);
  return (
    <PreviewGroup title={t('brandingPreview.groups.offerText')} note={t('brandingPreview.notes.offerText')}>
      <ShadowPreview label="basic-text">
        <div className="offer" lang={locale}>
          <OfferMeta offer={offer} locale={locale} t={t} />
          <OfferDescription html={html} />
          <PoweredBy t={t} href="https://www.example.com/" />
        </div>
      </ShadowPreview>
    </PreviewGroup>
  );
}
