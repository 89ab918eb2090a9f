/** First characters a spreadsheet may read as the start of a formula (or that hide one). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A signed number or phone number ("+352 621 123 456", "-12"): digits, spaces and ( ) . / - after
 * the sign, so no function name, no cell reference, no string: it cannot do anything as a formula.
 */
const INERT_NUMBER = /^[+-][\d ()./-]*$/;

/**
 * Makes a text cell inert (CSV/formula injection). The workbook writes every text as a string
 * cell, which Excel, LibreOffice and Sheets never evaluate as such; a value that could still act
 * as a formula once someone edits the cell (= @ TAB CR at the start, or + - followed by anything
 * but a number) also gets a leading apostrophe. A phone number keeps its look: no apostrophe.
 */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) && !INERT_NUMBER.test(value) ? `'${value}` : value;
}
