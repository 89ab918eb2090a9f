import { type ApiClient, fetchRecruiterPermissions, type PermissionsResponse } from '@rec/api-client';
import { hasPermission, type PermissionMode } from '@rec/core';
import { atom } from 'nanostores';
import { type KeyValueStorage, readJson, removeKey, writeJson } from './storage';

/** Spec §6: the role is kept in local browser storage, the permission set only in the client. */
export const ROLE_STORAGE_KEY = 'rec.role';

export const $permissions = atom<PermissionsResponse | null>(null);

/** Whether the signed-in recruiter holds `required` (false until permissions are loaded). */
export function can(required?: string | readonly string[] | null, mode: PermissionMode = 'every'): boolean {
  if (required === undefined || required === null) return true;
  const state = $permissions.get();
  // The matching rule is core's (spec §6), shared with the server's pre-handlers.
  return !!state && hasPermission(state.permissions, required, mode);
}

export async function loadPermissions(api: ApiClient, storage: KeyValueStorage | null): Promise<PermissionsResponse> {
  const response = await fetchRecruiterPermissions(api);
  const value = { role: response.role, permissions: Array.isArray(response.permissions) ? response.permissions : [] };
  $permissions.set(value);
  writeJson(storage, ROLE_STORAGE_KEY, value.role);
  return value;
}

export function storedRole(storage: KeyValueStorage | null): string | null {
  const role = readJson<unknown>(storage, ROLE_STORAGE_KEY);
  return typeof role === 'string' ? role : null;
}

export function resetPermissions(storage: KeyValueStorage | null): void {
  $permissions.set(null);
  removeKey(storage, ROLE_STORAGE_KEY);
}
