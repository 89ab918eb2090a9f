import { atom } from 'nanostores';
import { type KeyValueStorage, readJson, writeJson } from './storage';

/** How a remembered account signs in. */
export type RealmProfileType = 'password' | 'magic-link';

/** A "continue as" choice of the login page, remembered in local browser storage (spec §2). */
export interface RealmProfile {
  email: string;
  name: string;
  type: RealmProfileType;
  /** Where the sign-in led (the `redirectTo` of the server). */
  callbackUrl: string;
  /** A company logo URL, when known. */
  logo: string | null;
}

export const REALM_PROFILES_STORAGE_KEY = 'rec.realmProfiles';
/** Enough for a shared computer; the oldest choice drops out first. */
export const MAX_REALM_PROFILES = 5;

export const $realmProfiles = atom<RealmProfile[]>([]);

function isProfile(value: unknown): value is RealmProfile {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return typeof p.email === 'string' && p.email.includes('@') && (p.type === 'password' || p.type === 'magic-link') && typeof p.name === 'string';
}

/** The remembered profiles, newest first; anything malformed is dropped. */
export function readRealmProfiles(storage: KeyValueStorage | null): RealmProfile[] {
  const stored = readJson<unknown>(storage, REALM_PROFILES_STORAGE_KEY);
  const profiles = Array.isArray(stored)
    ? stored.filter(isProfile).map((p) => ({ ...p, callbackUrl: typeof p.callbackUrl === 'string' ? p.callbackUrl : '', logo: typeof p.logo === 'string' ? p.logo : null }))
    : [];
  $realmProfiles.set(profiles);
  return profiles;
}

const sameAccount = (a: RealmProfile, b: Pick<RealmProfile, 'email' | 'type'>) => a.email.toLowerCase() === b.email.toLowerCase() && a.type === b.type;

/** Remembers a profile after a successful sign-in (replacing the same email and type). */
export function saveRealmProfile(storage: KeyValueStorage | null, profile: RealmProfile): RealmProfile[] {
  const others = readRealmProfiles(storage).filter((p) => !sameAccount(p, profile));
  const next = [profile, ...others].slice(0, MAX_REALM_PROFILES);
  writeJson(storage, REALM_PROFILES_STORAGE_KEY, next);
  $realmProfiles.set(next);
  return next;
}

export function removeRealmProfile(storage: KeyValueStorage | null, profile: Pick<RealmProfile, 'email' | 'type'>): RealmProfile[] {
  const next = readRealmProfiles(storage).filter((p) => !sameAccount(p, profile));
  writeJson(storage, REALM_PROFILES_STORAGE_KEY, next);
  $realmProfiles.set(next);
  return next;
}
