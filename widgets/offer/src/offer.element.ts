import { defineElement } from '@rec/ui';
import uiCss from '@rec/ui/ui.css';
import { Offer, type OfferProps } from './Offer';
import offerCss from './offer.css';

/**
 * `<rec-offer channel-id="…" embedded="applyManualOnly|applyWithOptions" language="fr" api-base="https://…">`
 *
 * Event: `rec-offer-shown` (bubbles, composed), detail `{ language, title, error }`: what the element shows.
 *
 * Without `embedded` (or with another value) the full offer page; `offer-id` instead of
 * `channel-id` for `/offer/{_id}` pages. `referral-code` and `agent-email` are carried into
 * the application (else the page's `?ref=`).
 *
 * @fires {CustomEvent<{ language: string; title: string; error: boolean }>} rec-offer-shown - What the element shows (its language and title).
 * @csspart offer
 * @csspart title
 * @csspart offer-meta
 * @csspart description
 * @csspart available-in
 * @csspart board-link
 * @csspart apply
 * @csspart apply-button
 * @csspart apply-indeed
 * @csspart apply-form
 * @csspart apply-submit
 * @csspart apply-success
 * @csspart drop-zone
 * @csspart field-error
 * @csspart error
 * @csspart logo - The company logo.
 * @csspart logo-box - The box reserved for the logo.
 * @cssprop --rec-font-family - The font (default: inherit the page's).
 * @cssprop --rec-font-size - The base font size.
 * @cssprop --rec-color-primary - Buttons, links and accents.
 * @cssprop --rec-color-on-primary - Text on the primary colour.
 * @cssprop --rec-color-text - The text colour.
 * @cssprop --rec-color-muted - Secondary text.
 * @cssprop --rec-color-surface - Cards and fields.
 * @cssprop --rec-color-border - Borders.
 * @cssprop --rec-color-background - The background.
 * @cssprop --rec-radius - The corner radius.
 * @cssprop --rec-spacing - The spacing unit.
 */
export const RecOffer = defineElement<OfferProps>('rec-offer', Offer, {
  attributes: ['channelId', 'offerId', 'embedded', 'language', 'apiBase', 'referralCode', 'agentEmail', 'headingLevel'],
  styles: [uiCss, offerCss],
});

declare global {
  interface HTMLElementTagNameMap {
    'rec-offer': HTMLElement & OfferProps;
  }
}
