/** First characters a spreadsheet may read as the start of a formula (or that hide one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Makes a text cell inert (CSV/formula injection): a value starting with = + - @ TAB or CR gets a
 * leading apostrophe, so Excel, LibreOffice and Sheets show it as text instead of evaluating it.
 * Nothing else changes.
 */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
