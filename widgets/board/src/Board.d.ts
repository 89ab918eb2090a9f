import { type Offer } from '@rec/core';
import { type ElementProps } from '@rec/ui';
/** Attributes of <rec-board>, as plain strings (absent or empty: undefined). */
export interface BoardProps extends ElementProps {
    boardId?: string;
    /** de, en, es, fr, lb, nl, pt, it or pl; else the page's `?language=`, else the board's language, else en. */
    language?: string;
    /** Level of the board-name heading, 1 to 6 (default 2). */
    headingLevel?: string;
    apiBase?: string;
    /** An employee's referral code; else the page's `?ref=`. Every offer link carries it on. */
    referralCode?: string;
}
export declare const OFFER_SELECT_EVENT = "rec-offer-select";
export interface OfferSelectDetail {
    offer: Offer;
    channelId: string;
    url: string;
}
/** `<rec-board>`: a company's open positions, sorted by title in the shown language. */
export declare function Board({ boardId, language, headingLevel, apiBase, referralCode, container }: BoardProps): import("react").JSX.Element;
