/**
 * The spec §5 rules of the referral form, as the server applies them to `POST /v2/referrals`
 * (packages/core: ReferralRequestSchema, the rule engine of form-rules.ts and plain-text.ts):
 * no control characters, required, e-mail pattern, at most 120 / 254 characters. Written out here
 * because the schema brings valibot and the engine every other rule into this small chunk;
 * referral.test.ts checks that both give the same key on sample inputs.
 */
export type ReferralField = 'name' | 'email';

/** Longest value, in characters, per field. */
export const REFERRAL_MAX: Record<ReferralField, number> = { name: 120, email: 254 };

// As packages/core/src/form-rules.ts and plain-text.ts.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_PLAIN = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F]|\p{Cs}/u;

/** The `errors.*` key of the first rule the (trimmed, as sent) value fails, or undefined. */
export function referralFieldError(field: ReferralField, value: string): string | undefined {
  const text = value.trim();
  if (NOT_PLAIN.test(text)) return 'errors.controlCharacters';
  if (!text) return 'errors.required';
  if (field === 'email' && !EMAIL.test(text)) return 'errors.email';
  if ([...text].length > REFERRAL_MAX[field]) return 'errors.max';
  return undefined;
}
