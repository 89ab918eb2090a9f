/** Business constants of spec §9, shared by every client and the server. */

export const LOCALES = ['de', 'en', 'es', 'fr', 'lb', 'nl', 'pt', 'it', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'rec_locale';
export const LOCALE_COOKIE_DAYS = 365;
export const DATE_FORMAT = 'DD/MM/YYYY';

export const TOASTS = { maxVisible: 5, autoCloseMs: 5000, widthMobile: 320, widthDesktop: 440 } as const;

export const UPLOAD = { defaultMaxMb: 10, logoMaxMb: 5, logoNameMaxLength: 40 } as const;

export const DATA_TABLE = { rowsPerPage: 20, rowsPerPageOptions: [20, 30, 40] } as const;

export const REALTIME = { reconnectMs: 2000, sendRetryMs: 100 } as const;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** Column widths (of 12) of the candidate form at md and up; anything not listed takes 12. */
export const FORM_COLUMNS_MD = {
  email: 6,
  name: 6,
  nationality: 6,
  agentEmail: 6,
  companyReferralCode: 6,
  address: 6,
  hasWorkPermit: 6,
  phone: 5,
  birthDate: 4,
  gender: 4,
  salary: 4,
  drivingLicenses: 4,
} as const;
export const FORM_COLUMN_DEFAULT = 12;

export const FORM_VALIDATION_DEBOUNCE_MS = 5;

export const MENU = { openDelayMs: 300, closeDelayMs: 250, overlayZIndex: 2000, scrollDurationMs: 300 } as const;
export const SHARE_SELECTOR_WIDTH = 350;

/** Query-string serialisation limits (bracket notation). */
export const QUERY = { depth: 5, parameterLimit: 1000, arrayLimit: 20 } as const;
