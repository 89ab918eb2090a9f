import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { escapeCell } from './escape-cell';

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r'];

describe('escapeCell', () => {
  it('prefixes any string starting with = + - @ TAB or CR with an apostrophe, and changes nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constantFrom(...DANGEROUS).chain((start) => fc.string().map((rest) => start + rest))), (value) => {
        const escaped = escapeCell(value);
        if (DANGEROUS.some((start) => value.startsWith(start))) assert.equal(escaped, `'${value}`);
        else assert.equal(escaped, value);
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes every dangerous start whatever follows', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DANGEROUS), fc.string(), (start, rest) => {
        assert.equal(escapeCell(start + rest), `'${start}${rest}`);
      }),
    );
  });

  it('leaves safe values alone, including a dangerous character later on', () => {
    for (const value of ['', 'Léa', '0352 621 123', ' =1+1', "'=already", 'a=b', '\n=x']) assert.equal(escapeCell(value), value);
    assert.equal(escapeCell('=HYPERLINK("http://evil.example","x")'), '\'=HYPERLINK("http://evil.example","x")');
    assert.equal(escapeCell('+33 6 12 34 56 78'), "'+33 6 12 34 56 78");
  });
});
