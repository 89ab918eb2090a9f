/** CSS files are bundled as minified strings (rollup and web-test-runner plugins). */
declare module '*.css' {
  const css: string;
  export default css;
}

/** The widgets version, replaced at build time; absent when running from source. */
declare const __REC_VERSION__: string | undefined;
