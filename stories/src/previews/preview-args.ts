import { BRAND_FONTS, type Brand, type BrandFont, DEFAULT_BRAND_COLORS, type Locale } from '@rec/core';
import type { ArgTypes } from '@storybook/react-vite';
import { LOCALE_ARG_TYPE } from '../locale-arg';

/**
 * Controls of the branding preview stories: every brand token of the Brand contract
 * (packages/core company-settings.ts: seven colours, font, radius, spacing) and the language.
 * Defaults are the documented ones, so an untouched story shows the default brand.
 */
export interface PreviewArgs {
  primary: string;
  onPrimary: string;
  text: string;
  muted: string;
  surface: string;
  border: string;
  background: string;
  font: BrandFont;
  radius: number;
  spacing: number;
  language: Locale;
}

export const PREVIEW_DEFAULTS: PreviewArgs = {
  ...DEFAULT_BRAND_COLORS,
  // The host's own font: Storybook's canvas would otherwise inherit the browser's serif default.
  font: 'system',
  radius: 8,
  spacing: 1,
  language: 'en',
};

const color = (property: string, description: string) => ({
  control: { type: 'color' as const, presetColors: ['#1f5fbf', '#0b6e4f', '#8a2be2', '#b3261e', '#1b1b1b', '#1d2433', '#ffffff'] },
  description: `\`${property}\`: ${description}`,
  table: { category: 'Brand' },
});

export const PREVIEW_ARG_TYPES: Partial<ArgTypes<PreviewArgs>> = {
  primary: color('--rec-color-primary', 'buttons, links, titles, focus ring'),
  onPrimary: color('--rec-color-on-primary', 'text on primary buttons'),
  text: color('--rec-color-text', 'main text'),
  muted: color('--rec-color-muted', 'secondary text: labels, dates, powered-by'),
  surface: color('--rec-color-surface', 'secondary buttons, inputs, cards'),
  border: color('--rec-color-border', 'borders, separators, spinner track'),
  background: color('--rec-color-background', 'the widget background'),
  font: { control: { type: 'select' }, options: [...BRAND_FONTS], description: '`--rec-font-family`: one of the font stacks every visitor has (`inherit`: the page font).', table: { category: 'Brand' } },
  radius: { control: { type: 'range', min: 0, max: 24, step: 1 }, description: '`--rec-radius` in px (0 to 24)', table: { category: 'Brand' } },
  spacing: { control: { type: 'range', min: 0.75, max: 1.5, step: 0.05 }, description: '`--rec-spacing`, a multiplier of the spacing scale (0.75 to 1.5)', table: { category: 'Brand' } },
  language: LOCALE_ARG_TYPE,
};

/** The story's args as the Brand the host pages and the widgets take. */
export function brandOf(args: PreviewArgs): Brand {
  const { primary, onPrimary, text, muted, surface, border, background, font, radius, spacing } = args;
  return { colors: { primary, onPrimary, text, muted, surface, border, background }, font, radius, spacing };
}
