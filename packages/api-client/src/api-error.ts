import { ERROR_KEYS } from '@rec/core';

/** A translation key such as `board.notFound` or `genericErrorTitle`; never raw server text. */
const KEY_PATTERN = /^[A-Za-z][\w-]*(\.[\w-]+)*$/;

/** A failed API call: its HTTP status (0 when no response came) and the translation key of the reason. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly key: string;
  /** For a 400 on a form: field -> translation key of its failed rule. */
  readonly fields: Readonly<Record<string, string>>;
  /** Plain values the answer gives to help (a spent magic link's `email`). */
  readonly details: Readonly<Record<string, string>>;

  constructor(status: number, key: string = ERROR_KEYS.generic, options?: { cause?: unknown }, fields: Readonly<Record<string, string>> = {}, details: Readonly<Record<string, string>> = {}) {
    super(`API error ${status}: ${key}`, options);
    this.status = status;
    this.key = key;
    this.fields = fields;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The error key of an API error body `{ statusCode, error }`. Anything that is not a key
 * (a framework's "Not Found", an HTML error page) falls back to the generic title.
 */
export function errorKeyOf(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const key = (body as { error: unknown }).error;
    if (typeof key === 'string' && KEY_PATTERN.test(key)) return key;
  }
  return ERROR_KEYS.generic;
}

/** The `fields` of an error body, keeping only key-shaped values. */
export function errorFieldsOf(body: unknown): Record<string, string> {
  const fields = body && typeof body === 'object' && 'fields' in body ? (body as { fields: unknown }).fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && KEY_PATTERN.test(entry[1])));
}

/** The `details` of an error body: string values only. */
export function errorDetailsOf(body: unknown): Record<string, string> {
  const details = body && typeof body === 'object' && 'details' in body ? (body as { details: unknown }).details : undefined;
  if (!details || typeof details !== 'object') return {};
  return Object.fromEntries(Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The translation key of any thrown value: an ApiError's key, else the generic title. */
export function errorKeyFromUnknown(error: unknown): string {
  return isApiError(error) ? error.key : ERROR_KEYS.generic;
}
