import type { CompanyRole } from './roles';

/** Permission strings of spec §6, one per guarded action. */
export const PERMISSIONS = {
  openingsManage: 'OPENINGS:MANAGE',
  openingsCreate: 'OPENINGS:CREATE',
  postingsCreate: 'POSTINGS:CREATE',
  applicantsDataExport: 'OPENINGS:APPLICANTS:DATA:EXPORT',
  openingsArchive: 'OPENINGS:ARCHIVE',
  openingsDelete: 'OPENINGS:DELETE',
  dashboardsManage: 'ANALYTICS:DASHBOARD:MANAGE',
  logosManage: 'COMPANIES:LOGOS:MANAGE',
  /** Birth date, gender, nationality, salary, address and CVs of applicants (issue 9, item 14). */
  candidatesSensitiveRead: 'CANDIDATES:SENSITIVE:READ',
  /** Move candidates between pipeline stages, reject them, bulk actions (issue 11). */
  candidatesManage: 'CANDIDATES:MANAGE',
  /** Invite, re-role and remove the company's recruiters (issue 13). */
  teamManage: 'TEAM:MANAGE',
  /** Company settings: name, languages, privacy notice, retention, brand, stages (issue 13). */
  companySettingsManage: 'COMPANIES:SETTINGS:MANAGE',
  /** Webhooks, API keys and the other integrations a company builds on (issue 30). */
  integrationsManage: 'INTEGRATIONS:MANAGE',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/** What a recruiter may do that an owner keeps for themselves: company settings, logos, team and integrations. */
const OWNER_ONLY: readonly Permission[] = [PERMISSIONS.logosManage, PERMISSIONS.teamManage, PERMISSIONS.companySettingsManage, PERMISSIONS.integrationsManage];

/**
 * The permission set of each company role: an owner may do everything; a recruiter works on
 * openings, postings, candidates and dashboards but not on company settings or the team; a viewer
 * only reads.
 */
export const COMPANY_ROLE_PERMISSIONS: Record<CompanyRole, readonly Permission[]> = {
  owner: ALL_PERMISSIONS,
  recruiter: ALL_PERMISSIONS.filter((permission) => !OWNER_ONLY.includes(permission)),
  viewer: [],
};

export type PermissionMode = 'every' | 'some';

/**
 * Whether `granted` satisfies `required` (spec §6): no requirement (undefined, empty list) is
 * allowed; one string must be granted; a list is matched `every` (default) or `some`.
 * Used by the server's pre-handlers and by the clients to show or hide actions.
 */
export function hasPermission(granted: readonly string[], required?: string | readonly string[], mode: PermissionMode = 'every'): boolean {
  if (required === undefined) return true;
  const needed = typeof required === 'string' ? [required] : required;
  if (needed.length === 0) return true;
  const set = new Set(granted);
  return mode === 'some' ? needed.some((permission) => set.has(permission)) : needed.every((permission) => set.has(permission));
}
