// `rollup -c` builds, in order:
//   1. the widget bundle (dist/widgets): the loader rec-widgets.js, one chunk per widget and per
//      locale; React code runs on preact/compat there (aliases below), so the embed stays small.
//   2. the npm build of the widgets (dist/widgets-npm): one ES module per element for single-page
//      apps to import, with custom-elements.json and the typings generated from it.
//   3. the host app (dist/host): real React, an index.html and host/public copied over.
// and writes dist/build-info.json once, after the last build.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import * as esbuild from 'esbuild';
import { elementSources, generateManifest } from './packages/dev/custom-elements-manifest.mjs';
import { jsxTypings } from './packages/dev/custom-elements-typings.mjs';
import { localeSection } from './packages/dev/locale-section.mjs';
import { precompress } from './packages/dev/precompress.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);
const toPosix = (path) => path.split('\\').join('/');

/** Most specific first: `react` would otherwise also catch `react/jsx-runtime`. */
export const PREACT_ALIASES = [
  { find: 'react-dom/client', replacement: 'preact/compat/client' },
  { find: 'react-dom', replacement: 'preact/compat' },
  { find: 'react/jsx-runtime', replacement: 'preact/jsx-runtime' },
  { find: 'react', replacement: 'preact/compat' },
];

const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.json'];

/** `import css from './x.css'` gives the file as a minified string (the widgets adopt it as a stylesheet). */
export function cssString() {
  return {
    name: 'css-string',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const { code: css } = await esbuild.transform(code, { loader: 'css', minify: true, target: ['chrome111', 'firefox111', 'safari16.4'] });
      return { code: `export default ${JSON.stringify(css.trim())};`, map: { mappings: '' } };
    },
  };
}

function typescriptPlugin() {
  // Transpile only: `tsc -b` type-checks the projects separately.
  return typescript({
    tsconfig: false,
    include: ['**/*.ts', '**/*.tsx'],
    exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx'],
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
      strict: true,
      useDefineForClassFields: false,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noCheck: true,
      declaration: false,
      composite: false,
      sourceMap: true,
    },
  });
}

const replaceEnv = () =>
  replace({
    preventAssignment: true,
    values: { 'process.env.NODE_ENV': JSON.stringify('production'), __REC_VERSION__: JSON.stringify(version) },
  });

/** Empties an output folder first, so stale hashed chunks do not pile up beside the new ones. */
const cleanDir = (dir) => ({
  name: 'clean-dir',
  buildStart() {
    rmSync(dir, { recursive: true, force: true });
  },
});

const minify = () => terser({ module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } });

/**
 * lit as a copy of its own for the lit elements matched by `importers` (lit modules get a `?lit-copy`
 * id). Shared between two lit elements, lit becomes a chunk of its own, and the split costs
 * <rec-jobs-count> 0.28 KB gzip: over its 8 KB budget on every page of a career site, for the
 * benefit of the rare page that shows the badge and <rec-referral> together (it loads lit twice,
 * 5.3 KB gzip more; two copies work side by side, each element renders with its own).
 */
function litCopy(importers) {
  return moduleCopy({ importers, sources: /^(lit-html|@lit\/reactive-element)(\/|$)/, suffix: '?lit-copy' });
}

/**
 * The language rule (@rec/core/visitor-language, 0.3 KB) and the theme properties
 * (@rec/ui/theme-properties) inlined in the lit elements: shared by several widgets each would be
 * a chunk of its own, whose overhead (0.6 KB gzip with the constants the rule drags along) takes
 * the badge over its 8 KB budget. Tree-shaken copies, same sources, one per element (`element`: its folder).
 */
function litElementCopies(element) {
  const importers = new RegExp(`/widgets/${element}/`);
  return moduleCopy({ importers, sources: /^@rec\/(core\/visitor-language|ui\/theme-properties)$/, suffix: `?${element}-copy` });
}

