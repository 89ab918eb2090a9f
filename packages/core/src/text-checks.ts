import * as v from 'valibot';
import { ERROR_KEYS } from './errors';
import { isPersonName, PERSON_NAME_ERROR } from './person-name';
import { hasControlCharacters } from './plain-text';

/** valibot check: no control characters or lone surrogates (400 `errors.controlCharacters` on the server). */
export const plainText = () => v.check((text: string) => !hasControlCharacters(text), ERROR_KEYS.controlCharacters);

/** A first or last name of an account or a candidate: 1 to 100 characters, one line, no link (400 `errors.personName`). */
export const PersonNameSchema = v.pipe(v.string(), plainText(), v.trim(), v.minLength(1), v.maxLength(100), v.check(isPersonName, PERSON_NAME_ERROR));
