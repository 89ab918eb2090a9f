import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { escapeCell } from './escape-cell';

const ALWAYS = ['=', '@', '\t', '\r'];
const SIGNS = ['+', '-'];

describe('escapeCell', () => {
  it('prefixes any string starting with = @ TAB or CR with an apostrophe, whatever follows', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALWAYS), fc.string(), (start, rest) => {
        assert.equal(escapeCell(start + rest), `'${start}${rest}`);
      }),
    );
  });

  it('prefixes + or - followed by anything that is not a plain number (a letter, a quote, an operator...)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIGNS), fc.string(), fc.constantFrom('A', 'x', '"', '!', '+', '*', '&', ':', '|', '$', ';', '^'), fc.string(), (sign, before, risky, after) => {
        const value = `${sign}${before}${risky}${after}`;
        assert.equal(escapeCell(value), `'${value}`);
      }),
    );
    assert.equal(escapeCell('+SUM(1;2)'), "'+SUM(1;2)");
    assert.equal(escapeCell('-1+1'), "'-1+1");
    assert.equal(escapeCell('+A1'), "'+A1");
  });

  it('leaves phone numbers and signed numbers as they are: they cannot act as formulas (issue 9: no visible apostrophe)', () => {
    for (const value of ['+352 621 123 456', '+33 6 12 34 56 78', '+49 (0)30 1234-5678', '-12', '+1.5', '-3/4']) assert.equal(escapeCell(value), value);
    fc.assert(
      fc.property(fc.constantFrom(...SIGNS), fc.array(fc.constantFrom(...'0123456789 ()./-')), (sign, rest) => {
        const value = sign + rest.join('');
        assert.equal(escapeCell(value), value);
      }),
    );
  });

  it('leaves safe values alone, including a dangerous character later on', () => {
    for (const value of ['', 'Léa', '0352 621 123', ' =1+1', "'=already", 'a=b', '\n=x']) assert.equal(escapeCell(value), value);
    assert.equal(escapeCell('=HYPERLINK("http://evil.example","x")'), '\'=HYPERLINK("http://evil.example","x")');
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (!/^[=+\-@\t\r]/.test(value)) assert.equal(escapeCell(value), value);
      }),
      { numRuns: 2000 },
    );
  });
});
