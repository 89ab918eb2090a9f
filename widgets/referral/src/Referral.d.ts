import { type ElementProps } from '@rec/ui';
/** Attributes of <rec-referral>. */
export interface ReferralProps extends ElementProps {
    companyId?: string;
    /** Refer to one offer instead of the company's board. */
    channelId?: string;
    language?: string;
    apiBase?: string;
    /** Level of the title heading, 1 to 6 (default 2; the full page uses 1). */
    headingLevel?: string;
}
/** `<rec-referral>`: an employee enters name and e-mail and gets a personal referral link. */
export declare function Referral({ companyId, channelId, language, apiBase, headingLevel }: ReferralProps): import("react").JSX.Element;
