/** A locale file of /locales: nested objects of strings. */
declare module '*.json' {
  const messages: { [key: string]: unknown };
  export default messages;
}
