/**
 * The one list of our custom elements: tag -> the chunk that defines it. Each import is a
 * separate chunk, downloaded the first time its tag appears on the page. A new widget is
 * one line here (rec-offer, rec-referral, rec-applicant-steps…).
 */
export declare const WIDGETS: Record<string, () => Promise<unknown>>;
