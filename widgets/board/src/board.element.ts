import { defineElement } from '@rec/ui';
import uiCss from '@rec/ui/ui.css';
import { Board, type BoardFilterDetail, type BoardProps, type OfferSelectDetail } from './Board';
import boardCss from './board.css';

/**
 * `<rec-board board-id="…" language="fr" heading-level="2" api-base="https://…" referral-code="…">`
 *
 * Offer links carry the referral code (the attribute, else the page's `?ref=`) as `?ref=`.
 *
 * Event: `rec-offer-select` (bubbles, composed, cancelable), detail `{ offer, channelId, url }`,
 * from the element when an offer is clicked; `preventDefault()` keeps the widget from navigating.
 *
 * Filters (boards of more than 10 offers show a search field and selects): `search`, `location`,
 * `contract` (a code) and `offer-language` attributes set them; when the visitor changes one, the
 * attributes follow and `rec-board-filter` (bubbles, composed) carries
 * `{ search, location, contract, offerLanguage, count, total }`. Never read from the page URL.
 *
 * @fires {CustomEvent<{ offer: Record<string, unknown>; channelId: string; url: string }>} rec-offer-select - An offer was clicked (cancelable: preventDefault() keeps the widget from navigating).
 * @fires {CustomEvent<{ search: string; location: string; contract: string; offerLanguage: string; count: number; total: number }>} rec-board-filter - The visitor changed the filter.
 * @csspart board
 * @csspart title
 * @csspart count
 * @csspart offers
 * @csspart offer
 * @csspart offer-title
 * @csspart offer-meta
 * @csspart offer-location
 * @csspart offer-contract
 * @csspart filters
 * @csspart filters-toggle
 * @csspart filter
 * @csspart search
 * @csspart clear-filters
 * @csspart show-more
 * @csspart no-match
 * @csspart empty
 * @csspart spontaneous
 * @csspart spontaneous-block
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
export const RecBoard = defineElement<BoardProps>('rec-board', Board, {
  attributes: ['boardId', 'language', 'headingLevel', 'apiBase', 'referralCode', 'search', 'location', 'contract', 'offerLanguage'],
  styles: [uiCss, boardCss],
});

declare global {
  // The event bubbles out of shadow DOM up to the document and window.
  interface HTMLElementEventMap {
    'rec-offer-select': CustomEvent<OfferSelectDetail>;
    'rec-board-filter': CustomEvent<BoardFilterDetail>;
  }
  interface DocumentEventMap {
    'rec-offer-select': CustomEvent<OfferSelectDetail>;
    'rec-board-filter': CustomEvent<BoardFilterDetail>;
  }
  interface WindowEventMap {
    'rec-offer-select': CustomEvent<OfferSelectDetail>;
    'rec-board-filter': CustomEvent<BoardFilterDetail>;
  }
  interface HTMLElementTagNameMap {
    'rec-board': HTMLElement & { boardId?: string; language?: string; headingLevel?: string; apiBase?: string; referralCode?: string; search?: string; location?: string; contract?: string; offerLanguage?: string };
  }
}
