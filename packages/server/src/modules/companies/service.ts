import { companyPrivacyNotices } from '../offers/privacy-notices';
import {
  type CompanyLogo,
  type CompanyResource,
  type CompanySettingsPatch,
  companySettingsOf,
  DEFAULT_LOCALE,
  type EffectiveCompanySettings,
  ERROR_KEYS,
  toLocale,
} from '@rec/core';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { CompanySettings } from '../../db/schema';
import type { DomainEvents } from '../domain-events/domain-events';
import type { CompanyRepository } from './repository';

export type CompanyService = ReturnType<typeof createCompanyService>;

/** `GET /v2/companies/settings`: the effective settings (defaults filled), the name and the logos. */
export interface CompanySettingsResource extends EffectiveCompanySettings {
  _id: string;
  name: string;
  logos: CompanyLogo[];
}

export function createCompanyService(deps: {
  repository: CompanyRepository;
  /** The company's logos (the logos module owns them). */
  logos: (companyId: string) => Promise<CompanyLogo[]>;
  events: DomainEvents;
  retentionDays?: number;
}) {
  const { repository, logos, events } = deps;
  return {
    /** A recruiter reads only their own company (another is a 404, as if absent); an admin reads any. */
    async get(auth: AuthContext, companyId: string): Promise<CompanyResource> {
      if (auth.role !== 'admin' && auth.tenantId !== companyId) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      const company = await repository.find(companyId);
      if (!company) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      return {
        _id: company.id,
        name: company.name,
        settings: {
          language: toLocale(company.settings.language) ?? DEFAULT_LOCALE,
          logos: await logos(company.id),
          privacyNoticeLanguages: companyPrivacyNotices(company.settings).map((notice) => notice.language),
        },
      };
    },

    async settings(companyId: string): Promise<CompanySettingsResource> {
      const company = await repository.find(companyId);
      if (!company) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      return { _id: company.id, name: company.name, ...companySettingsOf(company.settings, deps.retentionDays), logos: await logos(company.id) };
    },

    /**
     * Saves the given fields only. The default language is stored as `settings.language` (the key
     * every reader already uses). A brand change tells the widgets' caches (BRAND_CHANGED);
     * anything else COMPANY_CHANGED (names and notices show on public pages too).
     */
    async updateSettings(companyId: string, patch: CompanySettingsPatch): Promise<CompanySettingsResource> {
      const { name, defaultLanguage, brand, ...rest } = patch;
      const settings: CompanySettings = { ...rest };
      if (defaultLanguage) settings.language = defaultLanguage;
      if (brand) settings.brand = brand;
      if (!(await repository.updateSettings(companyId, { name, settings }))) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      if (brand) events.emit({ type: 'BRAND_CHANGED', companyId });
      if (Object.keys(patch).some((key) => key !== 'brand')) events.emit({ type: 'COMPANY_CHANGED', companyId });
      return this.settings(companyId);
    },
  };
}
