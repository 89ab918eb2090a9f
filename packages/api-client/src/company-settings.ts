import type { CompanyLogo, CompanySettingsPatch, EffectiveCompanySettings, LogoCreateBody, LogoUpdateBody, MailTemplateBody, MailTemplateResource } from '@rec/core';
import type { ApiClient } from './client';

/** The company settings calls of issue 13 (spec §7 "Session and company" for the logo calls). */

export interface CompanySettingsResource extends EffectiveCompanySettings {
  _id: string;
  name: string;
  logos: CompanyLogo[];
}

export const fetchCompanySettings = (api: ApiClient) => api.get<CompanySettingsResource>('/v2/companies/settings');
export const updateCompanySettings = (api: ApiClient, patch: CompanySettingsPatch) => api.patch<CompanySettingsResource>('/v2/companies/settings', patch);

const logoPath = (id: string) => `/v2/companies/settings/logos/${encodeURIComponent(id)}`;
export const fetchLogos = (api: ApiClient) => api.get<CompanyLogo[]>('/v2/companies/settings/logos');
export const createLogo = (api: ApiClient, body: LogoCreateBody) => api.post<CompanyLogo>('/v2/companies/settings/logos', body);
export const updateLogo = (api: ApiClient, id: string, body: LogoUpdateBody) => api.put<CompanyLogo>(logoPath(id), body);
export const setDefaultLogo = (api: ApiClient, id: string) => api.post<CompanyLogo>(`${logoPath(id)}/default`);
export const deleteLogo = (api: ApiClient, id: string) => api.delete<void>(logoPath(id));

const templatePath = (kind: string, language: string) => `/v2/companies/settings/mail-templates/${encodeURIComponent(kind)}/${encodeURIComponent(language)}`;
export const fetchMailTemplates = (api: ApiClient) => api.get<MailTemplateResource[]>('/v2/companies/settings/mail-templates');
export const saveMailTemplate = (api: ApiClient, kind: string, language: string, body: MailTemplateBody) => api.put<MailTemplateResource>(templatePath(kind, language), body);
export const resetMailTemplate = (api: ApiClient, kind: string, language: string) => api.delete<MailTemplateResource>(templatePath(kind, language));

/** What a career site can embed (settings_new/test writes its snippets with it; the brand editor previews them). */
export interface EmbedTargets {
  companyId: string;
  widgetsUrl: string;
  boards: Array<{ id: string; name: string }>;
  /** Channels of open postings on a board, newest first. */
  offers: Array<{ channelId: string; postingId: string }>;
}
export const fetchEmbedTargets = (api: ApiClient, signal?: AbortSignal) => api.get<EmbedTargets>('/v2/companies/settings/embed', signal ? { signal } : {});
