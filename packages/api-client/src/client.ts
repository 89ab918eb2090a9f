import type { Locale } from '@rec/core';
import { createFetch, type FetchOptions } from 'ofetch';
import { ApiError, errorDetailsOf, errorFieldsOf, errorKeyOf } from './api-error';
import { type QueryObject, withQueryString } from './query';

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the API, e.g. `https://jobs.example.com`. */
  baseURL: string;
  /** Read on every call, so a locale change applies to the next request. */
  getLocale: () => Locale | string;
  /** Defaults to the global fetch, looked up on each call (tests replace it). */
  fetch?: typeof globalThis.fetch;
  /** Retries of idempotent calls on 408/429/5xx (ofetch's default is 1). */
  retry?: number;
}

export interface RequestOptions {
  query?: QueryObject;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  readonly baseURL: string;
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function hasResponse(error: unknown): error is { response: Response; data?: unknown; status?: number } {
  return !!error && typeof error === 'object' && 'response' in error && !!(error as { response?: unknown }).response;
}

/**
 * The one HTTP client of the clients (spec §7): base URL, `Accept-Language` with the current
 * locale on every call, bracket-notation queries, and failures as {@link ApiError}.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl: typeof globalThis.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const $fetch = createFetch({ fetch: fetchImpl });
  const baseURL = options.baseURL.replace(/\/+$/, '');

  async function request<T>(method: string, path: string, { query, body, headers, signal }: RequestOptions = {}): Promise<T> {
    const init: FetchOptions<'json'> = {
      method,
      baseURL,
      headers: { Accept: 'application/json', ...headers, 'Accept-Language': String(options.getLocale()) },
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(signal ? { signal } : {}),
      ...(body === undefined ? {} : { body: body as FetchOptions['body'] }),
    };
    try {
      return (await $fetch<T>(withQueryString(path, query), init)) as T;
    } catch (error) {
      if (hasResponse(error)) throw new ApiError(error.response.status, errorKeyOf(error.data), { cause: error }, errorFieldsOf(error.data), errorDetailsOf(error.data));
      throw new ApiError(0, undefined, { cause: error });
    }
  }

  return {
    baseURL,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
