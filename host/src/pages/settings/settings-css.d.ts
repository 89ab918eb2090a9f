/** CSS files are bundled as minified strings (rollup's css-string plugin). */
declare module '*.css' {
  const css: string;
  export default css;
}
