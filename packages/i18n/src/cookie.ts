import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale, toLocale } from '@rec/core';

const MAX_AGE_SECONDS = LOCALE_COOKIE_DAYS * 24 * 60 * 60;

/** The locale stored in the `rec_locale` cookie of a `Cookie` header or `document.cookie`. */
export function readLocaleCookie(cookies: string | null | undefined = globalThis.document?.cookie): Locale | undefined {
  if (!cookies) return undefined;
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return toLocale(decodeURIComponent(rest.join('=')));
  }
  return undefined;
}

/** The `rec_locale` cookie for a `Set-Cookie` header or `document.cookie`: 365 days, whole site. */
export function serializeLocaleCookie(locale: Locale, { secure = false }: { secure?: boolean } = {}): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Remembers the locale in the browser (no-op where there is no document). */
export function writeLocaleCookie(locale: Locale, doc: Pick<Document, 'cookie' | 'location'> | undefined = globalThis.document): void {
  if (!doc) return;
  doc.cookie = serializeLocaleCookie(locale, { secure: doc.location?.protocol === 'https:' });
}
