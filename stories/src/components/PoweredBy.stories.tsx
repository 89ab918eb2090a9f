import { DEFAULT_LOCALE, type Locale } from '@rec/core';
import { BRAND_NAME, PoweredBy, useTranslate } from '@rec/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_ARG_TYPES, BRAND_DEFAULTS, type BrandArgs, brandStyle, splitBrand } from '../brand';
import { LOCALE_ARG_TYPE } from '../locale-arg';
import { ShadowPreview } from '../ShadowPreview';

interface PoweredByArgs extends BrandArgs {
  language: Locale;
  brandName: string;
  href: string;
}

/** The powered-by footer of every public widget (`part="powered-by"`), in the chosen language. */
function PoweredByPreview(args: PoweredByArgs) {
  const { brand, rest } = splitBrand(args);
  const t = useTranslate(rest.language);
  return <ShadowPreview style={brandStyle(brand)}>{t ? <PoweredBy t={t} brand={rest.brandName} href={rest.href || undefined} /> : null}</ShadowPreview>;
}

const meta: Meta<PoweredByArgs> = {
  title: 'Components/PoweredBy',
  component: PoweredByPreview,
  args: { ...BRAND_DEFAULTS, language: DEFAULT_LOCALE, brandName: BRAND_NAME, href: '' },
  argTypes: {
    ...BRAND_ARG_TYPES,
    language: LOCALE_ARG_TYPE,
    brandName: { control: 'text', description: 'The `brand` prop.' },
    href: { control: 'text', description: 'The `href` prop: with it the line is a link (new tab).' },
  },
};
export default meta;

type Story = StoryObj<PoweredByArgs>;

export const Text: Story = {};

export const Link: Story = { args: { href: 'https://example.com/' } };
