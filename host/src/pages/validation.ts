/** A pragmatic email check for the forms (the server has the last word). */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

export { PASSWORD_MIN_LENGTH } from '@rec/core';
