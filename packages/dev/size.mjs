// `npm run size`: gzip sizes of the widget bundle (dist/widgets) against the budgets.
//   loader       rec-widgets.js and its static imports            <= 3 KB gzip
//   rec-board    everything the board loads: the loader, the board chunk, their static
//                imports and ONE locale chunk (fr)                <= 30 KB gzip (issue 17)
//   rec-offer    everything <rec-offer> loads up to the open apply form: the loader, the offer
//                chunk, the lazy form chunk, their static imports and the fr chunks of the
//                common and offer locale parts                   <= 35 KB gzip (issue 17)
//                It fits since the offer reads and the apply calls of the API client are separate
//                modules (no shared `offers` chunk) and the back-office locale loaders left the
//                widget bundle (packages/i18n/src/app-part.ts).
//   rec-jobs-count  everything a page showing only the badge loads: the loader, the badge chunk
//                (lit), its static imports and the fr section of its strings   <= 8 KB gzip
//                It must hold no code of the React stack (preact, r2wc, i18next, ofetch,
//                nanostores): checked from the npm packages the manifest lists per chunk.
//   rec-referral  everything a page showing only the referral form loads: the loader, the element
//                chunk (lit), its static imports and the fr picks of the common and offer locale
//                files                                             <= 12 KB gzip (37.01 KB in React)
//                No code of the React stack either (same check as the badge).
// The board and the offer fit because the widgets translate with the small translator of
// `@rec/i18n/widgets` (packages/i18n/src/translator.ts, checked against i18next key by key in
// translator.test.ts) instead of i18next (15.6 KB gzip alone); both budgets also fail when
// i18next comes back into what they load. The host app and the server keep i18next.
// What the board loads is read from the build's manifest.json (each chunk's source module,
// imports and dynamic imports, written by rollup.config.mjs), not from a list of file names.
//   <rec-applicant-steps>  reported, not enforced (issue 10 gives no budget): everything it loads
//                with fr (the loader, its chunk, static imports, the common, offer and step-section
//                locale chunks), and what it adds on a career site where <rec-offer> + form is loaded.
// KB = 1024 bytes; gzip at level 9, each file on its own (as a server would send it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = join(root, 'dist/widgets');
const KB = 1024;
/** What the lit badge must never pull: the React widgets' runtime. */
const REACT_STACK = ['preact', 'react', 'react-dom', '@r2wc/core', '@r2wc/react-to-web-component', 'i18next', 'ofetch', 'nanostores'];
const BUDGETS = [
  { name: 'loader', limit: 3 * KB, files: (m) => closure(m, entries(m)) },
  { name: '<rec-board> with fr', limit: 30 * KB, files: (m) => widgetFiles(m, 'board', 'fr'), forbiddenPackages: ['i18next'] },
  {
    name: '<rec-offer> + form, fr',
    limit: 35 * KB,
    forbiddenPackages: ['i18next'],
    files: (m) => widgetFiles(m, 'offer', 'fr', { lazy: ['widgets/offer/src/ApplyForm.tsx'], localeParts: ['locales/fr.json', 'locales/offer/fr.json'] }),
  },
  {
    name: '<rec-jobs-count>, fr',
    limit: 8 * KB,
    files: (m) => widgetFiles(m, 'jobs-count', 'fr', { localeParts: ['locales/fr.json?section=jobsCount'] }),
    forbiddenPackages: REACT_STACK,
  },
  {
    name: '<rec-referral>, fr',
    limit: 12 * KB,
    files: (m) =>
      widgetFiles(m, 'referral', 'fr', {
        localeParts: [
          'locales/fr.json?section=genericErrorTitle,common.poweredBy,errors',
          'locales/offer/fr.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia',
        ],
      }),
    forbiddenPackages: REACT_STACK,
  },
];

