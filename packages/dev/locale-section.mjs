// `import messages from '../locales/fr.json?section=jobsCount'` gives only that top-level section
// of a locale file. The lit elements (widgets/jobs-count) ship a few strings, not the whole common
// locale file the React widgets share; the keys stay in locales/<lang>.json, so the locale test
// checks them like every other key.
// Those sections are also left out where a whole locale file is imported (LIT_SECTIONS below): the
// React widgets' i18next chunks never show them, and every byte there counts against their budgets.
//   localeSection()       rollup and Vite (Storybook) plugin
//   localeSectionServe()  web-test-runner plugin (serves the section as JSON; the json plugin makes it a module)
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

// A section may also be a comma-separated list of sections and dotted keys (`referral,share.shareVia`):
// the strings an element needs from a shared file, each at its place in the file's tree.
const QUERY = /^(.+\.json)\?section=([A-Za-z][\w.,-]*)$/;
// A virtual id that no longer ends in `.json`: the json plugins leave it alone.
const PREFIX = '\0locale-section:';
/** Sections only the lit elements read, through `?section=`. */
export const LIT_SECTIONS = ['jobsCount', 'referral'];
const WHOLE_LOCALE_FILE = /[\\/]locales[\\/](?:[\w-]+[\\/])?[a-z]{2}\.json$/;

function section(file, name) {
  if (/[.,]/.test(name)) return picked(JSON.parse(readFileSync(file, 'utf8')), file, name);
  const value = JSON.parse(readFileSync(file, 'utf8'))[name];
  if (!value || typeof value !== 'object') throw new Error(`${file} has no "${name}" section`);
  return value;
}

/** `a,b.c` -> `{ a: …, b: { c: … } }`; a missing key fails the build rather than showing a key. */
function picked(messages, file, list) {
  const result = {};
  for (const path of list.split(',')) {
    const keys = path.split('.');
    let from = messages;
    let to = result;
    for (const [index, key] of keys.entries()) {
      if (!from || typeof from !== 'object' || !(key in from)) throw new Error(`${file} has no "${path}"`);
      from = from[key];
      if (index === keys.length - 1) to[key] = from;
      else to = to[key] ??= {};
    }
  }
  return result;
}

export function localeSection() {
  return {
    name: 'locale-section',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = QUERY.exec(source);
      if (!match || !importer) return null;
      const [, path, name] = match;
      return `${PREFIX}${resolve(dirname(importer.replace(/\?.*$/, '')), path)}#${name}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [file, name] = id.slice(PREFIX.length).split('#');
      this.addWatchFile(file);
      return `export default ${JSON.stringify(section(file, name))};`;
    },
    // Runs before the json plugin, which turns what is left into a module.
    transform(code, id) {
      if (!WHOLE_LOCALE_FILE.test(id)) return null;
      const messages = JSON.parse(code);
      if (!LIT_SECTIONS.some((name) => name in messages)) return null;
      for (const name of LIT_SECTIONS) delete messages[name];
      return { code: JSON.stringify(messages), map: { mappings: '' } };
    },
  };
}

/** web-test-runner: `/locales/fr.json?section=jobsCount` answers that section as JSON. */
export function localeSectionServe(rootDir) {
  return {
    name: 'locale-section',
    serve(context) {
      const name = context.URL.searchParams.get('section');
      if (!name || !context.path.endsWith('.json')) return undefined;
      return { body: JSON.stringify(section(resolve(rootDir, `.${context.path}`), name)), type: 'json' };
    },
  };
}
