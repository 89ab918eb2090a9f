/** CSS files are bundled as minified strings (rollup and web-test-runner plugins). */
declare module '*.css' {
  const css: string;
  export default css;
}
