import type { ApiClient } from './client';

export interface PersonName {
  first?: string;
  last?: string;
}

export interface RecruiterSettings {
  language?: string;
  profilePictureUrl?: string | null;
  /** The uploaded picture, inline (spec §3: type and base64); shown before profilePictureUrl. */
  profilePicture?: { type: string; base64: string } | null;
  notifications?: unknown;
}

/** GET /v2/recruiter/me (spec §3 Recruiter). */
export interface RecruiterMe {
  _id: string;
  name?: PersonName;
  fullName?: string;
  email?: string;
  settings?: RecruiterSettings;
  pendingActions?: unknown;
}

/** GET /v2/recruiter/me/permissions. */
export interface PermissionsResponse {
  role: string;
  permissions: string[];
}

export interface Company {
  _id: string;
  name?: string;
  /** `privacyNoticeLanguages`: the languages the company wrote its privacy notice in. */
  settings?: { language?: string; logos?: unknown[]; privacyNoticeLanguages?: string[] };
}

export interface AdminCompany {
  _id: string;
  name: string;
  recruiters: { _id: string; fullName: string; email: string; role: string }[];
}

const select = (fields?: readonly string[]) => (fields?.length ? { query: { select: [...fields] } } : {});

/** GET /v2/recruiter/me, only `fields` (+_id) when given. */
export function fetchRecruiterMe(api: ApiClient, fields?: readonly string[]): Promise<RecruiterMe> {
  return api.get<RecruiterMe>('/v2/recruiter/me', select(fields));
}

/** GET /v2/recruiter/me/permissions. */
export function fetchRecruiterPermissions(api: ApiClient): Promise<PermissionsResponse> {
  return api.get<PermissionsResponse>('/v2/recruiter/me/permissions');
}

/** PATCH /v2/recruiter/me/settings. */
export function updateRecruiterSettings(api: ApiClient, settings: RecruiterSettings): Promise<RecruiterSettings> {
  return api.patch<RecruiterSettings>('/v2/recruiter/me/settings', settings);
}

/** GET /v2/companies/{tenantId}. */
export function fetchCompany(api: ApiClient, tenantId: string, fields?: readonly string[]): Promise<Company> {
  return api.get<Company>(`/v2/companies/${encodeURIComponent(tenantId)}`, select(fields));
}

/** GET /v2/admin/companies (admins only). */
export function fetchAdminCompanies(api: ApiClient): Promise<AdminCompany[]> {
  return api.get<AdminCompany[]>('/v2/admin/companies');
}
