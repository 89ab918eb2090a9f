/** CSS files arrive as strings (.storybook/css-string.ts, like rollup's cssString). */
declare module '*.css' {
  const css: string;
  export default css;
}
