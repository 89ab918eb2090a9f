import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'none' },
    // Violations show as errors in the a11y panel, not as hints.
    a11y: { test: 'error' },
  },
};

export default preview;
