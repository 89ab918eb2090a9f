import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM helper without types
import { elementsOf, generateManifest } from './custom-elements-manifest.mjs';
// @ts-expect-error plain ESM helper without types
import { jsxTypings } from './custom-elements-typings.mjs';

// The generated custom-elements.json against what the docs promise (issue 30): every element and
// attribute the README and docs/embedding.md's "Elements at a glance" document is in the manifest,
// and the manifest has nothing they do not document.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

type Field = { kind: string; name: string; privacy?: string; static?: boolean; attribute?: string };
type Element = { tagName: string; attributes?: Array<{ name: string }>; members?: Field[]; events?: Array<{ name: string; type?: { text: string } }>; cssParts?: unknown[]; cssProperties?: unknown[] };
type Documented = { tag: string; attributes: string[]; properties: string[]; events: string[] };

const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '').sort();

/** The rows of the "Elements at a glance" table. */
function documentedElements(): Documented[] {
  const page = readFileSync(join(root, 'docs/embedding.md'), 'utf8');
  const section = /^## Elements at a glance\n([\s\S]*?)^## /m.exec(page)?.[1];
  assert.ok(section, 'docs/embedding.md has its "Elements at a glance" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `<rec-'))
    .map((line) => {
      const [tag = '', attributes = '', properties = '', events = ''] = line.split('|').slice(1).map((cell) => cell.trim());
      return { tag: /<([a-z-]+)>/.exec(tag)?.[1] ?? '', attributes: names(attributes), properties: names(properties), events: names(events) };
    });
}

const manifest = generateManifest();
const elements: Element[] = elementsOf(manifest);
const byTag = new Map(elements.map((element) => [element.tagName, element]));

describe('custom-elements.json (generated from the widget sources)', () => {
  it('lists exactly the elements the README, the docs and the loader name', () => {
    const tags = elements.map((element) => element.tagName);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const intro = /custom elements\n?\(([^)]*)\)/.exec(readme)?.[1] ?? '';
    assert.deepEqual([...intro.matchAll(/<(rec-[a-z-]+)>/g)].map((match) => match[1]).sort(), tags, 'the README’s list of elements');
    assert.deepEqual(documentedElements().map((row) => row.tag).sort(), tags, 'docs/embedding.md’s table');
    const loader = readFileSync(join(root, 'widgets/loader/src/widgets.ts'), 'utf8');
    assert.deepEqual([...loader.matchAll(/^ {2}'(rec-[a-z-]+)':/gm)].map((match) => match[1]).sort(), tags, 'the loader’s WIDGETS');
  });

  it('has every documented attribute, property and event of each element, and nothing undocumented', () => {
    for (const row of documentedElements()) {
      const element = byTag.get(row.tag);
      assert.ok(element, row.tag);
      assert.deepEqual((element.attributes ?? []).map((attribute) => attribute.name).sort(), row.attributes, `${row.tag} attributes`);
      const propertiesOnly = (element.members ?? []).filter((member) => member.kind === 'field' && !member.static && member.privacy !== 'private' && member.privacy !== 'protected' && !member.attribute);
      assert.deepEqual(propertiesOnly.map((member) => member.name).sort(), row.properties, `${row.tag} properties without an attribute`);
      assert.deepEqual((element.events ?? []).map((event) => event.name).sort(), row.events, `${row.tag} events`);
      assert.ok((element.cssParts ?? []).length > 0, `${row.tag} lists its CSS parts`);
      assert.ok((element.cssProperties ?? []).length > 0, `${row.tag} lists its CSS custom properties`);
      for (const event of element.events ?? []) assert.match(event.type?.text ?? '', /^CustomEvent<\{.*\}>$/, `${row.tag} ${event.name}: its detail's shape, for the typings`);
    }
  });

  it('drops lit’s internal state from the attributes (the reflected `state` stays)', () => {
    const badge = byTag.get('rec-jobs-count');
    const attributes = (badge?.attributes ?? []).map((attribute) => attribute.name);
    assert.ok(attributes.includes('state'));
    for (const internal of ['count', 'messages', 'locale']) assert.ok(!attributes.includes(internal), internal);
  });

  it('gives React 19, Vue and Svelte typings naming every element and attribute', () => {
    const typings: Record<string, string> = jsxTypings(manifest);
    for (const file of ['index.d.ts', 'jsx-react.d.ts', 'jsx-vue.d.ts', 'jsx-svelte.d.ts']) assert.ok(typings[file], file);
    assert.match(typings['jsx-react.d.ts'] ?? '', /declare module 'react' \{\s*namespace JSX \{\s*interface IntrinsicElements \{/);
    assert.match(typings['jsx-vue.d.ts'] ?? '', /interface GlobalComponents \{/);
    assert.match(typings['jsx-svelte.d.ts'] ?? '', /namespace svelteHTML \{/);
    for (const element of elements) {
      for (const file of ['jsx-react.d.ts', 'jsx-vue.d.ts', 'jsx-svelte.d.ts']) assert.ok(typings[file]?.includes(`'${element.tagName}':`), `${file}: ${element.tagName}`);
      for (const attribute of element.attributes ?? []) assert.ok(typings['index.d.ts']?.includes(`'${attribute.name}'?: string`), `${element.tagName} ${attribute.name}`);
    }
  });

  it('compiles a React 19 page using the elements with the typings (tsc)', () => {
    // Under node_modules so `react` resolves to the repository's @types/react (19).
    mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
    const dir = mkdtempSync(join(root, 'node_modules/.cache/rec-typings-'));
    try {
      for (const [file, text] of Object.entries(jsxTypings(manifest) as Record<string, string>)) writeFileSync(join(dir, file), text);
      writeFileSync(
        join(dir, 'page.tsx'),
        [
          "import type {} from './jsx-react.js';",
          "export const board = <rec-board board-id='64b0b0a4d000000000000001' className='jobs' onrec-offer-select={(event) => event.detail.url.length} />;",
          "export const steps = <rec-applicant-steps language='fr' stepsToken='token' />;",
          "document.querySelector('rec-board')?.addEventListener('rec-board-filter', (event) => event.detail.count.toFixed());",
          "export const boardId: string | undefined = document.createElement('rec-board').boardId;",
          '// @ts-expect-error a count is a number',
          "document.querySelector('rec-jobs-count')?.addEventListener('rec-jobs-count-load', (event) => event.detail.count.toUpperCase());",
        ].join('\n'),
      );
      const config = { compilerOptions: { strict: true, jsx: 'react-jsx', module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', lib: ['ES2023', 'DOM'], noEmit: true, skipLibCheck: true, types: [] }, files: ['page.tsx', 'index.d.ts', 'jsx-react.d.ts'] };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
      const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
      assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
