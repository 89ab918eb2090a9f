import type { SsoDiscovery, SsoSettingsBody, SsoSettingsView, SsoStartBody } from '@rec/core';
import { api } from '../../api';

/** Single sign-on calls (issue 32): discovery and start on /login, the owner's IdP setting. */
export const discoverSso = (email: string) => api.post<SsoDiscovery>('/auth/sso/discover', { email });
export const startSso = (body: SsoStartBody) => api.post<{ authorizationUrl: string }>('/auth/sso/start', body);

export const fetchSsoSettings = () => api.get<SsoSettingsView>('/v2/companies/settings/sso');
export const saveSsoSettings = (body: SsoSettingsBody) => api.put<SsoSettingsView>('/v2/companies/settings/sso', body);
export const removeSsoSettings = () => api.delete('/v2/companies/settings/sso');
/** Asks the server to look up the domain's TXT record now; answers the setting with the domain's new state. */
export const verifySsoDomain = (domain: string) => api.post<SsoSettingsView>(`/v2/companies/settings/sso/domains/${encodeURIComponent(domain)}/verify`);
export const testSsoConnection = (issuer: string) => api.post<{ ok: true; issuer: string }>('/v2/companies/settings/sso/test', { issuer });
