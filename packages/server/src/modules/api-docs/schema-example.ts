type JsonSchema = Record<string, unknown>;

/** Values for the string formats and patterns our schemas use, so an example reads like real data. */
const STRING_FORMATS: Record<string, string> = {
  email: 'claire.owner@lumen.example',
  'date-time': '2026-11-27T09:00:00.000Z',
  date: '2026-11-27',
  uri: 'https://careers.lumen.example/jobs',
  url: 'https://careers.lumen.example/jobs',
  uuid: '3f0c8c1e-2b7a-4c1d-9f3e-5a6b7c8d9e0f',
  ipv4: '203.0.113.7',
};
/** Realistic strings tried first against a pattern: a domain, an https address, a colour. */
const PATTERN_SAMPLES = ['lumen.example', 'https://careers.lumen.example/jobs', '#1E6FD9'];

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

/** An object id (24 hexadecimal characters), the ids of every resource. */
const OBJECT_ID = '64b0b0a4d000000000000001';

/**
 * An example value of a JSON Schema (issue 30: every operation of /openapi.json shows one), generated
 * from the schema the route validates with, so it never drifts from it: a schema's own example or
 * default first, then the first choice of an enum or union, required properties of objects (and
 * optional ones while shallow), one item per array, bounds respected for numbers and lengths.
 * Undefined when the schema says nothing usable (a free-form value).
 */
export function schemaExample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const usable = (options as JsonSchema[]).find((option) => option.type !== 'null') ?? options[0];
      return schemaExample(usable as JsonSchema, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => schemaExample(part, depth + 1)).filter((part) => part && typeof part === 'object'));
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return objectExample(schema, depth);
    case 'array': {
      const item = schemaExample(schema.items as JsonSchema | undefined, depth + 1);
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return item === undefined ? [] : Array.from({ length: Math.min(count, 3) }, () => item);
    }
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return numberExample(schema, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.properties ? objectExample(schema, depth) : undefined;
  }
}

function objectExample(schema: JsonSchema, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const example: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    // Optional properties too near the top (a reader sees what can be sent), required ones at any depth.
    if (!required.has(name) && depth > 1) continue;
    const value = schemaExample(property, depth + 1);
    if (value !== undefined) example[name] = value;
  }
  return example;
}

function stringExample(schema: JsonSchema): string {
  const format = typeof schema.format === 'string' ? STRING_FORMATS[schema.format] : undefined;
  if (format) return format;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  if (/\[0-9a-f\]\{24\}|\[\\da-f\]\{24\}|\{24\}/i.test(pattern)) return OBJECT_ID;
  if (pattern) {
    // Patterns with lookaheads (a domain name) are not generated: a realistic sample that matches them is taken.
    const sample = PATTERN_SAMPLES.find((candidate) => safeTest(pattern, candidate));
    if (sample !== undefined) return sample;
    const matching = patternExample(pattern);
    const shortest = Number(schema.minLength ?? 0);
    // Long enough for minLength when the pattern's last character may repeat (`^[^\\r\\n]*$`).
    const long = matching !== undefined && matching.length < shortest ? matching.padEnd(shortest, matching.at(-1) ?? 'x') : matching;
    if (long !== undefined && safeTest(pattern, long)) return long;
    if (matching !== undefined && matching.length >= shortest) return matching;
  }
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Number.POSITIVE_INFINITY);
  let text = 'text';
  if (text.length < min) text = text.padEnd(min, 'x');
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const value = maximum !== undefined ? Math.min(minimum, maximum) : minimum;
  return integer ? Math.ceil(value) : value;
}

/** A character a class such as `[A-Za-z0-9_-]`, `\\d` or `[^/]` accepts (the first one that it does). */
function classCharacter(source: string): string | undefined {
  // An escaped literal (`\\#`, `\\.`, `\\/`): the character itself.
  if (/^\\[^A-Za-z0-9]$/.test(source)) return source.slice(1);
  try {
    const test = new RegExp(`^${source}$`, 'u');
    return ['a', 'A', '1', 'x', 'Z', '_', '-', '0', ' ', '.'].find((candidate) => test.test(candidate));
  } catch {
    return undefined;
  }
}

/**
 * A string matching `pattern`, for the simple patterns our schemas use: anchored sequences of
 * literals and classes (`[...]`, `\\d`, `\\w`, `.`) with `{n}`, `{n,m}`, `*`, `+`, `?`, and
 * groups whose first alternative is taken. Checked against the pattern; undefined when it does not match.
 */
function patternExample(pattern: string): string | undefined {
  let source = pattern.replace(/^\^/, '').replace(/\$$/, '');
  // An optional group (`([0-9a-f]{2})?`) is left out.
  while (/\((?:\?:)?[^()]*\)[?*]/.test(source)) source = source.replace(/\((?:\?:)?[^()]*\)[?*]/, '');
  // A group: its first alternative (`(?:\d{6}|[A-Z]{5})` -> `\d{6}`), repeated as a unit is rare here.
  while (/\((?:\?:)?([^()|]*)(\|[^()]*)?\)/.test(source)) source = source.replace(/\((?:\?:)?([^()|]*)(\|[^()]*)?\)/, '$1');
  if (source.includes('|')) source = source.split('|')[0] ?? '';
  let text = '';
  const token = /(\[(?:\\.|[^\]])+\]|\\.|\.|[^[\\.])(\{(\d+)(?:,(\d*))?\}|[*+?])?/gu;
  for (const match of source.matchAll(token)) {
    const [, atom = '', quantifier, min] = match;
    const character = atom.length === 1 && atom !== '.' ? atom : classCharacter(atom);
    if (character === undefined) return undefined;
    const count = quantifier === undefined ? 1 : quantifier === '*' || quantifier === '?' ? 0 : quantifier === '+' ? 1 : Number(min);
    text += character.repeat(count);
  }
  return safeTest(pattern, text) ? text : undefined;
}
