// Browser tests: `npx web-test-runner --config widgets/web-test-runner.config.mjs` from the repo root.
// Widgets run on preact/compat as in the bundle (same aliases as rollup.config.mjs), in Chromium.
import { fileURLToPath } from 'node:url';
import rollupAlias from '@rollup/plugin-alias';
import rollupJson from '@rollup/plugin-json';
import rollupReplace from '@rollup/plugin-replace';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, findChromium } from '../packages/dev/chromium.mjs';
import { localeSectionServe } from '../packages/dev/locale-section.mjs';

const alias = fromRollup(rollupAlias);
const json = fromRollup(rollupJson);
const replace = fromRollup(rollupReplace);

/** `import css from './x.css'` gives the file's text, as the rollup build does. */
const cssString = {
  name: 'css-string',
  resolveMimeType(context) {
    if (context.path.endsWith('.css')) return 'js';
    return undefined;
  },
  transform(context) {
    if (context.path.endsWith('.css')) return { body: `export default ${JSON.stringify(context.body)};` };
    return undefined;
  },
};

export default {
  rootDir: fileURLToPath(new URL('..', import.meta.url)),
  files: ['widgets/**/*.test.ts', 'packages/**/*.browser.test.ts', 'packages/**/*.browser.test.tsx', '!**/node_modules/**'],
  nodeResolve: { browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  mimeTypes: { '**/*.json': 'js' },
  plugins: [
    cssString,
    // `locales/fr.json?section=jobsCount`: one section of a locale file, as the build gives it.
    localeSectionServe(fileURLToPath(new URL('..', import.meta.url))),
    // nanostores and preact read process.env.NODE_ENV, which browsers do not have.
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('development'), __REC_VERSION__: JSON.stringify('0.0.0-test') } }),
    json({ preferConst: true }),
    alias({
      entries: [
        { find: 'react-dom/client', replacement: 'preact/compat/client' },
        { find: 'react-dom', replacement: 'preact/compat' },
        { find: 'react/jsx-runtime', replacement: 'preact/jsx-runtime' },
        { find: 'react', replacement: 'preact/compat' },
      ],
    }),
    esbuildPlugin({ ts: true, tsx: true, target: 'auto', tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: await findChromium(), args: CHROMIUM_ARGS },
    }),
  ],
  // @open-wc/testing's fixture() brings lit in development mode, which says so on every page.
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  testFramework: { config: { timeout: 10000 } },
};
