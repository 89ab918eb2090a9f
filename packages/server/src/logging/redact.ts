/**
 * Secrets censored in every log line that is written. The request serializer logs no headers
 * at all and errors go through safeError; this is the second line of defence for anything that
 * logs a request, a reply, a body or an account by hand.
 *
 * It runs as pino's `formatters.log`, that is on the lines actually written, after the level
 * check: pino's own `redact` option compiles path matchers that also run on every child logger
 * (one per request, for its request id) and on every line, which cost 11.5% of the public API's
 * CPU under load (issue 27). Here a key is a secret at any depth (pino's paths went one level down).
 */

export const REDACTED = '[redacted]';

/** Key names (compared in lower case) whose values never reach a log. */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'cookie',
  'set-cookie',
  'authorization',
  'x-api-key',
  'password',
  'newpassword',
  'currentpassword',
  'passwordhash',
  'password_hash',
  'token',
  'sessiontoken',
  'idempotencykey',
  'secret',
  'clientsecret',
]);

/** Deeper objects are cut: a log line is no place for them, and the walk stays bounded. */
const MAX_DEPTH = 8;

/** Plain objects and arrays only: a request, a reply, an Error or a Buffer is left to its serializer. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || !isPlain(value)) return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const redacted = redactValue(item, depth + 1);
      if (redacted !== item) {
        copy ??= value.slice();
        copy[index] = redacted;
      }
    }
    return copy ?? value;
  }
  return redactObject(value as Record<string, unknown>, depth);
}

function redactObject(object: Record<string, unknown>, depth: number): Record<string, unknown> {
  // Copy on first change: the caller's object is never modified, and a clean line costs no copy.
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    const redacted = SECRET_KEYS.has(key.toLowerCase()) && value !== undefined ? REDACTED : redactValue(value, depth + 1);
    if (redacted !== value) {
      copy ??= { ...object };
      copy[key] = redacted;
    }
  }
  return copy ?? object;
}

/** The object logged with a line, secrets censored (a copy when anything was; the same object otherwise). */
export function redactSecrets(object: Record<string, unknown>): Record<string, unknown> {
  return redactObject(object, 0);
}
