import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as core from '@rec/core';
import * as v from 'valibot';
import { OfferIdParamsSchema } from '../modules/offers/routes';
import { type CompiledCheck, compileSchema, INVALID } from './compiled-schema';

type AnySchema = v.GenericSchema<unknown, unknown>;

function isSchema(value: unknown): value is AnySchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema' && '~run' in value;
}

/** A small seeded generator: the same inputs on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const STRINGS = [
  '',
  'en',
  'fr',
  'xx',
  'EN',
  '64b0b0a4d000000000000001',
  '64B0B0A4D000000000000001',
  '64b0b0a4d00000000000000',
  '64b0b0a4d0000000000000011',
  'abc',
  'a\u0000b',
  '\u0007',
  'x'.repeat(300),
  'camille@example.org',
  '2026-04-21',
  '2026-04-21T10:00:00Z',
  '12',
  '-1',
  'true',
  '0',
  ' ',
  '\ud800',
  'Zoé Łukasiewicz',
  'https://jobs.example.com/a',
  'a b',
];
const OTHERS: unknown[] = [undefined, null, 0, 12, true, [], ['en'], ['en', 'fr'], {}, { nested: 'x' }];

/** Inputs for a schema: anything at all, and objects made of its own keys with every kind of value. */
function inputsFor(schema: AnySchema, next: () => number): unknown[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const inputs: unknown[] = [...STRINGS, ...OTHERS, Object.create(null)];
  const entries = (schema as { entries?: Record<string, unknown> }).entries;
  if (!entries) return inputs;
  const keys = Object.keys(entries);
  for (let round = 0; round < 300; round++) {
    const input: Record<string, unknown> = round % 7 === 0 ? Object.create(null) : {};
    for (const key of keys) {
      const draw = next();
      if (draw < 0.15) continue; // absent
      input[key] = draw < 0.2 ? undefined : draw < 0.85 ? pick(STRINGS) : pick(OTHERS);
    }
    if (next() < 0.2) input.extra = pick(STRINGS);
    inputs.push(round % 11 === 0 ? Object.assign([], input) : input);
  }
  return inputs;
}

function assertSameAsValibot(name: string, schema: AnySchema, compiled: CompiledCheck, next: () => number): void {
  for (const input of inputsFor(schema, next)) {
    const expected = v.safeParse(schema, input);
    const actual = compiled(input);
    const shown = `${name} on ${JSON.stringify(input)}`;
    if (!expected.success) {
      assert.equal(actual, INVALID, `${shown}: valibot refuses it`);
      continue;
    }
    assert.notEqual(actual, INVALID, `${shown}: valibot accepts it`);
    assert.deepStrictEqual(actual, expected.output, shown);
  }
}

describe('compiled request schemas', () => {
  it('compile the public routes’ schemas (board, offer by channel or id, language query)', () => {
    for (const schema of [core.BoardParamsSchema, core.OfferChannelParamsSchema, core.LanguageQuerySchema, OfferIdParamsSchema]) {
      assert.ok(compileSchema(schema as AnySchema), 'the hot routes take the compiled path');
    }
  });

  it('accept exactly what valibot accepts and output what it outputs, for every schema of @rec/core that compiles', () => {
    const next = random(27);
    let compiledCount = 0;
    for (const [name, value] of Object.entries(core)) {
      if (!isSchema(value)) continue;
      const compiled = compileSchema(value);
      if (!compiled) continue;
      compiledCount++;
      assertSameAsValibot(name, value, compiled, next);
    }
    assert.ok(compiledCount >= 4, `${compiledCount} schemas compiled`);
  });

  it('agree with valibot on regex, length and optional checks, and leave defaults, transforms and fallbacks to valibot', () => {
    const next = random(17);
    const Checked = v.object({
      id: core.ObjectIdSchema,
      name: v.pipe(v.string(), v.minLength(1), v.maxLength(30)),
      note: v.optional(v.pipe(v.string(), v.regex(/^[a-z ]*$/), v.description('a note'))),
      language: v.optional(v.string()),
    });
    const compiled = compileSchema(Checked);
    assert.ok(compiled);
    assertSameAsValibot('Checked', Checked, compiled, next);
    for (const schema of [
      v.object({ page: v.optional(v.string(), '1') }),
      v.object({ count: v.pipe(v.string(), v.transform(Number)) }),
      v.object({ language: v.fallback(v.string(), 'en') }),
      v.object({ amount: v.number() }),
      v.object({ inner: v.object({ id: v.string() }, 'custom') , tag: v.picklist(['a', 'b']) }),
      v.strictObject({ id: v.string() }),
    ]) {
      assert.equal(compileSchema(schema as AnySchema), undefined, JSON.stringify(Object.keys(schema)));
    }
  });
});
