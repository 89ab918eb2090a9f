import type { Offer } from '@rec/core';

/**
 * Adds the offer's JobPosting to the host page's head once (embedded offers live on career
 * sites the server does not render). `<` is escaped so no value can close the script.
 */
export function addJobPostingToHead(offer: Offer, description: string): void {
  // Built by the server (core job-posting.ts); the widget only adds the description it shows.
  if (typeof document === 'undefined' || !offer.jobPosting) return;
  const selector = `script[type="application/ld+json"][data-rec-offer="${offer._id}"]`;
  if (document.head.querySelector(selector)) return;
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.dataset.recOffer = offer._id;
  script.textContent = JSON.stringify({ ...offer.jobPosting, description }).replaceAll('<', '\\u003c');
  document.head.appendChild(script);
}
