/**
 * For widget tests: what `navigator.languages` says (step 5 of the language rule). Chromium under
 * test says en-US; tests of the later steps (the content's own language) set a browser that names
 * no supported language, as a visitor's may.
 */
export declare function setBrowserLanguages(languages: readonly string[]): void;
/** Back to the browser's own languages. */
export declare function resetBrowserLanguages(): void;
