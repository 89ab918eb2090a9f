import type { AuditLogEntry, CompanyRole, Locale } from '@rec/core';
import { api } from '../../api';

export interface AdminCompanyRow {
  _id: string;
  name: string;
  suspended: boolean;
  createdAt: string | null;
  recruiters: Array<{ _id: string; fullName: string; email: string; role: CompanyRole; lastSignInAt: string | null }>;
}

export interface AuditFilters {
  action?: string;
  companyId?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** The admin area's calls (issue 13). */
export const fetchCompanies = () => api.get<AdminCompanyRow[]>('/v2/admin/companies');
export const createCompany = (body: { name: string; language: Locale; ownerEmail: string }) => api.post<{ _id: string }>('/v2/admin/companies', body);
export const suspendCompany = (id: string) => api.post(`/v2/admin/companies/${encodeURIComponent(id)}/suspend`);
export const reactivateCompany = (id: string) => api.post(`/v2/admin/companies/${encodeURIComponent(id)}/reactivate`);
export const fetchAuditActions = () => api.get<string[]>('/v2/admin/audit-log/actions');
export function fetchAuditLog(filters: AuditFilters) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query[key] = String(value);
  return api.get<{ entries: AuditLogEntry[]; page: number; hasMore: boolean }>('/v2/admin/audit-log', { query });
}
