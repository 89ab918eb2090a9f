export { readLocaleCookie, serializeLocaleCookie, writeLocaleCookie } from './cookie';
export { detectLocale, type LocaleSources } from './detect';
export { addLocaleMessages, changeLocale, getT, hasKey, hasLocale, i18n, loadLocale, type Translate } from './i18n';
export { APP_PART } from './app-part';
export { COMMON_PART, LOCALE_PART_DIRS, LOCALE_PARTS, type LocaleFile, type LocalePart, type LocalePartName, type Messages, OFFER_PART, type SectionPartName, type ServerLocalePart } from './locale-files';
