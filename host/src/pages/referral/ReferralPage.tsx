/** `/referral/{company_id}/generate`: the <rec-referral> element, full page. */
export function ReferralPage({ companyId, language }: { companyId: string; language: string | null }) {
  // A page of its own: the widget's title is the page's h1.
  return <rec-referral company-id={companyId} language={language ?? undefined} heading-level="1" />;
}
