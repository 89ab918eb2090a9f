import { LOCALES, type Locale } from '@rec/core';
import { writeLocaleCookie } from '@rec/i18n';
import { useId, useState } from 'react';
import { $locale } from '../api';
import { useT } from '../i18n';
import { useStore } from '../use-store';

/** Each language named in itself: a reader of that language finds it whatever the page shows. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  lb: 'Lëtzebuergesch',
  nl: 'Nederlands',
  pt: 'Português',
  it: 'Italiano',
  pl: 'Polski',
};

/**
 * Shows the page again in `locale`: the cookie (365 days) that locale detection reads, and an
 * explicit `language`/`lang` query (which beats the cookie) replaced so it cannot win over the choice;
 * on public offer and board pages the choice becomes the link's `language`.
 */
export function reloadInLocale(locale: Locale): void {
  writeLocaleCookie(locale);
  const url = new URL(location.href);
  for (const name of ['language', 'lang']) if (url.searchParams.has(name)) url.searchParams.set(name, locale);
  // Public offer and board pages speak their link's language (else their own, not the cookie's): the choice goes in the link.
  if (/^\/(offer|board|share)\//.test(url.pathname) && !url.searchParams.has('lang')) url.searchParams.set('language', locale);
  if (url.href === location.href) location.reload();
  else location.assign(url.href);
}

/**
 * A labelled language select (sign-in pages, public offer and board pages, back-office shell).
 * `onChoose` replaces the default (cookie and reload): the shell also saves the account's setting.
 */
export function LanguageSwitcher({ onChoose, className }: { onChoose?: (locale: Locale) => Promise<void> | void; className?: string }) {
  const t = useT();
  const id = useId();
  const current = useStore($locale) as Locale;
  const [busy, setBusy] = useState(false);
  return (
    <div className={`language-switcher${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{t('languageSwitcher.label')}</label>
      <select
        id={id}
        value={current}
        disabled={busy}
        onChange={async (event) => {
          const locale = event.currentTarget.value as Locale;
          setBusy(true);
          try {
            await (onChoose ?? reloadInLocale)(locale);
          } finally {
            setBusy(false);
          }
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
