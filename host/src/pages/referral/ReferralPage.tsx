/** `/referral/{company_id}/generate`: the <rec-referral> element, full page. */
export function ReferralPage({ companyId }: { companyId: string }) {
  // A page of its own: the widget's title is the page's h1. Its language: the one rule (the page's, as the switcher's).
  return <rec-referral company-id={companyId} heading-level="1" />;
}
