import assert from 'node:assert/strict';
import { it } from 'node:test';
import { schemaExample } from './schema-example';

it('makes an example that its schema accepts: formats, patterns, bounds, unions, required properties', () => {
  const example = schemaExample({
    type: 'object',
    required: ['id', 'email', 'code', 'color', 'count', 'tags', 'kind'],
    properties: {
      id: { type: 'string', pattern: '^[0-9a-f]{24}$' },
      email: { type: 'string', format: 'email' },
      code: { type: 'string', pattern: '^(?:\\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$' },
      color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$' },
      count: { type: 'integer', minimum: 3, maximum: 10 },
      tags: { type: 'array', minItems: 2, items: { type: 'string', minLength: 6 } },
      kind: { anyOf: [{ type: 'null' }, { enum: ['BOARD', 'SHARE'] }] },
      note: { type: 'string' },
    },
  }) as Record<string, unknown>;
  assert.equal(example.id, '64b0b0a4d000000000000001');
  assert.match(String(example.email), /^[^@\s]+@[^@\s]+$/);
  assert.match(String(example.code), /^\d{6}$/);
  assert.match(String(example.color), /^#[0-9a-fA-F]{6}$/);
  assert.equal(example.count, 3);
  assert.deepEqual(example.tags, ['textxx', 'textxx']);
  assert.equal(example.kind, 'BOARD');
  assert.equal(example.note, 'text', 'an optional property near the top is shown too');
  assert.equal(schemaExample({}), undefined, 'a free-form value has no example');
  assert.equal(schemaExample({ type: 'string', examples: ['given'] }), 'given');
});
