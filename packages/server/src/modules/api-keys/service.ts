import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreate, type ApiKeyScopes, type CreatedApiKey, ERROR_KEYS } from '@rec/core';
import { newId } from '../../db/ids';
import type { AccountRow } from '../../db/schema';
import { type AuthContext, tenantOf } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { AUDIT_ACTIONS, type AuditLog } from '../audit/audit-log';
import { type Clock, MINUTE, tokenHash } from '../auth/tokens';
import type { ApiKeyRepository } from './repository';

const DAY = 24 * 60 * MINUTE;
/** `rec_live_` and 43 base64url characters (32 random bytes). */
const TOKEN_PATTERN = /^rec_live_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per key: a busy key costs no write per call. */
export const LAST_USED_EVERY_MS = MINUTE;

/** A presented key that is live: its company, its creator's account, its scopes. */
export interface LiveApiKey {
  id: string;
  name: string;
  companyId: string;
  scopes: ApiKeyScopes;
  account: AccountRow;
}

type ListedRow = Awaited<ReturnType<ApiKeyRepository['list']>>[number];

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function resourceOf(row: ListedRow): ApiKey {
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    _id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    createdBy: row.first_name !== null || row.last_name !== null ? { _id: row.created_by, fullName } : null,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
  };
}

/**
 * Company API keys (issue 30). A token is `rec_live_` + 32 random bytes; only its SHA-256 is kept,
 * so it is shown once, at creation. Creating and revoking are audited; so is every call made with
 * a key (bearer.ts).
 */
export function createApiKeyService(deps: { repository: ApiKeyRepository; audit: AuditLog; now: Clock }) {
  const { repository, audit, now } = deps;
  return {
    async list(auth: AuthContext): Promise<ApiKey[]> {
      return (await repository.list(tenantOf(auth))).map(resourceOf);
    },

    async create(auth: AuthContext, input: ApiKeyCreate): Promise<CreatedApiKey> {
      const companyId = tenantOf(auth);
      const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = newId();
      const scopes: ApiKeyScopes = Object.fromEntries(Object.entries(input.scopes).filter(([, level]) => level !== undefined));
      const expiresAt = input.expiresInDays ? new Date(now().getTime() + input.expiresInDays * DAY) : null;
      await repository.insert({ id, companyId, createdBy: auth.account.id, name: input.name, scopes, tokenHash: tokenHash(token), hint: token.slice(0, API_KEY_PREFIX.length + 4), expiresAt });
      await audit.record({ companyId, actorId: auth.account.id, action: AUDIT_ACTIONS.apiKeyCreate, openingId: null, details: { keyId: id, keyName: input.name, scopes } });
      const row = await repository.find(companyId, id);
      if (!row) throw new HttpError(404, ERROR_KEYS.apiKeyNotFound);
      return { key: resourceOf(row), token };
    },

    async revoke(auth: AuthContext, id: string): Promise<void> {
      const companyId = tenantOf(auth);
      const row = await repository.find(companyId, id);
      if (!row) throw new HttpError(404, ERROR_KEYS.apiKeyNotFound);
      // Revoking twice is harmless and records nothing new.
      if (!(await repository.revoke(companyId, id, now()))) return;
      await audit.record({ companyId, actorId: auth.account.id, action: AUDIT_ACTIONS.apiKeyRevoke, openingId: null, details: { keyId: id, keyName: row.name } });
    },

    /**
     * The live key of a presented token, or undefined (malformed, unknown, revoked, expired, its
     * creator no longer a recruiter of the company, the company suspended).
     */
    async resolve(token: string): Promise<LiveApiKey | undefined> {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const row = await repository.findByHash(tokenHash(token));
      if (!row) return undefined;
      const time = now();
      const { key_id, key_company_id, key_name, key_scopes, key_expires_at, key_revoked_at, key_last_used_at, company_suspended_at, ...account } = row;
      if (key_revoked_at !== null || company_suspended_at !== null) return undefined;
      if (key_expires_at !== null && new Date(key_expires_at) <= time) return undefined;
      if (account.type !== 'recruiter' || account.company_id !== key_company_id || account.company_role === null) return undefined;
      if (key_last_used_at === null || time.getTime() - new Date(key_last_used_at).getTime() >= LAST_USED_EVERY_MS) await repository.touch(key_id, time);
      return { id: key_id, name: key_name, companyId: key_company_id, scopes: key_scopes, account };
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
