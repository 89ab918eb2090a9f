import '../../../widgets/board/src/board.element';
import { DEFAULT_LOCALE, type Locale } from '@rec/core';
import { ErrorMessage, Loading, PoweredBy, useTranslate } from '@rec/ui';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_ARG_TYPES, BRAND_DEFAULTS, type BrandArgs, brandStyle, splitBrand } from '../brand';
import { DEMO_API_BASE, DEMO_BOARDS, installDemoApi } from '../demo-api';
import { LOCALE_ARG_TYPE } from '../locale-arg';
import { PreviewNote } from '../PreviewNote';
import { ShadowPreview } from '../ShadowPreview';

/**
 * The branding preview pages of the spec (§2, /offer/branding/preview/*), as far as their
 * components exist today. Every preview is made of the real components and the real widget
 * CSS; nothing is drawn for components that are not built yet: those are listed as waiting.
 */
interface PreviewArgs extends BrandArgs {
  language: Locale;
}

interface SpecPreview {
  path: string;
  title: string;
  status: string;
}

/** The eight previews of the spec, and where each stands. */
const SPEC_PREVIEWS: readonly SpecPreview[] = [
  { path: 'inputs', title: 'INPUTS', status: 'Waits for a later issue: no input component exists yet (they come with the apply flow and the back-office forms).' },
  { path: 'buttons', title: 'BUTTONS', status: 'Partly here: the one button we have, the retry button of the error block (`.rec-button`, `::part(retry)`). Primary/secondary, text and icon buttons of the apply flow wait.' },
  { path: 'basic-text', title: 'BASIC_TEXT', status: 'Partly here: the text styles of the job board. The offer page’s text styles wait for the offer widget.' },
  { path: 'slim-header', title: 'SLIM_HEADER', status: 'Waits for a later issue: the offer widget and its header are not built yet.' },
  { path: 'card-choices', title: 'APPLICATION_CARDS', status: 'Waits for a later issue: the application card choices come with the apply flow.' },
  { path: 'offer-header', title: 'OFFER_HEADER', status: 'Waits for a later issue: the offer widget is not built yet.' },
  { path: 'misc-components', title: 'MISC', status: 'Here: loading status, error block, powered-by line.' },
  { path: 'icons-and-background', title: 'ICONS_AND_BACKGROUNDS', status: 'Waits for a later issue: there is no icon set or background setting yet (the spinner is the only graphic).' },
];

const withDemoApi: Decorator = (Story) => {
  installDemoApi();
  return <Story />;
};

const meta: Meta<PreviewArgs> = {
  title: 'Branding previews',
  decorators: [withDemoApi],
  args: { ...BRAND_DEFAULTS, language: DEFAULT_LOCALE },
  argTypes: { ...BRAND_ARG_TYPES, language: LOCALE_ARG_TYPE },
};
export default meta;

type Story = StoryObj<PreviewArgs>;

const tableStyle = { borderCollapse: 'collapse', font: '14px/1.5 system-ui, sans-serif', color: '#1d2433', maxWidth: '60rem' } as const;
const cellStyle = { border: '1px solid #d5dae3', padding: '0.375rem 0.625rem', textAlign: 'start', verticalAlign: 'top' } as const;

/** Which spec preview exists today, which waits. */
export const Overview: Story = {
  parameters: { controls: { disable: true } },
  render: () => (
    <table style={tableStyle}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBottom: '0.5rem' }}>Branding preview pages of the spec (/offer/branding/preview/…)</caption>
      <thead>
        <tr>
          <th style={cellStyle}>Page</th>
          <th style={cellStyle}>Title</th>
          <th style={cellStyle}>Today</th>
        </tr>
      </thead>
      <tbody>
        {SPEC_PREVIEWS.map((preview) => (
          <tr key={preview.path}>
            <td style={cellStyle}>{preview.path}</td>
            <td style={cellStyle}>{preview.title}</td>
            <td style={cellStyle}>{preview.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
};

const statusOf = (title: string) => SPEC_PREVIEWS.find((preview) => preview.title === title)?.status ?? '';

/** BASIC_TEXT: every text style that exists lives in the job board, shown by the real element. */
export const BasicText: Story = {
  name: 'BASIC_TEXT',
  render: (args) => {
    const { brand, rest } = splitBrand(args);
    return (
      <>
        <PreviewNote title="BASIC_TEXT">
          {statusOf('BASIC_TEXT')} Styles: board name (<code>::part(title)</code>, heading), count and empty text (muted), offer title (primary, underlined), offer
          meta (small, muted), spontaneous hint and link, powered-by line.
        </PreviewNote>
        <rec-board board-id={DEMO_BOARDS.loaded} language={rest.language} api-base={DEMO_API_BASE} style={brandStyle(brand)} />
      </>
    );
  },
};

/** BUTTONS: the retry button (`.rec-button`, `::part(retry)`), the only button built so far; it lives in the error block. */
export const Buttons: Story = {
  name: 'BUTTONS',
  render: function ButtonsPreview(args) {
    const { brand, rest } = splitBrand(args);
    const t = useTranslate(rest.language);
    return (
      <>
        <PreviewNote title="BUTTONS">{statusOf('BUTTONS')}</PreviewNote>
        <ShadowPreview style={brandStyle(brand)}>
          {t ? <ErrorMessage title={t('genericErrorTitle')} message={t('genericErrorMessage')} retryLabel={t('common.retry')} onRetry={() => undefined} /> : null}
        </ShadowPreview>
      </>
    );
  },
};

/** MISC: loading status, error block with and without retry, powered-by line (text and link). */
export const Misc: Story = {
  name: 'MISC',
  render: function MiscPreview(args) {
    const { brand, rest } = splitBrand(args);
    const t = useTranslate(rest.language);
    return (
      <>
        <PreviewNote title="MISC">{statusOf('MISC')}</PreviewNote>
        <ShadowPreview style={brandStyle(brand)}>
          {t ? (
            <div style={{ display: 'grid', gap: '1.5rem', maxWidth: '40rem' }}>
              <Loading label={t('board.loading')} />
              <ErrorMessage title={t('genericErrorTitle')} message={t('genericErrorMessage')} retryLabel={t('common.retry')} onRetry={() => undefined} />
              <ErrorMessage title={t('genericErrorTitle')} message={t('board.notFound')} />
              <PoweredBy t={t} />
              <PoweredBy t={t} href="https://example.com/" />
            </div>
          ) : null}
        </ShadowPreview>
      </>
    );
  },
};
