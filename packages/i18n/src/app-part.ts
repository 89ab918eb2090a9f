import type { LocalePart } from './locale-files';

/** The host app and recruiter back-office texts (`locales/app/<lang>.json`). */
export const APP_PART: LocalePart = {
  name: 'app',
  files: {
  de: () => import('../../../locales/app/de.json'),
  en: () => import('../../../locales/app/en.json'),
  es: () => import('../../../locales/app/es.json'),
  fr: () => import('../../../locales/app/fr.json'),
  lb: () => import('../../../locales/app/lb.json'),
  nl: () => import('../../../locales/app/nl.json'),
  pt: () => import('../../../locales/app/pt.json'),
  it: () => import('../../../locales/app/it.json'),
  pl: () => import('../../../locales/app/pl.json'),
  },
};
