import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin } from 'vite';
// @ts-expect-error plain ESM helper without types
import { localeSection } from '../../packages/dev/locale-section.mjs';

// Storybook for designers: branding previews and component stories. Real React here (the
// widget bundle runs on preact/compat; both render the same components).
//   npm run storybook         dev server on http://localhost:6006
//   npm run build-storybook   static build in dist/storybook (npm test checks it)

// Repository root: widgets and packages are imported from source, as rollup does.
const root = fileURLToPath(new URL('../..', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Mirrors rollup.config.mjs's `cssString()` for Vite: `import css from './x.css'` in our own
 * sources gives the stylesheet as a string (Vite's `?inline`, minified in the build), which
 * the widgets adopt as a constructable stylesheet, so widget code runs unmodified. CSS
 * imported from node_modules (Storybook's own) keeps Vite's normal handling.
 */
function cssAsString(): Plugin {
  return {
    name: 'rec-css-string',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('.css')) return null;
      if (!importer.startsWith(root) || importer.includes('/node_modules/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?')) return null;
      return `${resolved.id}?inline`;
    },
  };
}

const OPTIMIZED_DEPS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  '@r2wc/react-to-web-component',
  'i18next',
  'nanostores',
  'ofetch',
  'valibot',
];

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx'],
  // The a11y panel runs axe on the story a designer looks at (npm test runs axe on every preview story too).
  addons: ['@storybook/addon-a11y'],
  // The demo logos the branding previews show (served by the host at the same path).
  staticDirs: [{ from: '../../host/public/demo', to: '/demo' }],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // No prop tables (no docs addon): skipping react-docgen keeps the build fast.
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // `locales/fr.json?section=jobsCount` (the lit badge's strings), as the widget build gives it.
      plugins: [cssAsString(), localeSection() as Plugin],
      define: { __REC_VERSION__: JSON.stringify(`${version}-storybook`) },
      // Dev server: pre-bundle the CommonJS and npm dependencies of our sources up front
      // (they live in packages/ and widgets/, outside what Storybook scans for them).
      optimizeDeps: { include: OPTIMIZED_DEPS },
      build: { chunkSizeWarningLimit: 2048 },
    });
  },
};

export default config;
