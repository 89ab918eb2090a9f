import type { Offer } from '@rec/core';
/**
 * Adds the offer's JobPosting to the host page's head once (embedded offers live on career
 * sites the server does not render). `<` is escaped so no value can close the script.
 */
export declare function addJobPostingToHead(offer: Offer, description: string): void;
