import { LOCALES, type Locale } from '@rec/core';
import type { CSSProperties } from 'react';
import type { ArgTypes } from '@storybook/react-vite';

/**
 * The brand a designer plays with: the main documented `--rec-*` custom properties of
 * widgets/board/src/board.css and packages/ui/src/ui.css. Defaults are the documented ones
 * (WCAG AA on white), so an untouched story shows the widget as a company gets it.
 */
export interface BrandArgs {
  /** --rec-font-family; empty: the page's font. */
  fontFamily: string;
  /** --rec-font-size, in rem. */
  fontSize: number;
  /** --rec-color-text */
  colorText: string;
  /** --rec-color-muted */
  colorMuted: string;
  /** --rec-color-primary */
  colorPrimary: string;
  /** --rec-color-on-primary */
  colorOnPrimary: string;
  /** --rec-color-surface */
  colorSurface: string;
  /** --rec-color-border */
  colorBorder: string;
  /** --rec-radius, in px. */
  radius: number;
  /** --rec-spacing, in rem. */
  spacing: number;
}

export const BRAND_DEFAULTS: BrandArgs = {
  fontFamily: 'system-ui, sans-serif',
  fontSize: 1,
  colorText: '#1d2433',
  colorMuted: '#525c6d',
  colorPrimary: '#1f5fbf',
  colorOnPrimary: '#ffffff',
  colorSurface: '#ffffff',
  colorBorder: '#d5dae3',
  radius: 8,
  spacing: 1,
};

const color = (property: string, description: string) => ({
  control: { type: 'color' as const, presetColors: ['#1f5fbf', '#0b6e4f', '#8a2be2', '#b3261e', '#1d2433', '#ffffff'] },
  description: `\`${property}\`: ${description}`,
  table: { category: 'Brand' },
});

export const BRAND_ARG_TYPES: Partial<ArgTypes<BrandArgs>> = {
  fontFamily: {
    control: 'text',
    description: '`--rec-font-family`, a CSS font stack (e.g. `Georgia, serif`); empty: the page font.',
    table: { category: 'Brand' },
  },
  fontSize: { control: { type: 'range', min: 0.75, max: 1.5, step: 0.0625 }, description: '`--rec-font-size` in rem', table: { category: 'Brand' } },
  colorText: color('--rec-color-text', 'main text'),
  colorMuted: color('--rec-color-muted', 'secondary text: counts, locations, powered-by'),
  colorPrimary: color('--rec-color-primary', 'links, offer titles, buttons, focus ring'),
  colorOnPrimary: color('--rec-color-on-primary', 'text on primary buttons'),
  colorSurface: color('--rec-color-surface', 'offer card background'),
  colorBorder: color('--rec-color-border', 'card borders, spinner track'),
  radius: { control: { type: 'range', min: 0, max: 32, step: 1 }, description: '`--rec-radius` in px', table: { category: 'Brand' } },
  spacing: { control: { type: 'range', min: 0.25, max: 2, step: 0.125 }, description: '`--rec-spacing` in rem', table: { category: 'Brand' } },
};

/** '' lets the widget choose (page `?language=`, else the board's language, else en). */
export type LanguageArg = '' | Locale;

export const LANGUAGE_ARG_TYPE = {
  control: { type: 'select' as const, labels: { '': 'automatic (board language)' } },
  options: ['', ...LOCALES],
  description: 'The `language` attribute: de, en, es, fr, lb, nl, pt, it or pl.',
};

type CustomProperties = CSSProperties & Record<`--${string}`, string>;

/** The brand as inline custom properties (on a widget element or any ancestor). */
export function brandStyle(brand: Partial<BrandArgs>): CustomProperties {
  const style: CustomProperties = {};
  const set = (name: string, value: string | number | undefined, unit = '') => {
    if (value !== undefined && value !== '') style[`--rec-${name}`] = `${value}${unit}`;
  };
  set('font-family', brand.fontFamily);
  set('font-size', brand.fontSize, 'rem');
  set('color-text', brand.colorText);
  set('color-muted', brand.colorMuted);
  set('color-primary', brand.colorPrimary);
  set('color-on-primary', brand.colorOnPrimary);
  set('color-surface', brand.colorSurface);
  set('color-border', brand.colorBorder);
  set('radius', brand.radius, 'px');
  set('spacing', brand.spacing, 'rem');
  return style;
}

/** Splits story args into the brand and the rest. */
export function splitBrand<Args extends BrandArgs>(args: Args): { brand: BrandArgs; rest: Omit<Args, keyof BrandArgs> } {
  const { fontFamily, fontSize, colorText, colorMuted, colorPrimary, colorOnPrimary, colorSurface, colorBorder, radius, spacing, ...rest } = args;
  return { brand: { fontFamily, fontSize, colorText, colorMuted, colorPrimary, colorOnPrimary, colorSurface, colorBorder, radius, spacing }, rest };
}
