import { type LocalePart } from '@rec/i18n/widgets';
import { type ElementProps } from '@rec/ui';
/** Attributes of <rec-offer>, as plain strings (absent or empty: undefined). */
export interface OfferProps extends ElementProps {
    channelId?: string;
    /** The offer's own id, for `/offer/{_id}` pages (channel-id wins when both are set). */
    offerId?: string;
    /** applyManualOnly or applyWithOptions: the compact embedded layout; anything else the full offer page. */
    embedded?: string;
    language?: string;
    apiBase?: string;
    /** A referral code; else the page's `?ref=`. Carried as companyReferralCode. */
    referralCode?: string;
    /** Hidden meta of spec §3: the agent who brought the candidate. */
    agentEmail?: string;
    /** Level of the title heading (default 1 on the full page, 2 embedded). */
    headingLevel?: string;
}
export declare const OFFER_PARTS: readonly LocalePart[];
/**
 * Tells the page what the offer shows (its language and title, or the message's title when it cannot
 * be shown), so a host page can match `<html lang>` and its title and offer a way back.
 */
export declare const OFFER_SHOWN_EVENT = "rec-offer-shown";
/** `<rec-offer>`: one job offer, and applying to it. */
export declare function Offer({ channelId, offerId, embedded, language, apiBase, referralCode: referralAttribute, agentEmail, headingLevel, container }: OfferProps): import("react").JSX.Element;
