import { QUERY } from '@rec/core';

/** A value the query serialiser accepts; `undefined` entries are left out. */
export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

export interface QueryLimits {
  depth: number;
  parameterLimit: number;
  arrayLimit: number;
}

/** Thrown when a query would exceed the limits the server parses (spec §9); a silent cut would change the request's meaning. */
export class QueryLimitError extends RangeError {
  override name = 'QueryLimitError';
}

function encode(text: string): string {
  return encodeURIComponent(text);
}

function scalar(value: string | number | boolean | Date | null): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Serialises a query object in bracket notation (`categories[]=A&categories[]=B`, `a[b][c]=1`),
 * the form the API parses. Arrays of scalars use `[]`, arrays of objects use indices
 * (`f[0][x]=1`) so items stay together. Brackets are left unencoded: they are legal in a query.
 */
export function stringifyQuery(query: QueryObject | undefined, limits: QueryLimits = QUERY): string {
  if (!query) return '';
  const pairs: string[] = [];

  const push = (key: string, value: string) => {
    if (pairs.length >= limits.parameterLimit) {
      throw new QueryLimitError(`query has more than ${limits.parameterLimit} parameters`);
    }
    pairs.push(`${key}=${encode(value)}`);
  };

  const walk = (key: string, value: QueryValue, depth: number): void => {
    if (value === undefined) return;
    if (depth > limits.depth) throw new QueryLimitError(`query key "${key}" is nested deeper than ${limits.depth}`);
    if (Array.isArray(value)) {
      if (value.length > limits.arrayLimit) {
        throw new QueryLimitError(`query array "${key}" has more than ${limits.arrayLimit} items`);
      }
      const nested = value.some((item) => Array.isArray(item) || (item !== null && typeof item === 'object' && !(item instanceof Date)));
      value.forEach((item, index) => {
        walk(nested ? `${key}[${index}]` : `${key}[]`, item, depth + 1);
      });
      return;
    }
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [child, childValue] of Object.entries(value)) walk(`${key}[${encode(child)}]`, childValue, depth + 1);
      return;
    }
    push(key, scalar(value));
  };

  for (const [key, value] of Object.entries(query)) walk(encode(key), value, 0);
  return pairs.join('&');
}

/** `path` with the serialised query appended (after any query the path already has). */
export function withQueryString(path: string, query: QueryObject | undefined): string {
  const search = stringifyQuery(query);
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}
