import { type Locale, type Offer } from '@rec/core';
import type { Translate } from '@rec/i18n/widgets';
export interface ApplyFormProps {
    offer: Offer;
    companyId: string;
    locale: Locale;
    t: Translate;
    baseURL: string;
    referralCode?: string | undefined;
    agentEmail?: string | undefined;
    /** Move focus into the form when it opens (a candidate asked for it). */
    autoFocus?: boolean;
}
/** The application form of spec §3 with the fields the opening asks (lazy chunk of <rec-offer>). */
export declare function ApplyForm({ offer, companyId, locale, t, baseURL, referralCode, agentEmail, autoFocus }: ApplyFormProps): import("react").JSX.Element;
