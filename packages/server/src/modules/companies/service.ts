import { type CompanyResource, DEFAULT_LOCALE, ERROR_KEYS, toLocale } from '@rec/core';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { CompanyRepository } from './repository';

export type CompanyService = ReturnType<typeof createCompanyService>;

export function createCompanyService(deps: { repository: CompanyRepository }) {
  const { repository } = deps;
  return {
    /** A recruiter reads only their own company (another is a 404, as if absent); an admin reads any. */
    async get(auth: AuthContext, companyId: string): Promise<CompanyResource> {
      if (auth.role !== 'admin' && auth.tenantId !== companyId) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      const company = await repository.find(companyId);
      if (!company) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      const logos = company.settings.logos;
      return {
        _id: company.id,
        name: company.name,
        settings: { language: toLocale(company.settings.language) ?? DEFAULT_LOCALE, logos: Array.isArray(logos) ? logos : [] },
      };
    },
  };
}
