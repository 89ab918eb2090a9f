import * as v from 'valibot';
import { PasskeyAssertionSchema, type PasskeySummary } from './passkeys';

/**
 * Two-factor sign-in (issue 32): TOTP (RFC 6238) with recovery codes, "remember this device",
 * and the company's security policy. The request schemas are used by the server's routes and the
 * host's forms alike.
 */

/** Six digits, as every authenticator app shows them; spaces the user typed are dropped. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const REMEMBER_DEVICE_DAYS = 30;
/** The company's session lifetime bounds (issue 32); 30 days is the platform's lifetime before policies existed. */
export const SESSION_DAYS_MIN = 1;
export const SESSION_DAYS_MAX = 30;
export const DEFAULT_SESSION_DAYS = 30;

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`): spaces and case forgiven. */
export const SecondFactorCodeSchema = v.pipe(
  v.string(),
  v.maxLength(40),
  v.transform((value) => value.replace(/\s+/g, '')),
  v.regex(/^(?:\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'twoFactor.errors.wrongCode'),
);

export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/** `POST /auth/two-factor/verify`: finishes a half-signed-in session. */
export const SecondFactorVerifyBodySchema = v.strictObject({
  code: SecondFactorCodeSchema,
  /** Set the 30-day "remember this device" cookie. */
  rememberDevice: v.optional(v.boolean()),
});
export type SecondFactorVerifyBody = v.InferOutput<typeof SecondFactorVerifyBodySchema>;

/** `POST /v2/me/two-factor/totp/confirm`: the first code from the app confirms the enrolment. */
export const TotpConfirmBodySchema = v.strictObject({
  code: v.pipe(v.string(), v.maxLength(20), v.transform((value) => value.replace(/\s+/g, '')), v.regex(/^\d{6}$/, 'twoFactor.errors.wrongCode')),
});
export type TotpConfirmBody = v.InferOutput<typeof TotpConfirmBodySchema>;

/**
 * Re-authentication before removing a factor or replacing the recovery codes: the account's
 * password, a current code (TOTP or recovery code), or a passkey's answer to the challenge of
 * `POST /v2/me/two-factor/reauth/passkey/options` (for a person without a password too): exactly one of them.
 */
export const ReauthenticationBodySchema = v.pipe(
  v.strictObject({
    password: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(1024))),
    code: v.optional(SecondFactorCodeSchema),
    credential: v.optional(PasskeyAssertionSchema),
  }),
  v.check((body) => [body.password, body.code, body.credential].filter((value) => value !== undefined).length === 1, 'errors.badRequest'),
);
export type ReauthenticationBody = v.InferOutput<typeof ReauthenticationBodySchema>;

/** `PATCH /v2/companies/settings/security`: the company's sign-in policy. */
export const CompanySecurityPatchSchema = v.strictObject({
  requireTwoFactor: v.optional(v.boolean()),
  sessionDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(SESSION_DAYS_MIN), v.maxValue(SESSION_DAYS_MAX))),
});
export type CompanySecurityPatch = v.InferOutput<typeof CompanySecurityPatchSchema>;

export interface CompanySecurity {
  requireTwoFactor: boolean;
  sessionDays: number;
}

/** The policy from `companies.settings.security` (jsonb), defaults filled; a bad stored value falls back. */
export function companySecurityOf(settings: Record<string, unknown> | null | undefined): CompanySecurity {
  const stored = (settings?.security ?? {}) as Record<string, unknown>;
  const days = stored.sessionDays;
  return {
    requireTwoFactor: stored.requireTwoFactor === true,
    sessionDays: typeof days === 'number' && Number.isInteger(days) && days >= SESSION_DAYS_MIN && days <= SESSION_DAYS_MAX ? days : DEFAULT_SESSION_DAYS,
  };
}

/** Who requires a person to have a second factor: the platform (every admin) or their company. */
export type TwoFactorRequirement = 'admin' | 'company';

/** What the account page shows (`GET /v2/me/two-factor`). */
export interface TwoFactorStatus {
  /** A confirmed TOTP factor (the authenticator app). */
  enrolled: boolean;
  enrolledAt: string | null;
  /** Unused recovery codes: they serve whoever has a factor, an authenticator app or passkeys only. */
  recoveryCodesLeft: number;
  /** The person must keep a factor (the last one cannot be removed). */
  required: boolean;
  /** Why: an admin always, a recruiter when the company requires it; null when nobody does. */
  requiredBy: TwoFactorRequirement | null;
  /** The person's passkeys (each one counts as a factor too). */
  passkeys: PasskeySummary[];
  /** Whether the account has a password (re-authentication offers it; otherwise a passkey confirms). */
  hasPassword: boolean;
}

/** `POST /v2/me/two-factor/totp`: a new secret, shown until confirmed. */
export interface TotpEnrolment {
  /** Base32, for manual entry in the app. */
  secret: string;
  /** otpauth://totp/… */
  uri: string;
  /** The URI as a QR code, an SVG document. */
  qrSvg: string;
}

/** Where a half-signed-in session stands: the code to enter, or the enrolment required (of an admin, or by the company). */
export type SecondFactorStep = 'verify' | 'enrol';
