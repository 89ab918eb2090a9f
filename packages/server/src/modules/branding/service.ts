import { brandCustomProperties, companySettingsOf, ERROR_KEYS, LOGO_MASKS, type LogoMask, type Theme, type ThemeLogo } from '@rec/core';
import type { CompanyThemeParams } from '@rec/core/theme-schema';
import { HttpError } from '../../http/errors';
import { logoImageOf } from '../company-logos/default-logo';
import type { BrandingRepository } from './repository';

/** The default logo as the logos module keeps it in `settings.logoImage`, with its mask (issue 16). */
function themeLogoOf(settings: Record<string, unknown>): ThemeLogo | undefined {
  const image = logoImageOf(settings);
  if (!image) return undefined;
  const mask = (settings.logoImage as { mask?: unknown }).mask;
  return (LOGO_MASKS as readonly unknown[]).includes(mask) ? { ...image, mask: mask as LogoMask } : image;
}

/**
 * The company's theme from its stored settings: the ONE place boards, offers and the theme route
 * build it, so every widget and preview shows the same brand. An invalid stored brand counts as
 * none (companySettingsOf), rather than failing a public page.
 */
export function companyTheme(settings: Record<string, unknown> | null | undefined): Theme {
  const stored = settings ?? {};
  const logo = themeLogoOf(stored);
  const { brand } = companySettingsOf(stored);
  return { brand, ...(logo ? { logo } : {}), properties: Object.fromEntries(brandCustomProperties(brand)) };
}

export type BrandingService = ReturnType<typeof createBrandingService>;

export function createBrandingService(deps: { repository: BrandingRepository }) {
  return {
    /** `GET /v2/companies/{companyId}/theme`: public; 404 for an unknown or suspended company. */
    async theme({ companyId }: CompanyThemeParams): Promise<{ companyId: string; theme: Theme }> {
      const settings = await deps.repository.findActiveSettings(companyId);
      if (!settings) throw new HttpError(404, ERROR_KEYS.companyNotFound);
      return { companyId, theme: companyTheme(settings) };
    },
  };
}