/** A module (and what it imports) copied into the chunks of the importers matched, under its own id. */
function moduleCopy({ importers, sources, suffix }) {
  return {
    name: `module-copy${suffix}`,
    async resolveId(source, importer, options) {
      if (!importer || !(importer.endsWith(suffix) || (importers.test(toPosix(importer)) && sources.test(source)))) return null;
      const resolved = await this.resolve(source, importer.replace(suffix, ''), { ...options, skipSelf: true });
      return resolved && !resolved.external ? `${resolved.id}${suffix}` : resolved;
    },
    async load(id) {
      if (!id.endsWith(suffix)) return null;
      const path = id.slice(0, -suffix.length);
      const code = readFileSync(path, 'utf8');
      // The TypeScript plugin only sees plain `.ts` ids: a copied TypeScript module is stripped here.
      return path.endsWith('.ts') ? (await esbuild.transform(code, { loader: 'ts', target: 'es2022' })).code : code;
    },
  };
}

/** The npm packages a chunk holds code of (size.mjs checks that the lit badge holds no preact). */
const packagesOf = (output) =>
  [...new Set(Object.keys(output.modules).flatMap((id) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(toPosix(id))?.[1] ?? []))].sort();

/** A chunk's source module relative to the root; a locale section as `locales/fr.json?section=jobsCount`. */
function sourceModule(id) {
  if (!id) return null;
  const section = /^\0locale-section:(.+)#(.+)$/.exec(id);
  if (section) return `${toPosix(relative(root, section[1]))}?section=${section[2]}`;
  return id.startsWith('\0') ? null : toPosix(relative(root, id));
}

