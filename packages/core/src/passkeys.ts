import * as v from 'valibot';

/**
 * Passkeys (WebAuthn, issue 32): as a second factor after the password, and as a password-less
 * sign-in. The bodies carry the browser's credential as JSON (base64url fields, the shape of
 * `PublicKeyCredential.toJSON()` and of @simplewebauthn/browser); the server verifies them.
 */

export const PASSKEY_NAME_MAX = 60;

/** What the person calls the passkey ("Work laptop"); spaces trimmed, never empty. */
export const PasskeyNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PASSKEY_NAME_MAX));

const base64Url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*$/));

/** Extension results are passed through to the verifier; only their size is bounded here. */
const ExtensionResultsSchema = v.optional(v.record(v.pipe(v.string(), v.maxLength(64)), v.unknown()), {});

/** What both ceremonies' answers carry beside their `response`. */
const credentialFields = {
  id: base64Url(1400),
  rawId: base64Url(1400),
  type: v.literal('public-key'),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: ExtensionResultsSchema,
};

/** `navigator.credentials.create()`'s answer, as JSON. */
export const PasskeyAttestationSchema = v.object({
  ...credentialFields,
  response: v.object({
    clientDataJSON: base64Url(4096),
    attestationObject: base64Url(32_768),
    authenticatorData: v.optional(base64Url(16_384)),
    transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(10))),
    publicKeyAlgorithm: v.optional(v.number()),
    publicKey: v.optional(base64Url(4096)),
  }),
});

/** `navigator.credentials.get()`'s answer, as JSON. */
export const PasskeyAssertionSchema = v.object({
  ...credentialFields,
  response: v.object({
    clientDataJSON: base64Url(4096),
    authenticatorData: base64Url(16_384),
    signature: base64Url(2048),
    userHandle: v.optional(base64Url(256)),
  }),
});

/** `POST /v2/me/two-factor/passkeys`: a new passkey from the registration options, and its name. */
export const PasskeyRegisterBodySchema = v.strictObject({ name: PasskeyNameSchema, credential: PasskeyAttestationSchema });
export type PasskeyRegisterBody = v.InferOutput<typeof PasskeyRegisterBodySchema>;

/** `POST /auth/two-factor/passkey` and `POST /auth/passkey/sign-in`: the signed challenge. */
export const PasskeyAssertionBodySchema = v.strictObject({ credential: PasskeyAssertionSchema });
export type PasskeyAssertionBody = v.InferOutput<typeof PasskeyAssertionBodySchema>;

/** `PATCH /v2/me/two-factor/passkeys/:passkeyId`. */
export const PasskeyRenameBodySchema = v.strictObject({ name: PasskeyNameSchema });
export type PasskeyRenameBody = v.InferOutput<typeof PasskeyRenameBodySchema>;

export const PasskeyParamsSchema = v.strictObject({ passkeyId: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)) });
export type PasskeyParams = v.InferOutput<typeof PasskeyParamsSchema>;

/** A passkey as the account page lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What the half-signed-in page may offer (`GET /auth/two-factor`). */
export interface SecondFactorMethods {
  /** A TOTP factor (and so recovery codes) is set up. */
  totp: boolean;
  /** At least one passkey is registered. */
  passkey: boolean;
  /** Unused recovery codes exist (a passkey-only person has them too): the page offers the code field. */
  recoveryCodes: boolean;
}
