import { createHash } from 'node:crypto';
import { companySettingsOf, LOCALES, type Locale, type PrivacyNotice, toLocale } from '@rec/core';
import { serverT } from '../../i18n/server-texts';

/** A notice's version: the first 16 hex digits of its text's SHA-256 (another text, another version; no counter to keep). */
export function noticeVersion(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * The notices the company wrote (`settings.privacyNotice` of the settings page, else the older
 * `settings.privacyText`), blank ones left out, its default language first.
 */
export function companyPrivacyNotices(settings: Record<string, unknown> | null | undefined): PrivacyNotice[] {
  const stored = settings ?? {};
  const written = (value: unknown): Array<[Locale, string]> =>
    value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).flatMap(([language, text]) => {
          const locale = toLocale(language);
          return locale === language && typeof text === 'string' && text.trim() ? [[locale, text] as [Locale, string]] : [];
        })
      : [];
  const texts = written(stored.privacyNotice).length ? written(stored.privacyNotice) : written(stored.privacyText);
  return defaultFirst(
    texts.map(([language, text]) => ({ language, version: noticeVersion(text), text })),
    stored,
  );
}

/** The company's default language first (what a form shows when neither the page's nor the offer's language has one), then locale order. */
function defaultFirst(notices: PrivacyNotice[], settings: Record<string, unknown>): PrivacyNotice[] {
  const first = companySettingsOf(settings).language;
  return notices.sort((a, b) => Number(b.language === first) - Number(a.language === first) || LOCALES.indexOf(a.language) - LOCALES.indexOf(b.language));
}

/** The platform's own notice in every language, for a company that wrote none (locales/server `privacy.defaultNotice`). */
function platformNotices(): PrivacyNotice[] {
  return LOCALES.map((language) => {
    const text = serverT(language)('privacy.defaultNotice');
    return { language, version: noticeVersion(text), text };
  });
}

/** The notices an apply form may show: the company's, else the platform's. */
export function privacyNoticesOf(settings: Record<string, unknown> | null | undefined): PrivacyNotice[] {
  const own = companyPrivacyNotices(settings);
  return own.length ? own : defaultFirst(platformNotices(), settings ?? {});
}
