import { Loading } from '@rec/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_ARG_TYPES, BRAND_DEFAULTS, type BrandArgs, brandStyle, splitBrand } from '../brand';
import { ShadowPreview } from '../ShadowPreview';

interface LoadingArgs extends BrandArgs {
  label: string;
}

/** The polite live status (`role="status"`, `part="loading"`): spinner for the eyes, label for screen readers and eyes. */
function LoadingPreview(args: LoadingArgs) {
  const { brand, rest } = splitBrand(args);
  return (
    <ShadowPreview style={brandStyle(brand)}>
      <Loading label={rest.label} />
    </ShadowPreview>
  );
}

const meta: Meta<LoadingArgs> = {
  title: 'Components/Loading',
  component: LoadingPreview,
  args: { ...BRAND_DEFAULTS, label: 'Loading job offers…' },
  argTypes: { ...BRAND_ARG_TYPES, label: { control: 'text', description: 'The `label` prop.' } },
};
export default meta;

type Story = StoryObj<LoadingArgs>;

export const Default: Story = {};

/** A long label in a narrow column: the spinner keeps its size. */
export const LongLabel: Story = {
  args: { label: 'Chargement des offres d’emploi de toutes les filiales du groupe, veuillez patienter…' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '16rem' }}>
        <Story />
      </div>
    ),
  ],
};
