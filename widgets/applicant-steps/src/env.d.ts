/** CSS files are bundled as minified strings (rollup and web-test-runner plugins). */
declare module '*.css' {
  const css: string;
  export default css;
}

/** Sections of the host's locale files (packages/dev/locale-section.mjs). */
declare module '*.json?section=steps' {
  const messages: { [key: string]: unknown };
  export default messages;
}
declare module '*.json?section=messageKeys' {
  const messages: { [key: string]: unknown };
  export default messages;
}
