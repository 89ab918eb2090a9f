/** `/referral/{company_id}/generate`: the <rec-referral> element, full page. */
export function ReferralPage({ companyId, language }: { companyId: string; language: string | null }) {
  return <rec-referral company-id={companyId} language={language ?? undefined} />;
}
