import { defineElement } from '@rec/ui';
import uiCss from '@rec/ui/ui.css';
import { Referral, type ReferralProps } from './Referral';
import referralCss from './referral.css';

/** `<rec-referral company-id="…" channel-id="…" language="fr" api-base="https://…" heading-level="2">` */
export const RecReferral = defineElement<ReferralProps>('rec-referral', Referral, {
  attributes: ['companyId', 'channelId', 'language', 'apiBase', 'headingLevel'],
  styles: [uiCss, referralCss],
});

declare global {
  interface HTMLElementTagNameMap {
    'rec-referral': HTMLElement & ReferralProps;
  }
}
