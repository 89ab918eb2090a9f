import * as v from 'valibot';
import { LOGO_MASKS } from './company-logos';
import { BrandSchema } from './company-settings';
import { BoardSchema, OfferSchema } from './entities';
import { ObjectIdSchema } from './ids';

/**
 * The `theme` of the board, offer and company-theme answers as valibot schemas (API docs and
 * tests). Kept apart from theme.ts so the widgets, which import theme.ts for the mapping, do not
 * bundle the brand's validation.
 */
export const ThemeLogoSchema = v.object({
  url: v.string(),
  width: v.number(),
  height: v.number(),
  mask: v.optional(v.picklist(LOGO_MASKS)),
});

export const ThemeSchema = v.object({ brand: BrandSchema, logo: v.optional(ThemeLogoSchema), properties: v.optional(v.record(v.string(), v.string())) });

/** `GET /v2/companies/{companyId}/theme`. */
export const CompanyThemeSchema = v.object({ theme: ThemeSchema });

export const CompanyThemeParamsSchema = v.object({ companyId: ObjectIdSchema });
export type CompanyThemeParams = v.InferOutput<typeof CompanyThemeParamsSchema>;

/** The board and offer answers as the server sends them: with the company's theme. */
export const ThemedBoardSchema = v.object({ ...BoardSchema.entries, theme: ThemeSchema });
export const ThemedOfferSchema = v.object({ ...OfferSchema.entries, theme: ThemeSchema });