/** manifest.json: each chunk's source module, imports, dynamic imports and npm packages (size budgets read it). */
function manifest() {
  return {
    name: 'chunk-manifest',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[fileName] = {
          name: output.name,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          module: sourceModule(output.facadeModuleId),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          packages: packagesOf(output),
        };
      }
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify({ version, chunks }, null, 2)}\n` });
    },
  };
}

// One build id for the whole `rollup -c`: a hash of every emitted file name and chunk, so an
// unchanged source gives an unchanged id (no false "new version" toast).
const buildHash = createHash('sha256');
/** Feeds the build id; `last` writes dist/build-info.json once the final build is written. */
function buildInfo({ last }) {
  return {
    name: 'build-info',
    generateBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle).sort()) {
        const output = bundle[fileName];
        buildHash.update(fileName);
        buildHash.update(output.type === 'chunk' ? output.code : String(output.source));
      }
    },
    writeBundle() {
      if (!last) return;
      mkdirSync(dist, { recursive: true });
      const info = { buildId: buildHash.copy().digest('hex').slice(0, 12), timestamp: Date.now() };
      writeFileSync(join(dist, 'build-info.json'), `${JSON.stringify(info)}\n`);
    },
  };
}

/**
 * React 19 ships CommonJS only, and @rollup/plugin-commonjs is not among our dependencies:
 * esbuild (already here for the tests) bundles React's entry points once into an ES module,
 * and each `react*` import becomes a thin module re-exporting its named exports from it.
 */
function reactAsEsm(ids = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']) {
  const VENDOR = '\0react-vendor';
  const PREFIX = '\0react-esm:';
  return {
    name: 'react-as-esm',
    resolveId(id) {
      if (id === VENDOR) return VENDOR;
      if (ids.includes(id)) return PREFIX + id;
      return null;
    },
    async load(id) {
      if (id === VENDOR) {
        const contents = `${ids.map((name, i) => `import * as m${i} from ${JSON.stringify(name)};`).join('\n')}\nexport { ${ids.map((_, i) => `m${i}`).join(', ')} };`;
        const result = await esbuild.build({
          stdin: { contents, resolveDir: root, loader: 'js' },
          bundle: true,
          format: 'esm',
          platform: 'browser',
          write: false,
          define: { 'process.env.NODE_ENV': '"production"' },
          logLevel: 'silent',
        });
        return result.outputFiles[0].text;
      }
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const names = Object.keys(require(name)).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
      return [
        `import { m${ids.indexOf(name)} as ns } from ${JSON.stringify(VENDOR)};`,
        'const mod = ns.default ?? ns;',
        'export default mod;',
        ...names.map((key) => `export const ${key} = mod.${key};`),
      ].join('\n');
    },
  };
}

/** dist/host/index.html pointing at the hashed entry, and host/public copied next to it. */
function hostPage() {
  return {
    name: 'host-page',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      // The host's own stylesheet, when host/public has one.
      const stylesheet = existsSync(join(root, 'host/public/host.css')) ? '\n    <link rel="stylesheet" href="/host.css" />' : '';
      const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Recruitment platform</title>
    <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />${stylesheet}
    <script type="module" src="/widgets/rec-widgets.js"></script>
    <script type="module" src="/${entry.fileName}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
    },
    writeBundle(options) {
      const publicDir = join(root, 'host/public');
      if (existsSync(publicDir)) cpSync(publicDir, options.dir, { recursive: true });
    },
  };
}

const hostEntry = join(root, 'host/src/main.tsx');
const withHost = existsSync(hostEntry);
if (!withHost) console.warn('[rollup] host/src/main.tsx not found: building the widgets only.');

/** What both builds do to our sources: env constants, CSS as strings, JSON, TypeScript, resolution, minification. */
const sourcePlugins = () => [
  localeSection(),
  replaceEnv(),
  cssString(),
  json({ preferConst: true, compact: true, namedExports: false }),
  typescriptPlugin(),
  nodeResolve({ browser: true, extensions: EXTENSIONS }),
  minify(),
];

const widgets = {
  input: { 'rec-widgets': join(root, 'widgets/loader/src/index.ts') },
  output: {
    dir: join(dist, 'widgets'),
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  plugins: [
    cleanDir(join(dist, 'widgets')),
    alias({ entries: PREACT_ALIASES }),
    litCopy(/\/widgets\/referral\//),
    // One copy per element: a copy both imported would again be a shared chunk.
    litElementCopies('jobs-count'),
    litElementCopies('referral'),
    ...sourcePlugins(),
    manifest(),
    buildInfo({ last: false }),
    precompress(),
  ],
};

/** `widgets/board/src/board.element.ts` -> `board`: the npm build's entry (and subpath) of each element. */
const npmEntries = Object.fromEntries(elementSources().map((path) => [path.split('/')[1], join(root, path)]));
const NPM_ALL = '\0widgets-npm-all';

/**
 * The npm package around the modules: index.js defining every element, custom-elements.json, the
 * typings, and a package.json whose `exports` name each element (`@rec/widgets/board`).
 */
function npmPackage() {
  return {
    name: 'widgets-npm-package',
    resolveId: (id) => (id === NPM_ALL ? NPM_ALL : null),
    load: (id) => (id === NPM_ALL ? Object.values(npmEntries).map((path) => `import ${JSON.stringify(path)};`).join('\n') : null),
    generateBundle() {
      const manifest = generateManifest();
      const emit = (fileName, source) => this.emitFile({ type: 'asset', fileName, source });
      emit('custom-elements.json', `${JSON.stringify(manifest, null, 2)}\n`);
      for (const [fileName, source] of Object.entries(jsxTypings(manifest))) emit(fileName, source);
      const types = './index.d.ts';
      const exports = {
        '.': { types, default: './index.js' },
        ...Object.fromEntries(Object.keys(npmEntries).map((name) => [`./${name}`, { types, default: `./${name}.js` }])),
        './custom-elements.json': './custom-elements.json',
        './jsx-react': { types: './jsx-react.d.ts' },
        './jsx-vue': { types: './jsx-vue.d.ts' },
        './jsx-svelte': { types: './jsx-svelte.d.ts' },
      };
      const pkg = {
        name: '@rec/widgets',
        version,
        description: 'The recruitment platform’s custom elements as ES modules, for single-page apps (see docs/embedding.md).',
        type: 'module',
        sideEffects: true,
        customElements: 'custom-elements.json',
        exports,
        types,
      };
      emit('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
    },
  };
}

const widgetsNpm = {
  input: { index: NPM_ALL, ...npmEntries },
  output: {
    dir: join(dist, 'widgets-npm'),
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  plugins: [cleanDir(join(dist, 'widgets-npm')), alias({ entries: PREACT_ALIASES }), npmPackage(), ...sourcePlugins(), buildInfo({ last: !withHost })],
};

const host = {
  input: { main: hostEntry },
  output: {
    dir: join(dist, 'host'),
    format: 'es',
    entryFileNames: 'assets/[name]-[hash].js',
    chunkFileNames: 'assets/[name]-[hash].js',
    assetFileNames: 'assets/[name]-[hash][extname]',
    sourcemap: true,
  },
  plugins: [
    cleanDir(join(dist, 'host')),
    reactAsEsm(),
    ...sourcePlugins(),
    hostPage(),
    buildInfo({ last: true }),
    precompress(),
  ],
};

export default withHost ? [widgets, widgetsNpm, host] : [widgets, widgetsNpm];
