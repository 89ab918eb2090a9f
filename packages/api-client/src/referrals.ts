import type { ReferralLink } from '@rec/core/application';
import type { ReferralRequest } from '@rec/core/application-schema';
import type { ApiClient } from './client';

/** POST /v2/referrals: an employee's personal referral link. */
export function createReferral(api: ApiClient, body: ReferralRequest): Promise<ReferralLink> {
  return api.post<ReferralLink>('/v2/referrals', body);
}
