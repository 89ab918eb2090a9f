/** The widgets version, replaced at build time; absent when running from source. */
declare const __REC_VERSION__: string | undefined;
