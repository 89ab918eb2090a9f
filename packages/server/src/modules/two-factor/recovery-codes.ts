import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@rec/core';

/** No look-alikes (i, l, o, u): a code copied from paper is typed right. 32 symbols, 5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';

/** One code: 10 symbols (50 random bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const symbols = [...randomBytes(10)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/**
 * What the database keeps: SHA-256 like every other token of the platform, over the identity and
 * the code as typed without dash or case, so one table-wide hash list says nothing across people.
 */
export function recoveryCodeHash(email: string, code: string): string {
  return createHash('sha256').update(`${email}:${code.replace(/-/g, '').toLowerCase()}`).digest('hex');
}
