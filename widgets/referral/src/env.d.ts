/** CSS files are bundled as minified strings (rollup and web-test-runner plugins). */
declare module '*.css' {
  const css: string;
  export default css;
}

/** The element's strings from a locale file (packages/dev/locale-section.mjs picks them). */
declare module '*.json?section=genericErrorTitle,common.poweredBy,errors' {
  const messages: import('./messages').Messages;
  export default messages;
}
declare module '*.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia' {
  const messages: import('./messages').Messages;
  export default messages;
}
