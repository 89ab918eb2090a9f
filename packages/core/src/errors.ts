/**
 * Error keys carried by API errors and shown through i18next (`errors.*` / feature keys).
 * The server answers `{ statusCode, error: <key> }`; clients translate the key.
 */
export const ERROR_KEYS = {
  generic: 'genericErrorTitle',
  badRequest: 'errors.badRequest',
  invalidId: 'errors.invalidId',
  invalidQuery: 'errors.invalidQuery',
  notFound: 'errors.notFound',
  forbidden: 'errors.forbidden',
  boardNotFound: 'board.notFound',
  offerNotFound: 'offer.notFound',
  offerClosed: 'offer.closed',
  payloadTooLarge: 'errors.payloadTooLarge',
  unsupportedMediaType: 'errors.unsupportedMediaType',
  tooManyRequests: 'errors.tooManyRequests',
  passwordTooShort: 'errors.passwordTooShort',
  /** A salary amount that is not positive, too large or finer than cents (issue 17). */
  salaryAmount: 'salaryFields.errors.amount',
  salaryMinAboveMax: 'salaryFields.errors.minAboveMax',
  authRequired: 'auth.required',
  invalidCredentials: 'auth.invalidCredentials',
  invalidToken: 'auth.invalidToken',
  invitationExpired: 'auth.invitationExpired',
  recruiterNotFound: 'recruiter.notFound',
  companyNotFound: 'company.notFound',
  openingNotFound: 'opening.notFound',
  openingInvalidTransition: 'opening.invalidTransition',
  openingDeleteUnavailable: 'opening.deleteUnavailable',
  openingNotArchived: 'opening.notArchived',
  openingApplicationsRetained: 'opening.applicationsRetained',
  openingReferenceCodeTaken: 'opening.referenceCodeTaken',
  postingNotFound: 'posting.notFound',
  fileNotFound: 'file.notFound',
  uploadStorageFull: 'upload.storageFull',
} as const;
export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

export interface ApiErrorBody {
  statusCode: number;
  error: string;
}

/** Message keys of the /offer/message and /message pages (spec §8). */
export const MESSAGE_KEYS = ['closedJob', 'genericError', 'invitationExpired', 'contactSupport', 'disabledCookies', 'testCompleted'] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];
