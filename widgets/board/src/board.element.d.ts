import { type OfferSelectDetail } from './Board';
/**
 * `<rec-board board-id="…" language="fr" heading-level="2" api-base="https://…" referral-code="…">`
 *
 * Offer links carry the referral code (the attribute, else the page's `?ref=`) as `?ref=`.
 *
 * Event: `rec-offer-select` (bubbles, composed, cancelable), detail `{ offer, channelId, url }`,
 * from the element when an offer is clicked; `preventDefault()` keeps the widget from navigating.
 */
export declare const RecBoard: import("@rec/ui").RecElementClass;
declare global {
    interface HTMLElementEventMap {
        'rec-offer-select': CustomEvent<OfferSelectDetail>;
    }
    interface DocumentEventMap {
        'rec-offer-select': CustomEvent<OfferSelectDetail>;
    }
    interface WindowEventMap {
        'rec-offer-select': CustomEvent<OfferSelectDetail>;
    }
    interface HTMLElementTagNameMap {
        'rec-board': HTMLElement & {
            boardId?: string;
            language?: string;
            headingLevel?: string;
            apiBase?: string;
            referralCode?: string;
        };
    }
}
