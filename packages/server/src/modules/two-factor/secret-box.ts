import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * TOTP secrets must be readable by the server (a code is computed from them), so they cannot be
 * hashed like tokens; they are kept as AES-256-GCM boxes `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * The key is TWO_FACTOR_KEY (32 bytes, base64 or hex) when set, so a database dump alone does not
 * reveal them; otherwise one random key is generated once and kept in `two_factor_keys`, shared
 * by every instance on the database (a dump then holds both: set TWO_FACTOR_KEY in production).
 */
export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string | undefined>;
}

const VERSION = 'v1';

export function parseKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('TWO_FACTOR_KEY must be 32 bytes, base64 or hex');
  return key;
}

export function createSecretBox(db: Kysely<Database>, configuredKey?: string): SecretBox {
  let key: Promise<Buffer> | undefined = configuredKey ? Promise.resolve(parseKey(configuredKey)) : undefined;
  const keyOf = () => {
    key ??= (async () => {
      // Two instances starting at once: the first insert wins, both read the same row.
      await db.insertInto('two_factor_keys').values({ id: 1, key: randomBytes(32).toString('base64') }).onConflict((c) => c.doNothing()).execute();
      const row = await db.selectFrom('two_factor_keys').select('key').where('id', '=', 1).executeTakeFirstOrThrow();
      return parseKey(row.key);
    })().catch((error) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    async seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    /** The secret, or undefined for a box another key sealed (or a damaged one). */
    async open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', await keyOf(), Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
