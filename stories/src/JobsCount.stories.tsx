import '../../widgets/jobs-count/src/jobs-count.element';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_ARG_TYPES, BRAND_DEFAULTS, type BrandArgs, brandStyle, LANGUAGE_ARG_TYPE, type LanguageArg, splitBrand } from './brand';
import { DEMO_API_BASE, DEMO_BOARDS, installDemoApi } from './demo-api';

/**
 * The real `<rec-jobs-count>` (lit, widgets/jobs-count), the "we're hiring" badge a company puts
 * in its site's navigation or footer, on the fake API (demo-api.ts). Brand it with the same
 * controls as the board; `::part(badge)` and `::part(count)` style it further.
 */
interface JobsCountArgs extends BrandArgs {
  boardId: string;
  language: LanguageArg;
  href: string;
  location: string;
  /** Absent: hidden without offers; empty: a translated "no open positions"; else this text. */
  emptyText: string | undefined;
}

const withDemoApi: Decorator = (Story) => {
  installDemoApi();
  return <Story />;
};

function RecJobsCount({ className, ...args }: JobsCountArgs & { className?: string }) {
  const { brand, rest } = splitBrand(args);
  return (
    <rec-jobs-count
      class={className}
      board-id={rest.boardId}
      language={rest.language || undefined}
      href={rest.href || undefined}
      location={rest.location || undefined}
      empty-text={rest.emptyText}
      api-base={DEMO_API_BASE}
      style={brandStyle(brand)}
    />
  );
}

const meta: Meta<JobsCountArgs> = {
  title: 'Branding/JobsCount',
  component: RecJobsCount,
  decorators: [withDemoApi],
  args: { ...BRAND_DEFAULTS, fontSize: 0.9, boardId: DEMO_BOARDS.loaded, language: '', href: '#jobs', location: '', emptyText: undefined },
  argTypes: {
    ...BRAND_ARG_TYPES,
    language: LANGUAGE_ARG_TYPE,
    href: { control: 'text', description: 'The `href` attribute: where the badge links to (no link when empty).' },
    location: { control: 'text', description: 'The `location` attribute: count only offers there (any language), e.g. `Luxembourg City`.' },
    emptyText: { control: 'text', description: 'The `empty-text` attribute, shown when the board has no open offer.' },
    boardId: { control: false, description: 'The `board-id` attribute: each story picks a demo board.' },
  },
};
export default meta;

type Story = StoryObj<JobsCountArgs>;

/** Five open offers, in the board's language (English) unless a language is chosen. */
export const Loaded: Story = {};

/** Counted in French, only the offers in Luxembourg City. */
export const FilteredInFrench: Story = { name: 'Filtered, in French', args: { language: 'fr', location: 'Luxembourg-Ville' } };

/** No open offer and an `empty-text`: the badge shows the page's text instead of hiding. */
export const EmptyWithText: Story = { name: 'Empty, with empty-text', args: { boardId: DEMO_BOARDS.empty, emptyText: 'Send us a spontaneous application' } };

/** No open offer and an empty `empty-text`: the translated "no open positions". */
export const EmptyTranslated: Story = { name: 'Empty, translated text', args: { boardId: DEMO_BOARDS.empty, emptyText: '', language: 'de' } };

/** In a dark site header, as on the demo career site, styled with `::part()`. */
export const InAHeader: Story = {
  name: 'In a header, styled with ::part()',
  args: { colorPrimary: '#f2b33d', colorOnPrimary: '#1d2433', radius: 999 },
  render: (args) => (
    <>
      <style>{`
        .jobs-count-header { display: flex; gap: 1rem; align-items: center; justify-content: space-between; padding: 1rem; background: #1d2433; color: #fff; font-family: Georgia, serif; }
        rec-jobs-count.parts-demo::part(count) { font-size: 1.2em; }
      `}</style>
      <header className="jobs-count-header">
        <strong>Lumen Robotics</strong>
        <RecJobsCount {...args} className="parts-demo" />
      </header>
    </>
  ),
};
