import { type ReferralProps } from './Referral';
/** `<rec-referral company-id="…" channel-id="…" language="fr" api-base="https://…" heading-level="2">` */
export declare const RecReferral: import("@rec/ui").RecElementClass;
declare global {
    interface HTMLElementTagNameMap {
        'rec-referral': HTMLElement & ReferralProps;
    }
}
