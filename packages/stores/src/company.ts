import { type ApiClient, type Company, fetchCompany } from '@rec/api-client';
import { atom } from 'nanostores';

/** The signed-in recruiter's company (GET /v2/companies/{tenantId}). */
export const $company = atom<Company | null>(null);

export async function loadCompany(api: ApiClient, tenantId: string, { force = false } = {}): Promise<Company> {
  const held = $company.get();
  if (!force && held?._id === tenantId) return held;
  const company = await fetchCompany(api, tenantId);
  $company.set(company);
  return company;
}

export function resetCompany(): void {
  $company.set(null);
}
