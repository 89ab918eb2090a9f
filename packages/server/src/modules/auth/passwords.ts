import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto), stored self-describing as
 * `scrypt$N$r$p$<salt base64url>$<hash base64url>` so the cost can rise later without
 * invalidating stored hashes: verification always uses the parameters of the stored string.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** N=2^17, r=8, p=1: ~128 MiB and a few hundred milliseconds per hash. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** scrypt needs 128 * N * r bytes; allow twice the default so a raised N still fits. */
const MAX_MEMORY = 256 * 1024 * 1024 + 1024 * 1024;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

export function parsePasswordHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds so a corrupted row cannot make one sign-in allocate gigabytes.
  if (!isPowerOfTwo(N) || N > 2 ** 18 || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || key.length < 16) return undefined;
  return { params: { N, r, p }, salt, key };
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/**
 * A hasher bound to one cost. Production uses DEFAULT_SCRYPT; tests may pass a lower N through
 * the explicit `scryptCost` option of buildApp (refused in production). `dummyHash` is what an
 * unknown email is verified against, so the answer takes as long as for a known one.
 */
export function createPasswordHasher(params: ScryptParams = DEFAULT_SCRYPT) {
  let dummy: Promise<string> | undefined;
  return {
    params,
    hash: (password: string) => hashPassword(password, params),
    verify: verifyPassword,
    /** Verifies against a hash of a random password: always false, in about the same time. */
    async verifyDummy(password: string): Promise<false> {
      dummy ??= hashPassword(randomBytes(16).toString('hex'), params);
      await verifyPassword(password, await dummy);
      return false;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
