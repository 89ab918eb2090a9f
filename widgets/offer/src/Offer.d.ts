import { type LocalePart } from '@rec/i18n';
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
/** `<rec-offer>`: one job offer, and applying to it. */
export declare function Offer({ channelId, offerId, embedded, language, apiBase, referralCode: referralAttribute, agentEmail, headingLevel }: OfferProps): import("react").JSX.Element;
