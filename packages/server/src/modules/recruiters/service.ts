import type { DomainEvents } from '../domain-events/domain-events';
import {
  COMPANY_ROLE_PERMISSIONS,
  DEFAULT_LOCALE,
  ERROR_KEYS,
  fullName,
  type PermissionsResponse,
  type RecruiterResource,
  type RecruiterSettings,
  type RecruiterSettingsPatch,
  toLocale,
} from '@rec/core';
import type { AccountSettings } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { Clock } from '../auth/tokens';
import type { PendingActionsOf } from './pending-actions';
import type { RecruiterRepository, RecruiterRow } from './repository';

export type RecruiterService = ReturnType<typeof createRecruiterService>;

function settingsOf(settings: AccountSettings, own: boolean): RecruiterSettings {
  return {
    language: toLocale(settings.language) ?? DEFAULT_LOCALE,
    profilePictureUrl: typeof settings.profilePictureUrl === 'string' ? settings.profilePictureUrl : null,
    profilePicture: inlinePicture(settings.profilePicture),
    // Notification switches are private: only the recruiter's own resource carries them.
    ...(own ? { notifications: settings.notifications ?? {} } : {}),
  };
}

/** The stored inline picture (spec §3: type and base64), or null. */
function inlinePicture(value: unknown): { type: string; base64: string } | null {
  const picture = value as { type?: unknown; base64?: unknown } | null | undefined;
  return typeof picture?.type === 'string' && typeof picture.base64 === 'string' ? { type: picture.type, base64: picture.base64 } : null;
}

/** The recruiter resource of spec §3; `own` adds the private parts (notifications, pending actions). */
export function recruiterResource(row: RecruiterRow, own: boolean): RecruiterResource {
  return {
    _id: row.id,
    name: { first: row.first_name, last: row.last_name },
    fullName: fullName(row.first_name, row.last_name),
    email: row.email,
    ...(row.company_role ? { role: row.company_role } : {}),
    settings: settingsOf(row.settings, own),
    ...(own ? { pendingActions: [] } : {}),
  };
}

/** Recruiters of the session's company; the tenant always comes from `auth`, never from the request. */
export function createRecruiterService(deps: { repository: RecruiterRepository; now: Clock; pendingActions?: PendingActionsOf; events?: DomainEvents }) {
  const { repository, now, pendingActions, events } = deps;

  function tenantOf(auth: AuthContext): string {
    if (!auth.tenantId) throw new HttpError(403, ERROR_KEYS.forbidden);
    return auth.tenantId;
  }

  return {
    async me(auth: AuthContext): Promise<RecruiterResource> {
      const row = await repository.find(tenantOf(auth), auth.account.id);
      if (!row) throw new HttpError(404, ERROR_KEYS.recruiterNotFound);
      const resource = recruiterResource(row, true);
      if (pendingActions) resource.pendingActions = await pendingActions({ accountId: row.id, email: row.email, companyId: row.company_id ?? '' });
      return resource;
    },

    permissions(auth: AuthContext): PermissionsResponse {
      const role = auth.companyRole ?? 'viewer';
      return { role, permissions: [...COMPANY_ROLE_PERMISSIONS[role]] };
    },

    async updateSettings(auth: AuthContext, patch: RecruiterSettingsPatch): Promise<RecruiterSettings> {
      const tenantId = tenantOf(auth);
      const row = await repository.find(tenantId, auth.account.id);
      if (!row) throw new HttpError(404, ERROR_KEYS.recruiterNotFound);
      const next: AccountSettings = { ...row.settings };
      if (patch.language !== undefined) next.language = patch.language;
      if (patch.profilePictureUrl !== undefined) next.profilePictureUrl = patch.profilePictureUrl;
      if (patch.notifications !== undefined) next.notifications = { ...(row.settings.notifications ?? {}), ...patch.notifications };
      const saved = await repository.updateSettings(tenantId, auth.account.id, next, now());
      if (!saved) throw new HttpError(404, ERROR_KEYS.recruiterNotFound);
      events?.emit({ type: 'RECRUITER_CHANGED', companyId: tenantId, accountId: auth.account.id });
      return settingsOf(saved, true);
    },

    async list(auth: AuthContext): Promise<RecruiterResource[]> {
      const rows = await repository.list(tenantOf(auth));
      return rows.map((row) => recruiterResource(row, row.id === auth.account.id));
    },

    async get(auth: AuthContext, id: string): Promise<RecruiterResource> {
      const row = await repository.find(tenantOf(auth), id);
      // Another company's recruiter is as absent as a made-up id.
      if (!row) throw new HttpError(404, ERROR_KEYS.recruiterNotFound);
      return recruiterResource(row, row.id === auth.account.id);
    },
  };
}
