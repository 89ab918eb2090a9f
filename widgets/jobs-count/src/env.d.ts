/** CSS files are bundled as minified strings (rollup and web-test-runner plugins). */
declare module '*.css' {
  const css: string;
  export default css;
}

/** One section of a locale file (packages/dev/locale-section.mjs). */
declare module '*.json?section=jobsCount' {
  const messages: import('./messages').JobsCountMessages;
  export default messages;
}
