import * as v from 'valibot';

/** Entity ids are 24 lower-case hexadecimal characters (the `_id` form of spec §3). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

export const ObjectIdSchema = v.pipe(v.string(), v.regex(OBJECT_ID_PATTERN, 'errors.objectId'));

/**
 * A referral code, as referral links carry it (`?ref=`). Here rather than with the application
 * fields: the public widgets read it from the page, and this module is already in their bundle.
 */
export const REFERRAL_CODE = /^[A-Za-z0-9_-]{4,40}$/;
