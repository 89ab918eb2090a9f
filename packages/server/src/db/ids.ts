import { randomBytes } from 'node:crypto';

/**
 * A new entity id: 24 lower-case hex characters shaped like a MongoDB ObjectId (4 bytes of
 * seconds since the epoch, then 8 random bytes), so ids sort roughly by creation time and match
 * the `_id` form clients validate (OBJECT_ID_PATTERN in @rec/core).
 */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000) >>> 0;
  return seconds.toString(16).padStart(8, '0') + randomBytes(8).toString('hex');
}
