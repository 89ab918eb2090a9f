import * as v from 'valibot';
import { ERROR_KEYS } from './errors';
import { hasControlCharacters, isRealTimestampDate } from './plain-text';

/** valibot check: no control characters or lone surrogates (400 `errors.controlCharacters` on the server). */
export const plainText = () => v.check((text: string) => !hasControlCharacters(text), ERROR_KEYS.controlCharacters);

/** valibot check after isoTimestamp: the day exists (400 `errors.invalidDate`). */
export const realTimestampDate = () => v.check(isRealTimestampDate, ERROR_KEYS.invalidDate);
