import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES, type Locale, toLocale } from '@rec/core';
import i18next, { type i18n } from 'i18next';
import type { OutgoingMail } from './mailer';

/** The mail part of the locale files (`locales/mail/<lang>.json`): server-only texts. */
const LOCALES_DIR = new URL('../../../../../locales/mail/', import.meta.url);

let instance: i18n | undefined;

function translator(): i18n {
  if (!instance) {
    const resources = Object.fromEntries(
      LOCALES.map((locale) => [locale, { translation: JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALES_DIR), 'utf8')) }]),
    );
    instance = i18next.createInstance();
    // Plain-text mails: no HTML escaping of the link or the company name.
    void instance.init({ resources, lng: DEFAULT_LOCALE, fallbackLng: DEFAULT_LOCALE, initAsync: false, interpolation: { escapeValue: false } });
  }
  return instance;
}

export type MailKind = 'magicLink' | 'passwordReset' | 'invitation';

/** Subject and text of a mail in `language` (an account's settings.language; unsupported values fall back to en). */
export function renderMail(kind: MailKind, language: string | undefined, to: string, values: Record<string, string | number>): OutgoingMail {
  const lng: Locale = toLocale(language) ?? DEFAULT_LOCALE;
  const t = translator().getFixedT(lng);
  return { to, subject: t(`mail.${kind}.subject`, values), text: t(`mail.${kind}.text`, values) };
}

/** The values of the candidate's confirmation mail. */
export interface ApplicationReceivedValues {
  name: string;
  title: string;
  company: string;
  /** A fresh single-use magic link to continue (step flow, candidate portal). */
  link: string;
  minutes: number;
  /** Where to ask for a new link once this one has expired or been used. */
  requestUrl: string;
}

/** The confirmation a candidate gets after applying, in the application's language. */
export function renderApplicationReceived(language: string | undefined, to: string, values: ApplicationReceivedValues): OutgoingMail {
  const lng: Locale = toLocale(language) ?? DEFAULT_LOCALE;
  const t = translator().getFixedT(lng, undefined, 'mail.applicationReceived');
  const line = (key: string) => t(key, { ...values });
  const text = [line('greeting'), '', line('body'), '', `${line('continue')}: ${values.link}`, line('linkValidity'), '', line('signature')].join('\n');
  return { to, subject: line('subject'), text };
}
