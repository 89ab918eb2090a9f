import { type Brand, BrandSchema, OBJECT_ID_PATTERN, type Theme } from '@rec/core';
import * as v from 'valibot';

/**
 * Which brand a branding preview page shows, first found wins (issue 16):
 * 1. `brand` in the link: trial values a designer shares (JSON of the Brand, never saved);
 * 2. `companyId` in the link: that company's public theme (`GET /v2/companies/{id}/theme`);
 * 3. the signed-in recruiter's company (`GET /v2/companies/settings`);
 * 4. the default brand (no token set: every component shows its documented default).
 */
export type BrandOrigin = 'link' | 'company' | 'settings' | 'default';

export interface ShownBrand {
  brand: Brand;
  origin: BrandOrigin;
  /** The link had a `brand` that is not a valid brand (hand-edited, cut short): said on the page. */
  invalidLink: boolean;
}

export interface BrandSources {
  companyTheme: (companyId: string) => Promise<{ theme: Theme }>;
  companySettings: () => Promise<{ brand: Brand }>;
}

export const BRAND_QUERY = 'brand';

/** The `brand` query as a Brand; undefined when absent, null when present but not a valid brand. */
export function parseBrandQuery(value: string | null): Brand | null | undefined {
  if (value === null) return undefined;
  try {
    const result = v.safeParse(BrandSchema, JSON.parse(value));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** The brand as the `brand` query value: compact JSON, tokens the brand leaves out are left out. */
export function brandQueryValue(brand: Brand): string {
  return JSON.stringify(brand);
}

/** The link with `brand` set to the brand (or removed when `brand` is null), other queries kept. */
export function linkWithBrand(href: string, brand: Brand | null): string {
  const url = new URL(href);
  if (brand) url.searchParams.set(BRAND_QUERY, brandQueryValue(brand));
  else url.searchParams.delete(BRAND_QUERY);
  return url.href;
}

export async function resolveBrand(query: URLSearchParams, sources: BrandSources): Promise<ShownBrand> {
  const fromLink = parseBrandQuery(query.get(BRAND_QUERY));
  if (fromLink) return { brand: fromLink, origin: 'link', invalidLink: false };
  const invalidLink = fromLink === null;
  const companyId = query.get('companyId');
  if (companyId && OBJECT_ID_PATTERN.test(companyId)) {
    try {
      const { theme } = await sources.companyTheme(companyId);
      return { brand: theme.brand, origin: 'company', invalidLink };
    } catch {
      // An unknown company or a failed call: fall through to the next source.
    }
  }
  try {
    const settings = await sources.companySettings();
    return { brand: settings.brand, origin: 'settings', invalidLink };
  } catch {
    // Nobody signed in (401), or a member without access to the settings: the default brand.
  }
  return { brand: {}, origin: 'default', invalidLink };
}
