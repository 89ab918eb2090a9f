/**
 * Error keys carried by API errors and shown through i18next (`errors.*` / feature keys).
 * The server answers `{ statusCode, error: <key> }`; clients translate the key.
 */
export const ERROR_KEYS = {
  generic: 'genericErrorTitle',
  badRequest: 'errors.badRequest',
  /** A text value carries U+0000, another control character or a lone surrogate. */
  controlCharacters: 'errors.controlCharacters',
  /** A date that does not exist (2026-02-30) or lies outside the years the platform accepts. */
  invalidDate: 'errors.invalidDate',
  /** A person's name with a line break or something a mail client would link (issue 24). */
  personName: 'errors.personName',
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
  /** A magic link already used, or past its time (issue 25): the answer names the email, for a new link. */
  magicLinkUsed: 'auth.magicLinkUsed',
  magicLinkExpired: 'auth.magicLinkExpired',
  invitationExpired: 'auth.invitationExpired',
  /** The invited e-mail already has an account: it joins by signing in with it, never by setting a new password (issue 24, L7). */
  invitationSignIn: 'auth.invitationSignIn',
  recruiterNotFound: 'recruiter.notFound',
  companyNotFound: 'company.notFound',
  openingNotFound: 'opening.notFound',
  openingInvalidTransition: 'opening.invalidTransition',
  openingDeleteUnavailable: 'opening.deleteUnavailable',
  openingNotArchived: 'opening.notArchived',
  openingApplicationsRetained: 'opening.applicationsRetained',
  openingReferenceCodeTaken: 'opening.referenceCodeTaken',
  postingNotFound: 'posting.notFound',
  /** A CLOSED posting, or a posting of an ARCHIVED opening, cannot be edited. */
  postingNotEditable: 'posting.notEditable',
  /** Publishing in a language the company wrote no privacy notice in needs `confirmMissingPrivacyNotice` (issue 25). */
  postingPrivacyNoticeMissing: 'posting.privacyNoticeMissing',
  fileNotFound: 'file.notFound',
  uploadStorageFull: 'upload.storageFull',
  uploadLimitReached: 'upload.limitReached',
  /** An Idempotency-Key (or submission id) already used on this offer with another form. */
  idempotencyKeyReused: 'application.idempotencyKeyReused',
  /** An upload's name carries control characters. */
  invalidFileName: 'offerPage.invalidFileName',
  // Analytics dashboards (issue 14), translated under `analytics.errors` in locales/app.
  dashboardNotFound: 'analytics.errors.notFound',
  dashboardInvalid: 'analytics.errors.invalidDashboard',
  dashboardInvalidQuery: 'analytics.errors.invalidQuery',
  dashboardRecruiterNotFound: 'analytics.errors.recruiterNotFound',
  // Company settings (issue 13), translated under their own sections in locales/app.
  logoNotFound: 'logos.errors.notFound',
  logoNameTaken: 'logos.errors.nameTaken',
  logoTooLarge: 'logos.errors.tooLarge',
  logoType: 'logos.errors.type',
  mailTemplateInvalid: 'mailTemplates.errors.invalid',
  // Team, account and admin (issue 13).
  /** Spec §5 rule `confirmed`: the repetition differs. */
  confirmed: 'errors.confirmed',
  /** Spec §5 rule `differentPasswords`: the new password equals the current one. */
  differentPasswords: 'errors.differentPasswords',
  currentPasswordWrong: 'errors.currentPasswordWrong',
  /** The company's last owner cannot be removed or given another role. */
  lastOwner: 'errors.lastOwner',
  alreadyMember: 'errors.alreadyMember',
  invitationNotFound: 'errors.invitationNotFound',
  sessionNotFound: 'errors.sessionNotFound',
  /** An admin suspended the company: its recruiters cannot sign in. */
  companySuspended: 'errors.companySuspended',
  // Two-factor sign-in (issue 32), translated under `twoFactor.errors` in locales/app.
  /** The password was right; a TOTP or recovery code must follow (the session is not complete yet). */
  secondFactorRequired: 'twoFactor.errors.required',
  /** An admin, or a member of a company that requires two-factor, has no factor: enrol before anything else. */
  enrolmentRequired: 'twoFactor.errors.enrolmentRequired',
  /** A wrong, replayed or used-up TOTP or recovery code. */
  wrongCode: 'twoFactor.errors.wrongCode',
  /** Enrolment asked for while a factor is already confirmed, or confirmed without a started enrolment. */
  alreadyEnrolled: 'twoFactor.errors.alreadyEnrolled',
  notEnrolled: 'twoFactor.errors.notEnrolled',
  /** Re-authentication (password, current code or passkey) before removing a factor or new recovery codes failed. */
  reauthenticationFailed: 'twoFactor.errors.reauthenticationFailed',
  /** The company requires two-factor: its member cannot remove their only factor. */
  twoFactorRequiredByCompany: 'twoFactor.errors.requiredByCompany',
  /** Admins must keep a second factor: an admin cannot remove their only one. */
  twoFactorRequiredForAdmins: 'twoFactor.errors.requiredForAdmins',
  // Single sign-on (issue 32), translated under `sso.errors` in locales/app.
  /** The company's members sign in through its identity provider: passwords are refused. */
  ssoRequired: 'sso.errors.ssoRequired',
  /** The e-mail's domain has no SSO (start of a sign-in), or the company has none set up. */
  ssoNotConfigured: 'sso.errors.notConfigured',
  /** Another company already signs in this domain through its IdP. */
  ssoDomainTaken: 'sso.errors.domainTaken',
  /** A public mail domain (gmail.com…) cannot be one company's. */
  ssoDomainPublic: 'sso.errors.domainPublic',
  /** http issuers are for development on this machine only. */
  ssoIssuerInsecure: 'sso.errors.issuerInsecure',
  /** The first setting needs the client secret. */
  ssoSecretRequired: 'sso.errors.secretRequired',
  /** The issuer's discovery document could not be fetched or read. */
  ssoDiscoveryFailed: 'sso.errors.discoveryFailed',
  /** The sign-in attempt is unknown, used, expired or from another browser. */
  ssoStateInvalid: 'sso.errors.stateInvalid',
  /** The IdP's answer did not verify (token, nonce, PKCE) or the IdP refused. */
  ssoFailed: 'sso.errors.failed',
  ssoEmailNotVerified: 'sso.errors.emailNotVerified',
  ssoDomainNotAllowed: 'sso.errors.domainNotAllowed',
  /** The issuer (or a URL it leads to) is no public https address: loopback, private network, metadata service (SSRF guard). */
  ssoIssuerNotAllowed: 'sso.errors.issuerNotAllowed',
  /** The company has no claim on this domain (verification asked for a domain not in its list). */
  ssoDomainNotClaimed: 'sso.errors.domainNotClaimed',
  /** No TXT record `rec-domain-verification=…` at `_rec-verification.<domain>`. */
  ssoDomainRecordMissing: 'sso.errors.domainRecordMissing',
  /** A verification record is there, but with another token. */
  ssoDomainRecordMismatch: 'sso.errors.domainRecordMismatch',
  /** The DNS lookup itself failed (no answer, server failure): try again later. */
  ssoDomainLookupFailed: 'sso.errors.domainLookupFailed',
  /** A passkey's answer did not verify: wrong origin or site, expired or used challenge, bad signature, a counter that went back, someone else's passkey. */
  passkeyRejected: 'twoFactor.errors.passkeyRejected',
  /** No passkey of the signed-in person has this id. */
  passkeyNotFound: 'twoFactor.errors.passkeyNotFound',
  /** A passkey was asked for at sign-in by a person who has none. */
  noPasskey: 'twoFactor.errors.noPasskey',
  /** The picture's content is not the image type it claims. */
  pictureContent: 'errors.pictureContent',
  // Candidate portal and appointments (issue 12), translated under `appointments.errors` in locales/app.
  appointmentCancelled: 'appointments.errors.cancelled',
  appointmentUnknownSlot: 'appointments.errors.unknownSlot',
  appointmentSlotInPast: 'appointments.errors.slotInPast',
  // The candidate page (issue 11).
  candidateNotFound: 'errors.candidateNotFound',
  /** A Range header the file cannot satisfy (416). */
  rangeNotSatisfiable: 'errors.rangeNotSatisfiable',
  // The pipeline and decisions (issue 11), translated under `pipeline.errors` in locales/app.
  applicationNotFound: 'pipeline.errors.applicationNotFound',
  /** Moving into the rejected stage goes through reject (a reason, maybe a mail). */
  stageUseReject: 'pipeline.errors.useReject',
  stageUnknown: 'pipeline.errors.unknownStage',
  alreadyRejected: 'pipeline.errors.alreadyRejected',
  /** A candidate cannot withdraw an application that is already decided (hired or rejected). */
  applicationClosed: 'portal.errors.applicationClosed',
  // Talent pools (issue 13), translated under `talentPools.errors` in locales/app.
  talentPoolNotFound: 'talentPools.errors.notFound',
  talentPoolNameTaken: 'talentPools.errors.nameTaken',
  // Webhooks (issue 30), translated under `webhooks.errors` in locales/app.
  webhookNotFound: 'webhooks.errors.notFound',
  webhookDeliveryNotFound: 'webhooks.errors.deliveryNotFound',
  /** The URL is not https, or names an address outside the public internet (the outbound guard). */
  webhookUrlRefused: 'webhooks.errors.urlRefused',
  webhookTooMany: 'webhooks.errors.tooMany',
  // API keys (issue 30), translated under `apiKeys.errors` in locales/app.
  apiKeyNotFound: 'apiKeys.errors.notFound',
  /** The bearer key is unknown, revoked or expired. */
  apiKeyInvalid: 'apiKeys.errors.invalid',
  /** The key's scopes do not cover this route or method (a read-only key writing, a resource it was not given). */
  apiKeyScope: 'apiKeys.errors.scope',
  /** Team, settings, integrations, key management and the account stay for signed-in people. */
  apiKeySessionOnly: 'apiKeys.errors.sessionOnly',
} as const;

