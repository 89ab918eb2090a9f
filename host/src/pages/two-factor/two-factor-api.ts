import type {
  CompanySecurity,
  CompanySecurityPatch,
  ReauthenticationBody,
  SecondFactorMethods,
  SecondFactorStep,
  SecondFactorVerifyBody,
  TotpEnrolment,
  TwoFactorRequirement,
  TwoFactorStatus,
} from '@rec/core';
import { api } from '../../api';

/** Two-factor calls (issue 32): finishing a sign-in, the person's own factor, the company policy. */
/** The half-signed-in session: its step, what it may use, who requires an enrolment, and where it goes once done. */
export const fetchPendingSignIn = () =>
  api.get<{ step: SecondFactorStep; email: string; methods: SecondFactorMethods; requiredBy: TwoFactorRequirement | null; home: string }>('/auth/two-factor');
export const verifySecondFactor = (body: SecondFactorVerifyBody) => api.post<{ redirectTo: string }>('/auth/two-factor/verify', body);

/** The enrolment calls of a half-signed-in session (an admin, or the company's policy) or of the account page. */
export interface EnrolmentCalls {
  start(): Promise<TotpEnrolment>;
  confirm(code: string): Promise<{ recoveryCodes: string[] }>;
}
export const pendingEnrolment: EnrolmentCalls = {
  start: () => api.post<TotpEnrolment>('/auth/two-factor/enrol', {}),
  confirm: (code) => api.post<{ recoveryCodes: string[] }>('/auth/two-factor/enrol/confirm', { code }),
};
export const accountEnrolment: EnrolmentCalls = {
  start: () => api.post<TotpEnrolment>('/v2/me/two-factor/totp', {}),
  confirm: (code) => api.post<{ recoveryCodes: string[] }>('/v2/me/two-factor/totp/confirm', { code }),
};

export const fetchTwoFactorStatus = () => api.get<TwoFactorStatus>('/v2/me/two-factor');
export const regenerateRecoveryCodes = (body: ReauthenticationBody) => api.post<{ recoveryCodes: string[] }>('/v2/me/two-factor/recovery-codes', body);
export const removeTwoFactor = (body: ReauthenticationBody) => api.post('/v2/me/two-factor/remove', body);

export const fetchCompanySecurity = () => api.get<CompanySecurity>('/v2/companies/settings/security');
export const saveCompanySecurity = (patch: CompanySecurityPatch) => api.patch<CompanySecurity>('/v2/companies/settings/security', patch);
