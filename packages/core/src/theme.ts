import type { Brand, BrandColorKey, BrandFont } from './company-settings';
import type { LogoMask } from './company-logos';

/**
 * The company's brand as the widgets, the pages we serve, the brand editor and the branding
 * previews apply it (issue 16). One mapping from brand tokens to the documented `--rec-*`
 * custom properties, so every place that shows a brand shows the same one.
 */

/** The default logo a widget shows: its size reserves the box before the image loads. */
export interface ThemeLogo {
  url: string;
  width: number;
  height: number;
  mask?: LogoMask;
}

/** What the board and offer answers carry as `theme`. */
export interface Theme {
  brand: Brand;
  logo?: ThemeLogo;
  /**
   * `brandCustomProperties(brand)` as an object, filled by the server (modules/branding): the
   * widgets apply these, so their bundles carry neither the mapping nor the font stacks (size budgets).
   */
  properties?: Record<string, string>;
}

/** Brand colour token -> documented custom property. */
export const BRAND_COLOR_PROPERTIES: Record<BrandColorKey, string> = {
  primary: '--rec-color-primary',
  onPrimary: '--rec-color-on-primary',
  text: '--rec-color-text',
  muted: '--rec-color-muted',
  surface: '--rec-color-surface',
  border: '--rec-color-border',
  background: '--rec-color-background',
};

/** The documented defaults (WCAG AA on white): what a widget shows without a brand. */
export const DEFAULT_BRAND_COLORS: Record<BrandColorKey, string> = {
  primary: '#1f5fbf',
  onPrimary: '#ffffff',
  text: '#1d2433',
  muted: '#525c6d',
  surface: '#ffffff',
  border: '#d5dae3',
  background: '#ffffff',
};

/** Font stacks every visitor has (no font is downloaded from a third party); `inherit`: the page's font. */
export const BRAND_FONT_STACKS: Record<BrandFont, string> = {
  inherit: 'inherit',
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  humanist: '"Seravek","Gill Sans Nova",Ubuntu,Calibri,"DejaVu Sans",source-sans-pro,sans-serif',
  geometric: 'Avenir,Montserrat,Corbel,"URW Gothic",source-sans-pro,sans-serif',
  serif: 'Charter,"Bitstream Charter","Sitka Text",Cambria,Georgia,serif',
  rounded: 'ui-rounded,"Hiragino Maru Gothic ProN",Quicksand,Comfortaa,Manjari,"Arial Rounded MT",Calibri,sans-serif',
  monospace: 'ui-monospace,"Cascadia Code","Source Code Pro",Menlo,Consolas,"DejaVu Sans Mono",monospace',
};

/** The brand as `[custom property, value]` pairs; tokens the brand leaves out are left out. */
export function brandCustomProperties(brand: Brand): Array<[string, string]> {
  const properties: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(brand.colors ?? {})) {
    if (value) properties.push([BRAND_COLOR_PROPERTIES[key as BrandColorKey], value]);
  }
  if (brand.font && brand.font !== 'inherit') properties.push(['--rec-font-family', BRAND_FONT_STACKS[brand.font]]);
  if (brand.radius !== undefined) properties.push(['--rec-radius', `${brand.radius}px`]);
  if (brand.spacing !== undefined) properties.push(['--rec-spacing', `${brand.spacing}rem`]);
  return properties;
}

/** The brand as declarations (`--rec-color-primary:#b4451f;…`) for a rule or a style attribute. */
export function brandDeclarations(brand: Brand): string {
  return brandCustomProperties(brand)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

// --- Contrast (WCAG 2.x) ---------------------------------------------------------------------

/** Relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** The text/background pairs a brand must keep readable: [foreground, background]. */
export const BRAND_CONTRAST_PAIRS: ReadonlyArray<readonly [BrandColorKey, BrandColorKey]> = [
  ['text', 'surface'],
  ['text', 'background'],
  ['muted', 'surface'],
  ['primary', 'surface'],
  ['primary', 'background'],
  ['onPrimary', 'primary'],
];

export interface ContrastIssue {
  foreground: BrandColorKey;
  background: BrandColorKey;
  ratio: number;
}

/** The pairs of the brand (defaults filled) below AA 4.5:1, the ratio rounded to 2 decimals. */
export function brandContrastIssues(brand: Brand): ContrastIssue[] {
  const colors = { ...DEFAULT_BRAND_COLORS, ...brand.colors };
  return BRAND_CONTRAST_PAIRS.map(([foreground, background]) => ({ foreground, background, ratio: Math.round(contrastRatio(colors[foreground], colors[background]) * 100) / 100 })).filter(
    (pair) => pair.ratio < AA_CONTRAST,
  );
}
