export { readLocaleCookie, serializeLocaleCookie, writeLocaleCookie } from './cookie';
export { detectLocale, type LocaleSources } from './detect';
export { addLocaleMessages, changeLocale, getT, hasKey, hasLocale, i18n, loadLocale, type Translate } from './i18n';
export { LOCALE_FILES, LOCALE_PART_DIRS, LOCALE_PARTS, type LocalePart, type Messages, type ServerLocalePart } from './locale-files';
