// TypeScript typings of the widgets for the npm build (issue 30), generated from the Custom
// Elements Manifest so they cannot drift from it: index.d.ts (each element's class, attributes and
// events, and the DOM's tag and event maps), and JSX typings for React 19, Vue and Svelte.
import { elementsOf } from './custom-elements-manifest.mjs';

const HEADER = '// Generated from custom-elements.json by packages/dev/custom-elements-typings.mjs: do not edit.\n';
/** Type names the typings may use as they are; any other name is a type of the sources, not shipped. */
const SHIPPED_TYPES = new Set(['CustomEvent', 'Record', 'Array', 'ReadonlyArray']);

/** A manifest type as written, or `fallback` when it names a type the package does not ship. */
function shippedType(text, fallback) {
  if (!text) return fallback;
  const foreign = [...text.matchAll(/\b[A-Z][A-Za-z0-9_]*/g)].some(([name]) => !SHIPPED_TYPES.has(name));
  return foreign ? fallback : text;
}

/** `rec-jobs-count` -> `RecJobsCount` */
const pascal = (tag) => tag.replace(/(^|-)([a-z])/g, (_match, _dash, letter) => letter.toUpperCase());
const comment = (text, indent = '') => (text ? `${indent}/** ${text.split('\n')[0].replace(/\*\//g, '* /')} */\n` : '');

function elementTypes(element) {
  const name = pascal(element.tagName);
  const attributes = element.attributes ?? [];
  const fields = (element.members ?? []).filter((member) => member.kind === 'field' && !member.static && member.privacy !== 'private' && member.privacy !== 'protected');
  const events = (element.events ?? []).map((event) => ({ ...event, type: shippedType(event.type?.text, 'CustomEvent') }));
  return { name, tag: element.tagName, description: element.description ?? '', attributes, fields, events };
}

function indexDts(types) {
  const blocks = types.map(({ name, tag, description, attributes, fields, events }) =>
    [
      `/** The attributes of \`<${tag}>\`, as written in HTML (strings). */`,
      `export interface ${name}Attributes {`,
      ...attributes.map((attribute) => `${comment(attribute.description, '  ')}  '${attribute.name}'?: string;`),
      '}',
      comment(description).trimEnd(),
      `export interface ${name}Element extends HTMLElement {`,
      ...fields.map((field) => `${comment(field.description, '  ')}  ${field.name}?: ${shippedType(field.type?.text, 'string | undefined')};`),
      '}',
      `/** The events \`<${tag}>\` dispatches (bubbling and composed: listen on it or any ancestor). */`,
      `export interface ${name}Events {`,
      ...events.map((event) => `${comment(event.description, '  ')}  '${event.name}': ${event.type};`),
      '}',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const tagMap = types.map(({ name, tag }) => `    '${tag}': ${name}Element;`);
  const eventMap = types.flatMap(({ name }) => [`${name}Events`]);
  return `${HEADER}${blocks.join('\n\n')}

declare global {
  interface HTMLElementTagNameMap {
${tagMap.join('\n')}
  }
  interface HTMLElementEventMap extends ${eventMap.join(', ')} {}
}
`;
}

const imports = (types, suffixes) => `import type { ${types.flatMap(({ name }) => suffixes.map((suffix) => `${name}${suffix}`)).join(', ')} } from './index.js';\n`;
/** Properties the element has without an attribute (React 19 sets them as properties). */
const propertiesOnly = ({ name, fields }) => {
  const only = fields.filter((field) => !field.attribute).map((field) => `'${field.name}'`);
  return only.length ? `Pick<${name}Element, ${only.join(' | ')}>` : '{}';
};
/** `on<event>` props: React 19 and Svelte 5 add them as listeners of that event on a custom element. */
const listeners = ({ name, events }, prefix) => (events.length ? `{ ${events.map((event) => `'${prefix}${event.name}'?: (event: ${name}Events['${event.name}']) => void;`).join(' ')} }` : '{}');

function reactDts(types) {
  return `${HEADER}import type { DetailedHTMLProps, HTMLAttributes } from 'react';
${imports(types, ['Attributes', 'Element', 'Events'])}
type ElementProps<E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${types.map((type) => `      '${type.tag}': ElementProps<${type.name}Element> & ${type.name}Attributes & ${propertiesOnly(type)} & ${listeners(type, 'on')};`).join('\n')}
    }
  }
}
`;
}

function vueDts(types) {
  const names = types.flatMap((type) => [`${type.name}Attributes`, ...(type.fields.some((field) => !field.attribute) ? [`${type.name}Element`] : [])]);
  return `${HEADER}import type { DefineComponent } from 'vue';
import type { ${names.join(', ')} } from './index.js';

declare module 'vue' {
  interface GlobalComponents {
${types.map((type) => `    '${type.tag}': DefineComponent<${type.name}Attributes & ${propertiesOnly(type)}>;`).join('\n')}
  }
}
`;
}

function svelteDts(types) {
  return `${HEADER}import type { HTMLAttributes } from 'svelte/elements';
${imports(types, ['Attributes', 'Element', 'Events'])}
declare global {
  namespace svelteHTML {
    interface IntrinsicElements {
${types.map((type) => `      '${type.tag}': HTMLAttributes<${type.name}Element> & ${type.name}Attributes & ${propertiesOnly(type)} & ${listeners(type, 'on')} & ${listeners(type, 'on:')};`).join('\n')}
    }
  }
}
`;
}

/** The typings files of a manifest, by file name. */
export function jsxTypings(manifest) {
  const types = elementsOf(manifest).map(elementTypes);
  return { 'index.d.ts': indexDts(types), 'jsx-react.d.ts': reactDts(types), 'jsx-vue.d.ts': vueDts(types), 'jsx-svelte.d.ts': svelteDts(types) };
}
