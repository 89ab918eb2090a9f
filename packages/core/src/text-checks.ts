import * as v from 'valibot';
import { ERROR_KEYS } from './errors';
import { hasControlCharacters } from './plain-text';

/** valibot check: no control characters or lone surrogates (400 `errors.controlCharacters` on the server). */
export const plainText = () => v.check((text: string) => !hasControlCharacters(text), ERROR_KEYS.controlCharacters);
