import type { ComponentType } from 'react';
import { ApplicationCardsPreview } from './ApplicationCardsPreview';
import { BasicTextPreview } from './BasicTextPreview';
import { ButtonsPreview } from './ButtonsPreview';
import { IconsAndBackgroundsPreview } from './IconsAndBackgroundsPreview';
import { InputsPreview } from './InputsPreview';
import { MiscPreview } from './MiscPreview';
import { OfferHeaderPreview } from './OfferHeaderPreview';
import type { PreviewProps } from './preview-props';
import { SlimHeaderPreview } from './SlimHeaderPreview';

export type { PreviewProps } from './preview-props';
export { adoptPreviewLayout, brandStyle, PreviewCanvas } from './PreviewFrame';

/**
 * The eight branding previews of spec §2, by their page slug. The host's preview pages and the
 * Storybook stories both render these modules, so a designer sees the same thing in both.
 */
export const PREVIEW_CONTENT = {
  inputs: InputsPreview,
  buttons: ButtonsPreview,
  'basic-text': BasicTextPreview,
  'slim-header': SlimHeaderPreview,
  'card-choices': ApplicationCardsPreview,
  'offer-header': OfferHeaderPreview,
  'misc-components': MiscPreview,
  'icons-and-background': IconsAndBackgroundsPreview,
} as const satisfies Record<string, ComponentType<PreviewProps>>;

export type PreviewSlug = keyof typeof PREVIEW_CONTENT;
