import { type ApiClient, createApiClient } from '@rec/api-client';
import { DEFAULT_LOCALE } from '@rec/core';
import { atom } from 'nanostores';

/** The locale the host currently shows (App sets it); every API call carries it. */
export const $locale = atom<string>(DEFAULT_LOCALE);

/** The host's one API client: same origin as the app (the server hosts both). */
export const api: ApiClient = createApiClient({
  baseURL: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  getLocale: () => $locale.get(),
});
