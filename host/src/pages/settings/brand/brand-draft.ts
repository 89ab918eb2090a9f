import {
  BRAND_COLOR_KEYS,
  type Brand,
  type BrandColorKey,
  type BrandFont,
  BrandSchema,
  brandCustomProperties,
  DEFAULT_BRAND_COLORS,
  DEFAULT_BRAND_RADIUS,
  DEFAULT_BRAND_SPACING,
} from '@rec/core';
import * as v from 'valibot';

/**
 * The brand editor's state, kept apart from the saved brand: what each colour field holds as
 * typed (a half-typed "#1f5" must not jump to another value under the fingers) and the last
 * valid colour of each field, which the preview and the contrast check show meanwhile.
 */
export interface BrandDraft {
  colorText: Record<BrandColorKey, string>;
  colors: Record<BrandColorKey, string>;
  font: BrandFont;
  radius: number;
  spacing: number;
}

const mapColors = (pick: (key: BrandColorKey) => string) => Object.fromEntries(BRAND_COLOR_KEYS.map((key) => [key, pick(key)])) as Record<BrandColorKey, string>;

/** The draft of a saved brand, every token the brand leaves out at its default. */
export function draftFromBrand(brand: Brand): BrandDraft {
  const colors = mapColors((key) => (brand.colors?.[key] ?? DEFAULT_BRAND_COLORS[key]).toLowerCase());
  return {
    colorText: { ...colors },
    colors,
    font: brand.font ?? 'inherit',
    radius: brand.radius ?? DEFAULT_BRAND_RADIUS,
    spacing: brand.spacing ?? DEFAULT_BRAND_SPACING,
  };
}

/** `#1F5FBF`, `1f5fbf`, `#15b` (short form) -> `#1f5fbf`; anything else null. */
export function parseHexColor(text: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

/** A colour field typed into: the text is kept as typed, the colour follows once the text is one. */
export function withColorText(draft: BrandDraft, key: BrandColorKey, text: string): BrandDraft {
  const color = parseHexColor(text);
  return { ...draft, colorText: { ...draft.colorText, [key]: text }, colors: color ? { ...draft.colors, [key]: color } : draft.colors };
}

/** The colour fields whose text is not a colour (the save is refused until they are). */
export function invalidColorKeys(draft: BrandDraft): BrandColorKey[] {
  return BRAND_COLOR_KEYS.filter((key) => parseHexColor(draft.colorText[key]) === null);
}

/**
 * The brand to save: only the tokens that differ from the defaults, so a company that keeps a
 * default follows it if the default ever improves (a reset saves `{}`). Checked with the same
 * BrandSchema the server checks the PATCH with.
 */
export function brandOfDraft(draft: BrandDraft): Brand {
  const colors: Partial<Record<BrandColorKey, string>> = {};
  for (const key of BRAND_COLOR_KEYS) {
    if (draft.colors[key] !== DEFAULT_BRAND_COLORS[key]) colors[key] = draft.colors[key];
  }
  // The range input's steps of 0.05 arrive as floats (0.8500000000000001): two decimals are meant.
  const spacing = Math.round(draft.spacing * 100) / 100;
  return v.parse(BrandSchema, {
    ...(Object.keys(colors).length ? { colors } : {}),
    ...(draft.font !== 'inherit' ? { font: draft.font } : {}),
    ...(draft.radius !== DEFAULT_BRAND_RADIUS ? { radius: draft.radius } : {}),
    ...(spacing !== DEFAULT_BRAND_SPACING ? { spacing } : {}),
  });
}

/** Whether the draft would save something other than `saved` (the "discard changes" button's state). */
export function draftChanges(draft: BrandDraft, saved: Brand): boolean {
  return invalidColorKeys(draft).length > 0 || JSON.stringify(brandOfDraft(draft)) !== JSON.stringify(brandOfDraft(draftFromBrand(saved)));
}

/**
 * Every custom property of the draft, defaults included, for the preview's wrapper: the page's
 * values win over the saved theme, so a token reset to its default must be set too or the saved
 * value would show. `inherit` ("the career site's font") is previewed with the back-office's own
 * font, the page the preview sits in (a custom property set to `inherit` would not mean that).
 */
export function previewProperties(draft: BrandDraft, pageFont: string): Record<string, string> {
  const properties = Object.fromEntries(brandCustomProperties({ colors: draft.colors, font: draft.font, radius: draft.radius, spacing: draft.spacing }));
  if (draft.font === 'inherit') properties['--rec-font-family'] = pageFont;
  return properties;
}
