import type { Locale } from '@rec/core';

/**
 * The element's strings, the same keys the React version read through i18next: a few sections and
 * keys of the common and the offer locale files (packages/dev/locale-section.mjs picks them at
 * build time), one small chunk per file and language. i18next would weigh more than the whole
 * element for these twenty strings; `{{name}}` placeholders are the only feature they use.
 */
export interface Messages {
  [key: string]: string | Messages;
}

type Module = Promise<{ default: Messages }>;

// Each pair: the common part (locales/<lang>.json), then the offer part (locales/offer/<lang>.json).
// The query strings are literal so that the bundler sees each import.
const LOADERS: Record<Locale, () => [Module, Module]> = {
  de: () => [
    import('../../../locales/de.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/de.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  en: () => [
    import('../../../locales/en.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/en.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  es: () => [
    import('../../../locales/es.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/es.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  fr: () => [
    import('../../../locales/fr.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/fr.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  lb: () => [
    import('../../../locales/lb.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/lb.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  nl: () => [
    import('../../../locales/nl.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/nl.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  pt: () => [
    import('../../../locales/pt.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/pt.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  it: () => [
    import('../../../locales/it.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/it.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
  pl: () => [
    import('../../../locales/pl.json?section=genericErrorTitle,common.poweredBy,errors'),
    import('../../../locales/offer/pl.json?section=referral,errors,offerPage.copyLink,offerPage.linkCopied,share.shareVia'),
  ],
};

const loaded = new Map<Locale, Promise<Messages>>();

/** Both parts of a language, merged (their `errors` sections hold different keys). */
export function loadMessages(locale: Locale): Promise<Messages> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = Promise.all(LOADERS[locale]()).then(([{ default: common }, { default: offer }]) => ({
      ...common,
      ...offer,
      errors: { ...(common.errors as Messages), ...(offer.errors as Messages) },
    }));
    // A failed download may be retried by the next element.
    pending.catch(() => loaded.delete(locale));
    loaded.set(locale, pending);
  }
  return pending;
}

/** The text of a dotted key with its `{{name}}` placeholders filled; undefined when the key is unknown. */
export function translate(messages: Messages, key: string, values: Record<string, string | number> = {}): string | undefined {
  let found: string | Messages | undefined = messages;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  return typeof found === 'string' ? found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole)) : undefined;
}
