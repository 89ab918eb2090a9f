import type { Locale } from '@rec/core';

export type Messages = { [key: string]: unknown };
export type LocaleFile = () => Promise<{ default: Messages }>;

/**
 * Locale files come in parts so each bundle downloads only what it shows:
 * - common: `locales/<lang>.json`, shared strings and the public widgets (board, errors, messages);
 * - app: `locales/app/<lang>.json`, the host app and the recruiter back-office;
 * - offer: `locales/offer/<lang>.json`, the offer page, the apply form and its validation
 *   messages (`errors.{rule}`, `offerPage.*`), referral and share (loaded by <rec-offer>,
 *   <rec-referral> and the share page only);
 * - server (server only): `locales/server/<lang>.json`, what the server writes itself: the mails
 *   we send (`mail.*`) and the applicant data export's sheet and column names (`export.*`).
 * Every part is merged into one i18next bundle per language, so keys stay plain
 * (`login.title`) and must be unique across parts (the locales test checks it).
 * One dynamic import per file: the bundler turns each into its own chunk, and literal
 * paths keep that analysable.
 */
export const LOCALE_PARTS = ['common', 'app', 'offer'] as const;
export type LocalePartName = (typeof LOCALE_PARTS)[number];
/**
 * Parts a widget assembles from sections of the files above (`?section=`), e.g. the step flow's
 * strings of locales/app for <rec-applicant-steps>: the keys stay where the locales test checks them.
 */
export type SectionPartName = 'steps';

/**
 * A part and its per-language files. The back-office part lives in its own module (app-part.ts),
 * so the widget bundle never carries its loaders.
 */
export interface LocalePart {
  readonly name: LocalePartName | SectionPartName;
  readonly files: Readonly<Record<Locale, LocaleFile>>;
}

export const COMMON_PART: LocalePart = {
  name: 'common',
  files: {
  de: () => import('../../../locales/de.json'),
  en: () => import('../../../locales/en.json'),
  es: () => import('../../../locales/es.json'),
  fr: () => import('../../../locales/fr.json'),
  lb: () => import('../../../locales/lb.json'),
  nl: () => import('../../../locales/nl.json'),
  pt: () => import('../../../locales/pt.json'),
  it: () => import('../../../locales/it.json'),
  pl: () => import('../../../locales/pl.json'),
  },
};

// Beside the common part, not in a module of its own: <rec-offer> and <rec-referral> both use it,
// and a chunk of its own would cost the offer more than these nine loaders cost the board.
/** The offer page, apply form, referral and share texts (`locales/offer/<lang>.json`). */
export const OFFER_PART: LocalePart = {
  name: 'offer',
  files: {
  de: () => import('../../../locales/offer/de.json'),
  en: () => import('../../../locales/offer/en.json'),
  es: () => import('../../../locales/offer/es.json'),
  fr: () => import('../../../locales/offer/fr.json'),
  lb: () => import('../../../locales/offer/lb.json'),
  nl: () => import('../../../locales/offer/nl.json'),
  pt: () => import('../../../locales/offer/pt.json'),
  it: () => import('../../../locales/offer/it.json'),
  pl: () => import('../../../locales/offer/pl.json'),
  },
};

/** Parts only the server reads (mails, export headers): never bundled for a browser. */
export type ServerLocalePart = 'server';

/** Folder below locales/ of every part ('' for common); the locales test checks them all. */
export const LOCALE_PART_DIRS: Record<LocalePartName | ServerLocalePart, string> = { common: '', app: 'app/', offer: 'offer/', server: 'server/' };
