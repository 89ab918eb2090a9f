import type { Meta, StoryObj } from '@storybook/react-vite';
import { TranslateContext } from '../../../host/src/i18n';
import { BRANDING_PREVIEWS } from '../../../host/src/router/route-table';
import { PREVIEW_CONTENT, PreviewCanvas, type PreviewSlug } from '../../../host/src/pages/branding/previews';
import { brandOf, PREVIEW_ARG_TYPES, PREVIEW_DEFAULTS, type PreviewArgs } from './preview-args';
import { useHostTranslate } from './use-host-translate';

/**
 * The eight branding previews of spec §2 (/offer/branding/preview/*): the very modules the
 * host's preview pages render, with the real components and the real widget CSS, under the
 * brand of the controls. The backgrounds toolbar puts them on a light or dark career site.
 */
const meta: Meta<PreviewArgs> = {
  title: 'Branding previews',
  args: PREVIEW_DEFAULTS,
  argTypes: PREVIEW_ARG_TYPES,
  parameters: {
    backgrounds: {
      options: {
        light: { name: 'Light career site', value: '#ffffff' },
        grey: { name: 'Grey career site', value: '#f3f4f6' },
        dark: { name: 'Dark career site', value: '#1b1f27' },
      },
    },
  },
};
export default meta;

type Story = StoryObj<PreviewArgs>;

function PreviewStory({ slug, args }: { slug: PreviewSlug; args: PreviewArgs }) {
  const t = useHostTranslate(args.language);
  if (!t) return null;
  const brand = brandOf(args);
  const Content = PREVIEW_CONTENT[slug];
  return (
    // The back-office components among the specimens read the host's t from its context.
    <TranslateContext.Provider value={t}>
      <PreviewCanvas brand={brand} transparent>
        <div lang={args.language}>
          <h1 style={{ fontSize: '1.5rem', margin: '0 0 1rem', color: 'var(--rec-color-text)' }}>{t(`brandingPreview.previews.${slug}.title`)}</h1>
          <Content t={t} locale={args.language} brand={brand} />
        </div>
      </PreviewCanvas>
    </TranslateContext.Provider>
  );
}

const story = (slug: PreviewSlug): Story => ({ name: BRANDING_PREVIEWS[slug], render: (args) => <PreviewStory slug={slug} args={args} /> });

/** INPUTS: the apply form's fields in their states, the back-office fields. */
export const Inputs = story('inputs');
/** BUTTONS: every variant, normal, busy, disabled. */
export const Buttons = story('buttons');
/** BASIC_TEXT: the offer's text styles. */
export const BasicText = story('basic-text');
/** SLIM_HEADER: the header of an embedded offer. */
export const SlimHeader = story('slim-header');
/** APPLICATION_CARDS: the apply choice of embedded="applyWithOptions". */
export const ApplicationCards = story('card-choices');
/** OFFER_HEADER: the full offer page's header with the logo. */
export const OfferHeader = story('offer-header');
/** MISC: toasts, menu, dialog, badges, loading, errors, powered-by. */
export const Misc = story('misc-components');
/** ICONS_AND_BACKGROUNDS: the icons, the brand colours, the surfaces. */
export const IconsAndBackgrounds = story('icons-and-background');
