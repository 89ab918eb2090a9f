import '../../widgets/board/src/board.element';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { BRAND_ARG_TYPES, BRAND_DEFAULTS, type BrandArgs, brandStyle, LANGUAGE_ARG_TYPE, type LanguageArg, splitBrand } from './brand';
import { DEMO_API_BASE, DEMO_BOARDS, installDemoApi } from './demo-api';

/**
 * The real `<rec-board>` custom element (defined by widgets/board/src/board.element.ts, as
 * the loader does on a career site), talking to a fake API (demo-api.ts). Play with the
 * brand controls and the language; each state of the widget is a story.
 */
interface BoardArgs extends BrandArgs {
  boardId: string;
  language: LanguageArg;
  headingLevel: '1' | '2' | '3' | '4' | '5' | '6';
}

const withDemoApi: Decorator = (Story) => {
  installDemoApi();
  return <Story />;
};

function RecBoard({ className, ...args }: BoardArgs & { className?: string }) {
  const { brand, rest } = splitBrand(args);
  return (
    <rec-board
      class={className}
      board-id={rest.boardId}
      language={rest.language || undefined}
      heading-level={rest.headingLevel}
      api-base={DEMO_API_BASE}
      style={brandStyle(brand)}
    />
  );
}

const meta: Meta<BoardArgs> = {
  title: 'Branding/Board',
  component: RecBoard,
  decorators: [withDemoApi],
  args: { ...BRAND_DEFAULTS, boardId: DEMO_BOARDS.loaded, language: '', headingLevel: '2' },
  argTypes: {
    ...BRAND_ARG_TYPES,
    language: LANGUAGE_ARG_TYPE,
    headingLevel: { control: 'inline-radio', options: ['1', '2', '3', '4', '5', '6'], description: 'The `heading-level` attribute of the board name.' },
    boardId: { control: false, description: 'The `board-id` attribute: each story picks a demo board.' },
  },
};
export default meta;

type Story = StoryObj<BoardArgs>;

/** Five offers, titles in several languages (some fall back to English), a spontaneous link. */
export const Loaded: Story = {};

/** The board exists but has no open position. */
export const Empty: Story = { args: { boardId: DEMO_BOARDS.empty } };

/** The API fails (500): the generic error with a retry button. */
export const ErrorState: Story = { name: 'Error', args: { boardId: DEMO_BOARDS.error } };

/** The board id is unknown (404): a specific message, no retry. */
export const NotFound: Story = { args: { boardId: DEMO_BOARDS.notFound } };

/** The API never answers: the spinner with its screen-reader status (language fixed, else it waits for the board's). */
export const Loading: Story = { args: { boardId: DEMO_BOARDS.loading, language: 'en' } };

/** Styling through the documented `::part()`s, from the page's own stylesheet. */
export const StyledWithParts: Story = {
  name: 'Styled with ::part()',
  render: (args) => (
    <>
      <style>{`
        rec-board.parts-demo::part(offer) { border-width: 2px; box-shadow: 0 2px 6px rgb(0 0 0 / 0.12); }
        rec-board.parts-demo::part(title) { text-transform: uppercase; letter-spacing: 0.04em; }
        rec-board.parts-demo::part(powered-by) { text-align: end; }
      `}</style>
      <RecBoard {...args} className="parts-demo" />
    </>
  ),
};
