import type { Offer } from '@rec/core';
import { jobPosting } from '@rec/core/job-posting';

/**
 * Adds the offer's JobPosting to the host page's head once (embedded offers live on career
 * sites the server does not render). `<` is escaped so no value can close the script.
 */
export function addJobPostingToHead(offer: Offer, description: string): void {
  if (typeof document === 'undefined') return;
  const selector = `script[type="application/ld+json"][data-rec-offer="${offer._id}"]`;
  if (document.head.querySelector(selector)) return;
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.dataset.recOffer = offer._id;
  script.textContent = JSON.stringify(jobPosting(offer, description)).replaceAll('<', '\\u003c');
  document.head.appendChild(script);
}
