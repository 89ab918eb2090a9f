/**
 * Test helper (widget tests only; no element imports it).
 * For widget tests: what `navigator.languages` says (step 5 of the language rule). Chromium under
 * test says en-US; tests of the later steps (the content's own language) set a browser that names
 * no supported language, as a visitor's may.
 */
export function setBrowserLanguages(languages: readonly string[]): void {
  Object.defineProperty(navigator, 'languages', { value: Object.freeze([...languages]), configurable: true });
}

/** Back to the browser's own languages. */
export function resetBrowserLanguages(): void {
  Reflect.deleteProperty(navigator, 'languages');
}
