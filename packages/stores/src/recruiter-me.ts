import { type ApiClient, fetchRecruiterMe, type RecruiterMe } from '@rec/api-client';
import { atom } from 'nanostores';
import { type KeyValueStorage, readJson, removeKey, writeJson } from './storage';

/** Spec §3 Recruiter-me store: the resource, a version counter (bumped on every load), favourites. */
export interface RecruiterMeState {
  resource: RecruiterMe | null;
  version: number;
  favourites: string[];
}

export const RECRUITER_ME_STORAGE_KEY = 'rec.recruiterMe';

export const $recruiterMe = atom<RecruiterMeState>({ resource: null, version: 0, favourites: [] });

/** The signed-in recruiter (the same resource as $recruiterMe, for components that only need it). */
export const $recruiter = atom<RecruiterMe | null>(null);

/** What may sit in local storage: the recruiter without notification settings and pending actions. */
export function storableRecruiter(me: RecruiterMe): RecruiterMe {
  const { pendingActions: _pending, settings, ...rest } = me;
  if (!settings) return rest;
  const { notifications: _notifications, ...keptSettings } = settings;
  return { ...rest, settings: keptSettings };
}

/** Full name, empty unless both first and last exist (spec §3). */
export function fullNameOf(me: Pick<RecruiterMe, 'name' | 'fullName'> | null | undefined): string {
  const first = me?.name?.first?.trim();
  const last = me?.name?.last?.trim();
  return first && last ? `${first} ${last}` : '';
}

let pending: Promise<RecruiterMe> | null = null;

/** GET /v2/recruiter/me once, then the cached one unless `refresh` forces a new fetch. */
export function loadRecruiterMe(api: ApiClient, storage: KeyValueStorage | null, { refresh = false } = {}): Promise<RecruiterMe> {
  const held = $recruiterMe.get().resource;
  if (held && !refresh) return Promise.resolve(held);
  if (pending && !refresh) return pending;
  const request = fetchRecruiterMe(api).then((me) => {
    const state = $recruiterMe.get();
    $recruiterMe.set({ ...state, resource: me, version: state.version + 1 });
    $recruiter.set(me);
    writeJson(storage, RECRUITER_ME_STORAGE_KEY, storableRecruiter(me));
    return me;
  });
  pending = request;
  return request.finally(() => {
    if (pending === request) pending = null;
  });
}

/** The remembered subset (shown at once on the next visit, before the fetch answers). */
export function storedRecruiterMe(storage: KeyValueStorage | null): RecruiterMe | null {
  const value = readJson<RecruiterMe>(storage, RECRUITER_ME_STORAGE_KEY);
  return value && typeof value === 'object' && typeof value._id === 'string' ? value : null;
}

export function resetRecruiterMe(storage: KeyValueStorage | null): void {
  pending = null;
  $recruiterMe.set({ resource: null, version: 0, favourites: [] });
  $recruiter.set(null);
  removeKey(storage, RECRUITER_ME_STORAGE_KEY);
}
