/** Who a session belongs to (spec §6): the guards auth-recruiter, auth-applicant and auth check these. */
export const ROLES = ['recruiter', 'admin', 'applicant'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A recruiter's role inside their company; it decides their permission set (issue 13):
 * owner = everything, recruiter = openings, postings and candidates but not company settings or
 * team, viewer = read only.
 */
export const COMPANY_ROLES = ['owner', 'recruiter', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);
}
