import * as v from 'valibot';
import { ERROR_KEYS } from './errors';
import { isRealTimestampDate } from './plain-text';

/**
 * The one date schema every API field uses (issue 24, L3). A day or a timestamp outside these years
 * is a typo or an attack: `0000-01-01` does not exist for PostgreSQL, `9999-12-31T23:59:59-16:00`
 * lands in year 10000 (JavaScript prints `+010000-…`, PostgreSQL refuses it) and offsets beyond
 * ±14:00 exist nowhere. All of them answer 400 `errors.invalidDate` instead of a 500.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2999;
/** The widest offset any time zone uses (Line Islands, +14:00). */
const MAX_OFFSET_MINUTES = 14 * 60;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

function yearInRange(year: number): boolean {
  return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
}

/** `YYYY-MM-DD`: a day that exists, between DATE_MIN_YEAR and DATE_MAX_YEAR. */
export function isBoundedDay(text: string): boolean {
  const match = DAY.exec(text);
  return !!match && yearInRange(Number(match[1])) && isRealTimestampDate(`${text}T`);
}

/** An ISO 8601 timestamp: a real day and time, an offset of at most ±14:00, its instant within the years. */
export function isBoundedTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match || !isRealTimestampDate(text) || !yearInRange(Number(match[1]))) return false;
  if (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6]) > 59) return false;
  const offset = match[7] ?? 'Z';
  if (offset.toUpperCase() !== 'Z') {
    const digits = offset.replace(':', '');
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5) || '0');
    if (minutes > 59 || hours * 60 + minutes > MAX_OFFSET_MINUTES) return false;
  }
  const instant = Date.parse(text.replace(' ', 'T'));
  return !Number.isNaN(instant) && yearInRange(new Date(instant).getUTCFullYear());
}

/** A bounded day (`2026-03-01`); `message` is the key a form shows. isoDate first: the API document says `format: date`. */
export const daySchema = (message: string = ERROR_KEYS.invalidDate) => v.pipe(v.string(message), v.isoDate(message), v.check(isBoundedDay, message));

/** A bounded ISO 8601 timestamp (`2026-03-01T09:00:00+01:00`). */
export const timestampSchema = (message: string = ERROR_KEYS.invalidDate) =>
  v.pipe(v.string(message), v.isoTimestamp(message), v.check(isBoundedTimestamp, message));
