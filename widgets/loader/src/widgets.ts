/**
 * The one list of our custom elements: tag -> the chunk that defines it. Each import is a
 * separate chunk, downloaded the first time its tag appears on the page. A new widget is
 * one line here (rec-offer, rec-referral, rec-applicant-steps…).
 */
export const WIDGETS: Record<string, () => Promise<unknown>> = {
  'rec-board': () => import('../../board/src/board.element'),
  'rec-offer': () => import('../../offer/src/offer.element'),
  'rec-referral': () => import('../../referral/src/referral.element'),
  'rec-applicant-steps': () => import('../../applicant-steps/src/applicant-steps.element'),
  // lit, not React: the badge goes on every page of a career site and must not pull the preact chunk.
  'rec-jobs-count': () => import('../../jobs-count/src/jobs-count.element'),
};