/** Error keys of the step flow (translated under "steps" in every locale). */
export const STEP_ERROR_KEYS = {
  notFound: 'steps.errors.notFound',
  invalidTransition: 'steps.errors.invalidTransition',
  answers: 'steps.errors.answers',
  notFinished: 'steps.errors.notFinished',
  /** The candidate withdrew the application: its steps stopped. */
  withdrawn: 'steps.errors.withdrawn',
  permissionRequired: 'steps.errors.permissionRequired',
  applicationNotFound: 'steps.errors.applicationNotFound',
  badVideo: 'steps.errors.badVideo',
  uploadOffset: 'steps.errors.uploadOffset',
  retakesUsed: 'steps.errors.retakesUsed',
  processEmpty: 'steps.errors.processEmpty',
  processTooLong: 'steps.errors.processTooLong',
  productTwice: 'steps.errors.productTwice',
  duplicateQuestion: 'steps.errors.duplicateQuestion',
  choicesRequired: 'steps.errors.choicesRequired',
  textRequired: 'steps.errors.textRequired',
  choice: 'steps.errors.choice',
  number: 'steps.errors.number',
} as const;
export type StepErrorKey = (typeof STEP_ERROR_KEYS)[keyof typeof STEP_ERROR_KEYS];

export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS] | StepErrorKey;

export interface ApiErrorBody {
  statusCode: number;
  error: string;
  /** Plain values a client needs to help (a spent magic link's email), never a message. */
  details?: Record<string, string>;
}

/** Message keys of the /offer/message and /message pages (spec §8). */
export const MESSAGE_KEYS = ['closedJob', 'genericError', 'invitationExpired', 'contactSupport', 'disabledCookies', 'testCompleted', 'dataRemoved', 'applicationWithdrawn'] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];
