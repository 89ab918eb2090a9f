/** CSS files are bundled as minified strings (rollup's css-string plugin, Storybook's cssAsString). */
declare module '*.css' {
  const css: string;
  export default css;
}
