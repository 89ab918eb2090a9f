import { type OfferProps } from './Offer';
/**
 * `<rec-offer channel-id="…" embedded="applyManualOnly|applyWithOptions" language="fr" api-base="https://…">`
 *
 * Event: `rec-offer-shown` (bubbles, composed), detail `{ language, title, error }`: what the element shows.
 *
 * Without `embedded` (or with another value) the full offer page; `offer-id` instead of
 * `channel-id` for `/offer/{_id}` pages. `referral-code` and `agent-email` are carried into
 * the application (else the page's `?ref=`).
 */
export declare const RecOffer: import("@rec/ui").RecElementClass;
declare global {
    interface HTMLElementTagNameMap {
        'rec-offer': HTMLElement & OfferProps;
    }
}
