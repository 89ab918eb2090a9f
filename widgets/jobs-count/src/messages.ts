import type { Locale } from '@rec/core';

/**
 * The badge's strings: the `jobsCount` section of locales/<lang>.json, one small chunk per
 * language (the build keeps only that section: packages/dev/locale-section.mjs). i18next would
 * weigh more than the whole badge for three strings, so plurals go through Intl.PluralRules
 * with i18next's key suffixes (`hiring_one`, `hiring_few`…), and `{{count}}` is the only placeholder.
 */
export type JobsCountMessages = Record<string, string>;

const LOADERS: Record<Locale, () => Promise<{ default: JobsCountMessages }>> = {
  de: () => import('../../../locales/de.json?section=jobsCount'),
  en: () => import('../../../locales/en.json?section=jobsCount'),
  es: () => import('../../../locales/es.json?section=jobsCount'),
  fr: () => import('../../../locales/fr.json?section=jobsCount'),
  lb: () => import('../../../locales/lb.json?section=jobsCount'),
  nl: () => import('../../../locales/nl.json?section=jobsCount'),
  pt: () => import('../../../locales/pt.json?section=jobsCount'),
  it: () => import('../../../locales/it.json?section=jobsCount'),
  pl: () => import('../../../locales/pl.json?section=jobsCount'),
};


/** The languages the badge has strings for (all of ours). */
export const BADGE_LOCALES = Object.keys(LOADERS);

const loaded = new Map<Locale, Promise<JobsCountMessages>>();

export function loadMessages(locale: Locale): Promise<JobsCountMessages> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then((module) => module.default);
    // A failed download may be retried by the next element.
    pending.catch(() => loaded.delete(locale));
    loaded.set(locale, pending);
  }
  return pending;
}

/** The plural message of `key` for `count`, split around the formatted number (which the badge wraps in its own part). */
export function countMessage(messages: JobsCountMessages, locale: Locale, key: string, count: number): [before: string, number: string, after: string] {
  const text = messages[`${key}_${new Intl.PluralRules(locale).select(count)}`] ?? messages[`${key}_other`] ?? '';
  const [before = '', after = ''] = text.split('{{count}}');
  return [before, count.toLocaleString(locale), after];
}