if (!existsSync(join(dir, 'manifest.json'))) {
  console.error('dist/widgets/manifest.json missing: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

function entries({ chunks }) {
  return Object.keys(chunks).filter((file) => chunks[file].isEntry);
}

/** The files plus everything they import statically, transitively. */
function closure({ chunks }, files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    if (!chunks[file]) throw new Error(`manifest names an unknown chunk ${file}`);
    seen.add(file);
    for (const imported of chunks[file].imports) visit(imported);
  };
  for (const file of files) visit(file);
  return [...seen];
}

/**
 * What a widget costs: loader, the widget's chunk (found among the loader's dynamic imports),
 * the widget's own lazy chunks named in `lazy` (source modules), their static imports, and the
 * locale chunks of `localeParts` (default: the common part of `locale`).
 */
function widgetFiles(m, folder, locale, { lazy = [], localeParts = [`locales/${locale}.json`] } = {}) {
  const loader = closure(m, entries(m));
  const dynamic = (files) => files.flatMap((file) => m.chunks[file].dynamicImports);
  const widget = dynamic(loader).find((file) => m.chunks[file].module?.startsWith(`widgets/${folder}/`));
  if (!widget) throw new Error(`no chunk of widgets/${folder} among the loader's dynamic imports`);
  let loaded = closure(m, [...loader, widget]);
  for (const module of lazy) {
    const chunk = dynamic(loaded).find((file) => m.chunks[file].module === module);
    if (!chunk) throw new Error(`no ${module} chunk among the dynamic imports of widgets/${folder}`);
    loaded = closure(m, [...loaded, chunk]);
  }
  const localeChunks = localeParts.map((module) => {
    const chunk = dynamic(loaded).find((file) => m.chunks[file].module === module);
    if (!chunk) throw new Error(`no ${module} chunk among the dynamic imports of widgets/${folder}`);
    return chunk;
  });
  return closure(m, [...loaded, ...localeChunks]);
}

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(join(dir, file));
    sizes.set(file, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  return sizes.get(file);
}

function listJs(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listJs(path);
    return entry.name.endsWith('.js') ? [relative(dir, path)] : [];
  });
}

const kb = (bytes) => `${(bytes / KB).toFixed(2)} KB`;
const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));

const all = listJs(dir).sort();
const width = Math.max(...all.map((file) => file.length), 24);
console.log(`${pad('file', width)}  ${pad('raw', 10, true)}  ${pad('gzip', 10, true)}`);
for (const file of all) {
  const { raw, gzip } = size(file);
  console.log(`${pad(file, width)}  ${pad(kb(raw), 10, true)}  ${pad(kb(gzip), 10, true)}`);
}

let over = false;
console.log('');
for (const budget of BUDGETS) {
  const files = budget.files(manifest);
  const total = files.reduce((sum, file) => sum + size(file).gzip, 0);
  const ok = total <= budget.limit;
  over ||= !ok;
  const target = budget.target ? `, target ${kb(budget.target)}${total > budget.target ? ' NOT MET' : ' met'}` : '';
  console.log(`${ok ? 'ok  ' : 'OVER'} ${pad(budget.name, 24)} ${pad(kb(total), 10, true)} gzip of ${kb(budget.limit)}${target}  (${files.join(', ')})`);
  const pulled = files.flatMap((file) => (manifest.chunks[file].packages ?? []).filter((name) => budget.forbiddenPackages?.includes(name)).map((name) => `${name} (${file})`));
  if (pulled.length) {
    over = true;
    console.log(`FAIL ${budget.name} loads code it must not: ${pulled.join(', ')}`);
  } else if (budget.forbiddenPackages) {
    console.log(`ok   ${budget.name} loads none of ${budget.forbiddenPackages.join(', ')}`);
  }
}
const STEPS_LOCALES = ['locales/fr.json', 'locales/offer/fr.json', 'locales/app/fr.json?section=steps', 'locales/app/fr.json?section=messageKeys'];
const steps = widgetFiles(manifest, 'applicant-steps', 'fr', { localeParts: STEPS_LOCALES });
const offerLoaded = new Set(BUDGETS[2].files(manifest));
const gzipOf = (files) => files.reduce((sum, file) => sum + size(file).gzip, 0);
console.log(`info ${pad('<rec-applicant-steps>, fr', 24)} ${pad(kb(gzipOf(steps)), 10, true)} gzip, no budget  (${steps.join(', ')})`);
const added = steps.filter((file) => !offerLoaded.has(file));
console.log(`info ${pad('  after <rec-offer> + form', 24)} ${pad(kb(gzipOf(added)), 10, true)} gzip more  (${added.join(', ')})`);

if (over) {
  console.error('\nA size budget is exceeded (or a widget loads code it must not).');
  process.exit(1);
}
