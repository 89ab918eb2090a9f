import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryLimitError, stringifyQuery, withQueryString } from './query';

describe('stringifyQuery', () => {
  it('writes scalars and encodes keys and values', () => {
    assert.equal(stringifyQuery({ language: 'fr', q: 'a b&c', n: 3, ok: true }), 'language=fr&q=a%20b%26c&n=3&ok=true');
  });

  it('writes arrays of scalars with []', () => {
    assert.equal(stringifyQuery({ categories: ['A', 'B'] }), 'categories[]=A&categories[]=B');
  });

  it('writes nested objects with brackets', () => {
    assert.equal(stringifyQuery({ a: { b: { c: 1 } } }), 'a[b][c]=1');
  });

  it('indexes arrays of objects so each item stays together', () => {
    assert.equal(stringifyQuery({ f: [{ x: 1, y: 2 }, { x: 3 }] }), 'f[0][x]=1&f[0][y]=2&f[1][x]=3');
  });

  it('skips undefined, writes null as empty, dates as ISO', () => {
    const date = new Date(Date.UTC(2024, 0, 2));
    assert.equal(stringifyQuery({ a: undefined, b: null, d: date }), 'b=&d=2024-01-02T00%3A00%3A00.000Z');
  });

  it('returns an empty string for no query or an empty array', () => {
    assert.equal(stringifyQuery(undefined), '');
    assert.equal(stringifyQuery({ list: [] }), '');
  });

  it('accepts depth 5 and refuses depth 6', () => {
    assert.equal(stringifyQuery({ a: { b: { c: { d: { e: { f: 1 } } } } } }), 'a[b][c][d][e][f]=1');
    assert.throws(() => stringifyQuery({ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }), QueryLimitError);
  });

  it('accepts arrays of 20 and refuses 21 items', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i);
    assert.equal(stringifyQuery({ a: twenty }).split('&').length, 20);
    assert.throws(() => stringifyQuery({ a: [...twenty, 20] }), QueryLimitError);
  });

  it('accepts 1000 parameters and refuses 1001', () => {
    const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
    assert.equal(stringifyQuery(many(1000)).split('&').length, 1000);
    assert.throws(() => stringifyQuery(many(1001)), QueryLimitError);
  });
});

describe('withQueryString', () => {
  it('appends with ? or &', () => {
    assert.equal(withQueryString('/v2/x', { a: 1 }), '/v2/x?a=1');
    assert.equal(withQueryString('/v2/x?b=2', { a: 1 }), '/v2/x?b=2&a=1');
    assert.equal(withQueryString('/v2/x', {}), '/v2/x');
  });
});
