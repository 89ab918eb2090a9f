import { ErrorMessage } from '@rec/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_ARG_TYPES, BRAND_DEFAULTS, type BrandArgs, brandStyle, splitBrand } from '../brand';
import { ShadowPreview } from '../ShadowPreview';

interface ErrorMessageArgs extends BrandArgs {
  title: string;
  message: string;
  retryLabel: string;
  withRetry: boolean;
  onRetry: () => void;
}

/** The generic error block (`role="alert"`, `part="error"`, retry button `part="retry"`). */
function ErrorMessagePreview(args: ErrorMessageArgs) {
  const { brand, rest } = splitBrand(args);
  return (
    <ShadowPreview style={brandStyle(brand)}>
      <ErrorMessage title={rest.title} message={rest.message} retryLabel={rest.retryLabel} onRetry={rest.withRetry ? rest.onRetry : undefined} />
    </ShadowPreview>
  );
}

const meta: Meta<ErrorMessageArgs> = {
  title: 'Components/ErrorMessage',
  component: ErrorMessagePreview,
  args: {
    ...BRAND_DEFAULTS,
    title: 'Something went wrong',
    message: 'We couldn’t load this content. Please try again later.',
    retryLabel: 'Try again',
    withRetry: true,
  },
  argTypes: {
    ...BRAND_ARG_TYPES,
    title: { control: 'text' },
    message: { control: 'text' },
    retryLabel: { control: 'text' },
    withRetry: { control: 'boolean', description: 'Without `onRetry` there is no button (a wrong id stays wrong).' },
    onRetry: { action: 'retry', table: { disable: true } },
  },
};
export default meta;

type Story = StoryObj<ErrorMessageArgs>;

export const WithRetry: Story = {};

export const WithoutRetry: Story = {
  args: { withRetry: false, title: 'Something went wrong', message: 'This job board does not exist or is no longer available.' },
};
